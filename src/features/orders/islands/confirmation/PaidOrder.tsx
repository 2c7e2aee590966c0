import { useId, type ReactNode } from 'react';
import { majorLabel } from '#lib/contact';
import { gradeLabel } from '#lib/grades';
import { editRules } from '#features/projects/project';
import { itemise } from '#lib/itemise';
import { formatUsd, formatUsdCents } from '#lib/money';
import { editorNoticeText, lineLabel, nextSteps, type Order } from '../../order';
import { CANCELLATION_SUMMARY, paymentStateOf, refundedCents } from '#lib/refunds';
import { HELP_PROMISE } from '#features/projects/process';
import { Receipts } from '../Receipts';
import { RefundList } from '../RefundList';
import { breakableEmail } from '../../../../islands/shared/breakable-email';
import { SummaryRow } from '../../../../islands/shared/SummaryRow';

/** What the order's page says first, as the order is now: paid, partly refunded or refunded in full. */
function headline(order: Order) {
  const paid = formatUsd(order.totalCents);
  switch (paymentStateOf(order)) {
    case 'refunded':
      return { title: 'Order refunded', text: `We refunded the ${paid} you paid for this order in full.` };
    case 'partially_refunded':
      return {
        title: 'Payment Successful!',
        text: `We received your payment of ${paid}; ${formatUsdCents(refundedCents(order))} of it was refunded.`,
      };
    default:
      return {
        title: 'Payment Successful!',
        text: `Thank you, ${order.student.parentName}! We received your payment of ${paid}.`,
      };
  }
}

/** The view of a paid order on /order-confirmation: what was bought and charged, its refunds, and what comes next. */
export function PaidOrder({ order }: { order: Order }) {
  const { student } = order;
  const { title, text } = headline(order);
  const refunded = paymentStateOf(order) === 'refunded';
  // What was charged, item by item, as the checkout showed it and the e-mail lists it.
  const { items, total } = itemise(order, 'then');
  return (
    <div className="space-y-8">
      <header className="space-y-3 text-center">
        <svg
          aria-hidden="true"
          width="56"
          height="56"
          viewBox="0 0 24 24"
          className={`mx-auto ${refunded ? 'text-slate-500' : 'text-green-700'}`}
        >
          <circle cx="12" cy="12" r="11" fill="currentColor" />
          <path d="M7 12.5l3.2 3.2L17 9" fill="none" stroke="#fff" strokeWidth="2.2" strokeLinecap="round" />
        </svg>
        <h1 className="font-serif text-3xl font-bold text-navy-900 sm:text-4xl">{title}</h1>
        <p className="text-lg text-slate-700">{text}</p>
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
          <Item label="Email" value={breakableEmail(student.studentEmail)} />
          {student.intendedMajor && <Item label="Intended major" value={majorLabel(student.intendedMajor)} />}
        </Block>
        <Block title="Payment Details">
          <dl className="space-y-2 text-sm" aria-label="What you paid for">
            {items.map((item) => (
              <SummaryRow key={item.key} label={item.label} value={item.amount} hint={item.detail} />
            ))}
            <div className="flex justify-between gap-4 border-t border-slate-200 pt-2 text-sm">
              <dt className="font-semibold text-navy-900">Total paid</dt>
              <dd className="font-bold text-navy-900" data-testid="total-paid">
                {total}
              </dd>
            </div>
          </dl>
          {(order.refunds ?? []).length > 0 && (
            <div className="mt-3 border-t border-slate-200 pt-3">
              <RefundList order={order} />
            </div>
          )}
          <div className="mt-3 border-t border-slate-200 pt-3">
            <Receipts order={order} />
          </div>
        </Block>
        <Block title="Confirmation Emails">
          <ul className="space-y-1 text-sm text-slate-800">
            <li>Parent: {breakableEmail(student.parentEmail)}</li>
            <li>Student: {breakableEmail(student.studentEmail)}</li>
            <li>Editor: {editorNoticeText(order)}</li>
          </ul>
        </Block>
      </div>

      {!refunded && (
        <section aria-labelledby="next-heading" className="rounded-xl bg-navy-50 p-5 sm:p-6">
          <h2 id="next-heading" className="font-serif text-xl font-bold text-navy-900">
            What Happens Next?
          </h2>
          <ol className="mt-3 list-decimal space-y-2 pl-5 text-slate-800">
            {nextSteps(editRules(order.serviceLines)).map((step) => (
              <li key={step}>{step}</li>
            ))}
          </ol>
          <p className="mt-3 text-sm text-slate-700">{CANCELLATION_SUMMARY}</p>
          <p className="mt-2 text-sm text-slate-700">{HELP_PROMISE}</p>
        </section>
      )}

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
  const id = useId();
  return (
    <section aria-labelledby={id} className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
      <h2 id={id} className="mb-3 font-serif text-lg font-bold text-navy-900">
        {title}
      </h2>
      {children}
    </section>
  );
}

function Item({ label, value }: { label: string; value: ReactNode }) {
  return (
    <p className="flex justify-between gap-4 py-0.5 text-sm">
      <span className="shrink-0 text-slate-700">{label}</span>
      <span className="min-w-0 text-right font-medium text-slate-900">{value}</span>
    </p>
  );
}
