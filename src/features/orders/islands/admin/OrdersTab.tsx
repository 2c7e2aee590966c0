import { searchMessages } from '#features/admin/search';
import { lazy, Suspense, useCallback, useRef, useState, type ReactNode } from 'react';
import { speedUpgradeOf } from '#lib/catalogue';
import { gradeLabel } from '#lib/grades';
import { majorLabel } from '#lib/contact';
import { formatUsd, formatUsdCents } from '#lib/money';
import {
  currentEditors,
  lineLabel,
  orderListState,
  orderStateLabel,
  reassignedProjects,
  type Order,
  type OrderListState,
} from '../../order';
import { refundedCents, remainingCents, type Refund } from '#lib/refunds';
import { ordersPage } from '../../../../islands/shared/admin/admin-api';
import { isFiltered, orderFilterFromSearch, type OrderFilter } from '../../../../islands/shared/admin/order-filters';
import { useEditorChoices } from '../../../../islands/shared/admin/useEditorChoices';
import { OrderFilters } from './OrderFilters';
import { Fact, Time } from '../../../../islands/shared/admin/Facts';
import { ExtraPaymentList, RefundList } from './OrderRefunds';
import { AttentionList } from './Attention';
import { PagedSection } from '../../../../islands/shared/admin/PagedSection';
import { refundAttempt } from './refund-form';
import { RefundForm } from './RefundForm';
import { showToast, toastFetchFailed } from '../../../../islands/shared/admin/toasts';
import { usePagedList } from '../../../../islands/shared/admin/usePagedList';

// Loaded when an order's details are opened: the admin's first paint carries none of it.
const Receipts = lazy(() => import('../Receipts').then((module) => ({ default: module.Receipts })));

/** What ties an order to the payment provider: the payment intent once paid, else the checkout session. */
const paymentReference = (order: Order) => order.payment.paymentIntent ?? order.payment.sessionId ?? '';

const STATUS_STYLES: Record<OrderListState, string> = {
  paid: 'bg-green-100 text-green-900',
  partially_refunded: 'bg-beacon-300 text-navy-900',
  refunded: 'bg-slate-200 text-slate-800',
  pending: 'bg-beacon-300 text-navy-900',
  declined: 'bg-red-100 text-red-900',
  failed: 'bg-red-100 text-red-900',
  expired: 'bg-slate-200 text-slate-800',
  cancelled: 'bg-slate-200 text-slate-800',
};

/** The add-ons an order charged for, by title. */
const boughtAddOns = (order: Order) => order.addOnLines.filter((line) => !line.owned).map((line) => line.title);

/** The badge of an order: its status, or for a paid one how much of it was refunded. */
const stateStyle = (order: Order) => STATUS_STYLES[orderListState(order)];

/** What a refund did, as its toast says it. */
function refundToast(order: Order, refund: Refund) {
  const amount = formatUsdCents(refund.amountCents);
  if (refund.state === 'failed')
    return showToast(
      'error',
      `The refund of ${amount} of order ${order.id} failed: ${refund.failure ?? 'no reason given'}`,
    );
  if (refund.state === 'pending')
    return showToast(
      'success',
      `Refund of ${amount} of order ${order.id} requested: pending with the payment provider`,
    );
  showToast('success', `Refunded ${amount} of order ${order.id}`);
}

function Group({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section>
      <h4 className="mb-2 text-sm font-bold text-navy-900">{title}</h4>
      <dl className="grid grid-cols-2 gap-3">{children}</dl>
    </section>
  );
}

/** Everything an order holds, for the admin who opened it. */
function OrderDetails({ order }: { order: Order }) {
  const { student, billing, payment } = order;
  const reassigned = reassignedProjects(order);
  return (
    <div className="mt-4 grid gap-5 border-t border-slate-200 pt-4 md:grid-cols-2">
      <Group title="Services">
        {order.serviceLines.map((line) => (
          <Fact key={line.id} term={lineLabel(line)}>
            {formatUsd(line.totalCents)}
            {line.quantity > 1 && ` (${formatUsd(line.unitCents)} each)`}
          </Fact>
        ))}
        {order.addOnLines.map((line) => (
          <Fact key={line.id} term={line.title}>
            {line.owned ? 'Included (owned)' : formatUsd(line.chargedCents)}
          </Fact>
        ))}
        {/* A speed upgrade on the order is its line above, with what it cost: not said twice. */}
        {!order.addOnLines.some((line) => line.id === speedUpgradeOf(order.turnaround.id)) && (
          <Fact term="Turnaround">{order.turnaround.label}</Fact>
        )}
        <Fact term="Total">{formatUsd(order.totalCents)}</Fact>
        {order.editor.full && <Fact term="Editor full">Services at 1.5x: the editor had no open slot</Fact>}
      </Group>
      <Group title="Editor">
        <Fact term={reassigned.length > 0 ? 'Bought with' : 'Name'}>{order.editor.name}</Fact>
        <Fact term="College">{order.editor.college}</Fact>
        <Fact term="Major">{order.editor.major}</Fact>
        {reassigned.length > 0 && (
          <Fact term="Reassigned" wide>
            <ul>
              {reassigned.map((p) => (
                <li key={p.projectId}>
                  {p.service} ({p.projectId}): {p.editor.name}
                </li>
              ))}
            </ul>
          </Fact>
        )}
      </Group>
      <Group title="Student and parent">
        <Fact term="Student">{student.studentName}</Fact>
        <Fact term="Grade">{gradeLabel(student.studentGrade)}</Fact>
        <Fact term="Student email">{student.studentEmail}</Fact>
        <Fact term="Intended major">{student.intendedMajor && majorLabel(student.intendedMajor)}</Fact>
        <Fact term="Parent">{student.parentName}</Fact>
        <Fact term="Parent email">{student.parentEmail}</Fact>
      </Group>
      <Group title="Billing">
        <Fact term="Address" wide>
          {`${billing.street}, ${billing.city}, ${billing.state} ${billing.zip}, ${billing.country}`}
        </Fact>
        <Fact term="Phone">{billing.phone}</Fact>
        <Fact term="Account">{order.customer.email}</Fact>
        <Fact term="Terms agreed">{order.termsAgreedAt && <Time iso={order.termsAgreedAt} />}</Fact>
      </Group>
      <Group title="Payment">
        <Fact term="Mode">{payment.mode === 'test' ? 'Test checkout' : 'Stripe'}</Fact>
        <Fact term="Paid">{payment.paidAt && <Time iso={payment.paidAt} />}</Fact>
        <Fact term="Checkout session" wide>
          {payment.sessionId}
        </Fact>
        <Fact term="Payment intent" wide>
          {payment.paymentIntent}
        </Fact>
      </Group>
      <Suspense fallback={<p role="status">Loading receipts...</p>}>
        <Receipts order={order} />
      </Suspense>
    </div>
  );
}

interface CardProps {
  order: Order;
  /** The order changed (a refund): shown in place without reloading the list. */
  onChanged: (order: Order) => void;
}

function OrderCard({ order, onChanged }: CardProps) {
  const [open, setOpen] = useState(false);
  const [refunding, setRefunding] = useState(false);
  // Kept across the form closing and opening again: a retry after a failure is the same refund.
  const [attempt] = useState(refundAttempt);
  const heading = useRef<HTMLHeadingElement>(null);
  const detailsId = `order-details-${order.id}`;
  const refundButtonId = `refund-${order.id}`;
  const paid = order.status === 'paid';
  const remaining = remainingCents(order);
  const editors = currentEditors(order);

  function closeForm() {
    setRefunding(false);
    requestAnimationFrame(() => document.getElementById(refundButtonId)?.focus());
  }

  function refunded(next: Order, refund: Refund) {
    onChanged(next);
    refundToast(next, refund);
    setRefunding(false);
    // The Refund button may be gone (nothing remains): the order's heading keeps the focus in the card.
    requestAnimationFrame(() => heading.current?.focus());
  }

  return (
    <article
      aria-labelledby={`order-${order.id}`}
      className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5"
    >
      <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <h3 id={`order-${order.id}`} ref={heading} tabIndex={-1} className="font-mono text-lg font-bold text-navy-900">
          {order.id}
        </h3>
        <span className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ${stateStyle(order)}`}>
          {orderStateLabel(order)}
        </span>
      </div>
      <p className="text-sm text-slate-700">
        Placed <Time iso={order.createdAt} /> · {order.serviceLines.map(lineLabel).join(', ')}
        {/* The add-ons this order paid for; one owned from an earlier order is in the details only. */}
        {boughtAddOns(order).length > 0 && ` + ${boughtAddOns(order).join(', ')}`}
      </p>
      {/* Two columns on a phone, and the payment reference (also under the details) only on wider screens. */}
      <dl className="mt-3 grid grid-cols-2 gap-3 lg:grid-cols-4">
        <Fact term="Customer">{order.customer.email}</Fact>
        <Fact term={editors.label}>{editors.names}</Fact>
        {!paid && <Fact term="Total">{formatUsd(order.totalCents)}</Fact>}
        <Fact term="Payment reference" className="hidden sm:block">
          {paymentReference(order)}
        </Fact>
      </dl>
      {paid && (
        <div role="group" aria-label={`Payment of ${order.id}`}>
          <dl className="mt-3 grid grid-cols-3 gap-3 lg:grid-cols-4">
            <Fact term="Total paid">{formatUsdCents(order.totalCents)}</Fact>
            <Fact term="Refunded">{formatUsdCents(refundedCents(order))}</Fact>
            <Fact term="Remaining">{formatUsdCents(remaining)}</Fact>
          </dl>
        </div>
      )}
      <RefundList order={order} />
      <ExtraPaymentList order={order} />
      <div className="mt-3 flex flex-wrap gap-2">
        <button
          type="button"
          className="btn-outline min-h-10 px-4 py-1.5 text-sm"
          aria-expanded={open}
          aria-controls={detailsId}
          onClick={() => setOpen(!open)}
        >
          {open ? 'Hide details' : 'View details'}
          <span className="sr-only"> of {order.id}</span>
        </button>
        {paid && remaining > 0 && (
          <button
            id={refundButtonId}
            type="button"
            className="btn-outline min-h-10 px-4 py-1.5 text-sm"
            aria-expanded={refunding}
            onClick={() => (refunding ? closeForm() : setRefunding(true))}
          >
            Refund<span className="sr-only"> order {order.id}</span>
          </button>
        )}
      </div>
      {refunding && paid && (
        <RefundForm
          order={order}
          attempt={attempt}
          onRefunded={refunded}
          onOrderChanged={onChanged}
          onFailed={(message, answered) =>
            showToast(
              'error',
              answered
                ? `Failed to refund order ${order.id}: ${message}`
                : `No answer about the refund of order ${order.id}`,
            )
          }
          onCancel={closeForm}
        />
      )}
      <div id={detailsId} hidden={!open}>
        {open && <OrderDetails order={order} />}
      </div>
    </article>
  );
}

/**
 * Every order, newest first, filtered by the server on state, editor, 'needs you' and the days it was
 * paid on: state, customer, editor, amounts, refunds, payment reference; open one for the rest, or
 * refund it.
 */
export function OrdersTab() {
  // Opened from Today: filtered as its link says.
  const [filter, setFilter] = useState<OrderFilter>(() => orderFilterFromSearch(location.search));
  // A new loader for each filter: the list starts again from its first page.
  const loadPage = useCallback((cursor: string | null) => ordersPage(cursor, filter), [filter]);
  const list = usePagedList(loadPage, toastFetchFailed);
  const { editors } = useEditorChoices();
  return (
    <PagedSection
      id="orders"
      title="Orders"
      list={list}
      texts={{
        loading: 'Loading orders...',
        failed: 'The orders could not be loaded.',
        empty: isFiltered(filter) ? 'No orders match these filters.' : 'No orders yet.',
      }}
      intro={
        <>
          <AttentionList />
          <OrderFilters value={filter} editors={editors ?? []} onChange={setFilter} />
          {list.status === 'ready' && list.more && (
            <p role="status" className="text-sm text-slate-700">
              {searchMessages.narrow}
            </p>
          )}
        </>
      }
    >
      <ul aria-label="Orders" className="space-y-4">
        {list.items.map((order) => (
          <li key={order.id}>
            <OrderCard order={order} onChanged={(next) => list.replaceItem((item) => item.id === next.id, next)} />
          </li>
        ))}
      </ul>
    </PagedSection>
  );
}
