import type { ChangeEvent, ReactNode } from 'react';
import { GRADES, MAJORS, gradeLabel, majorValue } from '../../lib/catalogue';

/** The fields of the checkout form: student and parent (the confirmation needs them), then billing. */
export interface CheckoutFields {
  studentName: string;
  studentGrade: string;
  studentEmail: string;
  parentName: string;
  parentEmail: string;
  intendedMajor: string;
  street: string;
  city: string;
  state: string;
  zip: string;
  country: string;
  phone: string;
}

export const EMPTY_FIELDS: CheckoutFields = {
  studentName: '',
  studentGrade: '',
  studentEmail: '',
  parentName: '',
  parentEmail: '',
  intendedMajor: '',
  street: '',
  city: '',
  state: '',
  zip: '',
  country: 'United States',
  phone: '',
};

type Errors = Partial<Record<keyof CheckoutFields, string>>;

interface Props {
  fields: CheckoutFields;
  errors: Errors;
  onChange: (name: keyof CheckoutFields, value: string) => void;
}

export function StudentFields({ fields, errors, onChange }: Props) {
  const bind = binder(fields, errors, onChange);
  return (
    <Section title="Student & Parent">
      <Input label="Student Name" {...bind('studentName')} autoComplete="off" />
      <Select label="Current Grade" {...bind('studentGrade')}>
        <option value="">Choose a grade</option>
        {GRADES.map((g) => (
          <option key={g} value={g}>
            {gradeLabel(g)}
          </option>
        ))}
      </Select>
      <Input label="Student Email" type="email" {...bind('studentEmail')} autoComplete="off" />
      <Input label="Parent/Guardian Name" {...bind('parentName')} autoComplete="name" />
      <Input label="Parent/Guardian Email" type="email" {...bind('parentEmail')} autoComplete="email" />
      <Select label="Intended Major (optional)" {...bind('intendedMajor')} required={false}>
        <option value="">Not sure yet</option>
        {MAJORS.map((m) => (
          <option key={m} value={majorValue(m)}>
            {m}
          </option>
        ))}
      </Select>
    </Section>
  );
}

export function BillingFields({ fields, errors, onChange }: Props) {
  const bind = binder(fields, errors, onChange);
  return (
    <Section title="Billing Details">
      <Input label="Street Address" {...bind('street')} autoComplete="street-address" className="sm:col-span-2" />
      <Input label="City" {...bind('city')} autoComplete="address-level2" />
      <Input label="State" {...bind('state')} autoComplete="address-level1" />
      <Input label="ZIP Code" {...bind('zip')} autoComplete="postal-code" inputMode="numeric" />
      <Input label="Country" {...bind('country')} autoComplete="country-name" required={false} />
      <Input label="Phone Number" type="tel" {...bind('phone')} autoComplete="tel" />
    </Section>
  );
}

function binder(fields: CheckoutFields, errors: Errors, onChange: Props['onChange']) {
  return (name: keyof CheckoutFields) => ({
    name,
    value: fields[name],
    error: errors[name],
    onChange: (e: ChangeEvent<HTMLInputElement | HTMLSelectElement>) => onChange(name, e.target.value),
  });
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <fieldset className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6">
      <legend className="px-1 font-serif text-xl font-bold text-navy-900">{title}</legend>
      <div className="mt-2 grid gap-4 sm:grid-cols-2">{children}</div>
    </fieldset>
  );
}

interface FieldProps {
  label: string;
  name: string;
  value: string;
  error?: string;
  required?: boolean;
  className?: string;
  onChange: (e: ChangeEvent<HTMLInputElement | HTMLSelectElement>) => void;
}

/** Label, control and error message, tied together for screen readers. */
function Field({ label, name, error, required = true, className = '', control }: FieldProps & { control: (props: object) => ReactNode }) {
  const id = `checkout-${name}`;
  const controlProps = { id, name, required, 'aria-invalid': error ? true : undefined, 'aria-describedby': error ? `${id}-error` : undefined, className: 'input' };
  return (
    <div className={`space-y-1 ${className}`}>
      <label htmlFor={id} className="block text-sm font-semibold text-slate-800">
        {label}
        {required && <span aria-hidden="true"> *</span>}
      </label>
      {control(controlProps)}
      {error && (
        <p id={`${id}-error`} className="text-sm text-red-800">
          {error}
        </p>
      )}
    </div>
  );
}

function Input({ type, autoComplete, inputMode, value, onChange, ...field }: FieldProps & { type?: string; autoComplete?: string; inputMode?: 'numeric' }) {
  return <Field {...field} value={value} onChange={onChange} control={(p) => <input {...p} {...{ type, autoComplete, inputMode, value, onChange }} />} />;
}

function Select({ children, value, onChange, ...field }: FieldProps & { children: ReactNode }) {
  return (
    <Field
      {...field}
      value={value}
      onChange={onChange}
      control={(p) => (
        <select {...p} value={value} onChange={onChange}>
          {children}
        </select>
      )}
    />
  );
}
