import type { ChangeEvent, FocusEvent, ReactNode } from 'react';
import { majorValue, majorsWithoutDetails } from '#lib/catalogue';
import { GRADES, gradeLabel } from '#lib/grades';
import { CHECKOUT_LIMITS, EMPTY_CHECKOUT_FIELDS, type CheckoutField, type CheckoutFields } from '../../checkout-form';

/** The fields of the checkout form: student and parent (the confirmation needs them), then billing. */
export type { CheckoutFields };
export const EMPTY_FIELDS = EMPTY_CHECKOUT_FIELDS;

type Errors = Partial<Record<CheckoutField, string>>;

interface Props {
  fields: CheckoutFields;
  errors: Errors;
  onChange: (name: CheckoutField, value: string) => void;
  /** A field the customer leaves, and where the focus goes: the page may check it then. */
  onLeave?: (name: CheckoutField, next: EventTarget | null) => void;
}

export function StudentFields({ fields, errors, onChange, onLeave }: Props) {
  const bind = binder(fields, errors, onChange, onLeave);
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
        {majorsWithoutDetails().map((m) => (
          <option key={m} value={majorValue(m)}>
            {m}
          </option>
        ))}
      </Select>
    </Section>
  );
}

export function BillingFields({ fields, errors, onChange, onLeave }: Props) {
  const bind = binder(fields, errors, onChange, onLeave);
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

function binder(fields: CheckoutFields, errors: Errors, onChange: Props['onChange'], onLeave: Props['onLeave']) {
  return (name: CheckoutField) => ({
    name,
    value: fields[name],
    error: errors[name],
    maxLength: CHECKOUT_LIMITS[name],
    onChange: (e: ChangeEvent<HTMLInputElement | HTMLSelectElement>) => onChange(name, e.target.value),
    onBlur: (e: FocusEvent<HTMLInputElement | HTMLSelectElement>) => onLeave?.(name, e.relatedTarget),
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
  maxLength?: number;
  onChange: (e: ChangeEvent<HTMLInputElement | HTMLSelectElement>) => void;
  onBlur?: (e: FocusEvent<HTMLInputElement | HTMLSelectElement>) => void;
}

/** Label, control and error message, tied together for screen readers. */
function Field({
  label,
  name,
  error,
  required = true,
  className = '',
  onBlur,
  control,
}: FieldProps & { control: (props: object) => ReactNode }) {
  const id = `checkout-${name}`;
  const controlProps = {
    id,
    name,
    required,
    onBlur,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': error ? `${id}-error` : undefined,
    className: 'input',
  };
  return (
    <div className={`space-y-1 ${className}`}>
      <label htmlFor={id} className="block text-sm font-semibold text-slate-800">
        {label}
        {required && <span aria-hidden="true"> *</span>}
      </label>
      {control(controlProps)}
      {error && (
        <p id={`${id}-error`} className="flex items-start gap-1 text-sm font-medium text-red-800">
          <svg aria-hidden="true" viewBox="0 0 20 20" className="mt-0.5 size-4 shrink-0" fill="currentColor">
            <path
              fillRule="evenodd"
              d="M10 18a8 8 0 100-16 8 8 0 000 16zm-.75-11.5a.75.75 0 011.5 0v4a.75.75 0 01-1.5 0v-4zM10 14.75a1 1 0 110-2 1 1 0 010 2z"
              clipRule="evenodd"
            />
          </svg>
          {error}
        </p>
      )}
    </div>
  );
}

function Input({
  type,
  autoComplete,
  inputMode,
  value,
  onChange,
  maxLength,
  ...field
}: FieldProps & { type?: string; autoComplete?: string; inputMode?: 'numeric' }) {
  return (
    <Field
      {...field}
      value={value}
      onChange={onChange}
      control={(p) => <input {...p} {...{ type, autoComplete, inputMode, value, onChange, maxLength }} />}
    />
  );
}

function Select({ children, value, onChange, maxLength: _maxLength, ...field }: FieldProps & { children: ReactNode }) {
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
