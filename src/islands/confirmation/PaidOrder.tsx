import type { ReactNode } from 'react';
import { gradeLabel, MAJORS, majorValue } from '../../lib/catalogue';
import { formatUsd } from '../../lib/money';
import { lineLabel, type Order } from '../../lib/order';

const NEXT_STEPS = [
  'Your editor reaches out within 24 hours by email to introduce themselves.',
  'You meet for an initial consultation call to talk through your goals and drafts.',
  'You collaborate on your drafts, with unlimited revisions within your services.',
  'You receive the final edits within your selected turnaround.',
];

const majorName = (value: string) => MAJORS.find((m) => majorValue(m) === value) ?? value;

/** The success view of /order-confirmation (SPEC §2). */
export function PaidOrder({ order }: { order: Order }) {
  const { student } = order;
  const basePriceCents = order.totalCents - order.turnaroundFeeCents;
  return (
    <div className="space-y-8">
      <header className="space-y-3 text-center">
        <svg aria-hidden="true" width="56" height="56" viewBox="0 0 24 24" className="mx-auto text-green-700">
          <circle cx="12" cy="12" r="11" fill="currentColor" />
          <path d="M7 12.5l3.2 3.2L17 9" fill="none" stroke="#fff" strokeWidth="2.2" strokeLinecap="round" />
        </svg>
        <h1 className="font-serif text-3xl font-bold text-navy-900 sm:text-4xl">Payment Successful!</h1>
        <p className="text-lg text-slate-700">
          Thank you, {student.parentName}! We received your payment of {formatUsd(order.totalCents)}.
        </p>
        <p className="text-slate-700">
          Order ID: <strong className="font-mono text-navy-900">{order.id}</strong>
        </p>
      </header>

      <div className="grid gap-6 md:grid-cols-2">
        <Block title="Service Booked">
          <Item label="Services" value={order.serviceLines.map(lineLabel).join(', ')} />
          <Item label="Editor" value={order.editor.name} />
          <Item label="College" value={order.editor.college} />
          <Item label="Major focus" value={order.editor.major} />
          <Item label="Turnaround" value={order.turnaround.label} />
        </Block>
        <Block title="Student Information">
          <Item label="Student" value={student.studentName} />
          <Item label="Grade" value={gradeLabel(student.studentGrade)} />
          <Item label="Email" value={student.studentEmail} />
          {student.intendedMajor && <Item label="Intended major" value={majorName(student.intendedMajor)} />}
        </Block>
        <Block title="Payment Details">
          <Item label="Base price" value={formatUsd(basePriceCents)} />
          {order.turnaroundFeeCents > 0 && <Item label="Turnaround fee" value={formatUsd(order.turnaroundFeeCents)} />}
          <Item label="Total paid" value={formatUsd(order.totalCents)} strong />
        </Block>
        <Block title="Confirmation Emails">
          <ul className="space-y-1 text-sm text-slate-800">
            <li>Parent: {student.parentEmail}</li>
            <li>Student: {student.studentEmail}</li>
            <li>Editor: {order.editor.name} has been notified</li>
          </ul>
        </Block>
      </div>

      <section aria-labelledby="next-heading" className="rounded-xl bg-navy-50 p-5 sm:p-6">
        <h2 id="next-heading" className="font-serif text-xl font-bold text-navy-900">
          What Happens Next?
        </h2>
        <ol className="mt-3 list-decimal space-y-2 pl-5 text-slate-800">
          {NEXT_STEPS.map((step) => (
            <li key={step}>{step}</li>
          ))}
        </ol>
      </section>

      <div className="flex flex-col gap-3 sm:flex-row sm:justify-center">
        <a href="/dashboard" className="btn-primary">
          View My Dashboard
        </a>
        <a href="/services" className="btn-outline">
          Book Another Service
        </a>
      </div>
    </div>
  );
}

function Block({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
      <h2 className="mb-3 font-serif text-lg font-bold text-navy-900">{title}</h2>
      {children}
    </section>
  );
}

function Item({ label, value, strong = false }: { label: string; value: string; strong?: boolean }) {
  return (
    <p className="flex justify-between gap-4 py-0.5 text-sm">
      <span className="text-slate-700">{label}</span>
      <span className={`text-right break-words ${strong ? 'font-bold text-navy-900' : 'font-medium text-slate-900'}`}>{value}</span>
    </p>
  );
}
