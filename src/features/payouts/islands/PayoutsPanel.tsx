import { formatDay } from '#lib/time';
import { useId, useState, type FormEvent } from 'react';
import { formatUsdCents } from '#lib/money';
import { PAYOUT_LIMITS, type PayoutsView } from '../payouts';
import { PAYOUTS_PATH, recordRun } from './payouts-api';
import { RatesForm } from './RatesForm';
import { TaxYear } from './TaxYear';
import { ConfirmPanel } from '../../../islands/shared/admin/ConfirmPanel';
import { showToast } from '../../../islands/shared/admin/toasts';
import { LoadFailed } from '../../../islands/shared/LoadFailed';
import { useSignedInFetch } from '../../../islands/shared/useSignedInFetch';
import { useIsOwner } from '../../../islands/shared/admin/useRole';
import { roleMessages } from '#lib/roles';

const COLUMNS = ['Editor', 'Pending', 'Payable now', 'Paid'] as const;
const editorsCount = (n: number) => `${n} ${n === 1 ? 'editor' : 'editors'}`;
/** One payout of a run as our team reads it: who, how much, and how it went. */
const payoutLine = (p: PayoutsView['runs'][number]['payouts'][number]) =>
  `${p.name} ${formatUsdCents(p.cents)}${p.failed ? ` (not paid: Stripe refused it, still payable: ${p.failed})` : p.via === 'stripe' ? ' (through Stripe)' : ''}`;

/**
 * Every editor's money, and recording a payout run: the run pays each editor with a bank account
 * connected through Stripe; our team pays the others outside the product (a bank transfer) and
 * records it here with its reference; each editor sees it paid.
 */
export default function PayoutsPanel() {
  const { value, reload } = useSignedInFetch<PayoutsView>(PAYOUTS_PATH);
  // What the server answered a run just recorded: newer than the first read.
  const [recorded, setRecorded] = useState<PayoutsView | null>(null);
  const [reference, setReference] = useState('');
  const [confirming, setConfirming] = useState(false);
  const owner = useIsOwner();
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState('');
  // One id per run the admin means to record: a retry after a lost answer is the same run.
  const [requestId, setRequestId] = useState<string | null>(null);
  const id = useId();

  if (value.state === 'signedOut') return null;
  if (value.state === 'loading') return <p role="status">Loading payouts...</p>;
  if (!value.result.ok) return <LoadFailed what="the payouts" onRetry={() => void reload()} />;
  const current = recorded ?? value.result.data;
  const { editors, runs } = current;
  const payable = editors.filter((e) => e.balances.payableCents > 0);
  const total = payable.reduce((sum, e) => sum + e.balances.payableCents, 0);
  const byHand = payable.filter((e) => !e.throughStripe);
  const throughStripe = payable.filter((e) => e.throughStripe);
  const listed = (list: typeof payable) =>
    list.map((e) => `${e.name} ${formatUsdCents(e.balances.payableCents)}`).join(', ');

  function ask(event: FormEvent) {
    event.preventDefault();
    if (!reference.trim()) return setProblem('Enter the reference of the transfer or batch you paid with.');
    setProblem('');
    setRequestId((known) => known ?? crypto.randomUUID());
    setConfirming(true);
  }

  async function confirm(event: FormEvent) {
    event.preventDefault();
    if (busy || !requestId) return;
    setBusy(true);
    const result = await recordRun(
      requestId,
      reference.trim(),
      byHand.map((e) => ({ editorId: e.editorId, cents: e.balances.payableCents })),
    );
    setBusy(false);
    if (!result.ok) return setProblem(result.error);
    setRecorded(result.data);
    setConfirming(false);
    setReference('');
    setRequestId(null);
    showToast('success', `Payout run recorded: ${formatUsdCents(total)} to ${editorsCount(payable.length)}.`);
  }

  return (
    <div className="space-y-6">
      <h2 className="font-serif text-2xl font-bold text-navy-900">Payouts</h2>
      {editors.length === 0 ? (
        <p className="text-slate-700">No editor has earned anything yet: earnings appear when projects end.</p>
      ) : (
        <div className="overflow-x-auto" role="region" aria-label="Every editor's balances" tabIndex={0}>
          <table className="w-full min-w-[32rem] text-left text-sm">
            <caption className="sr-only">Every editor&apos;s pending, payable and paid balances</caption>
            <thead>
              <tr className="border-b border-slate-300 text-slate-700">
                {COLUMNS.map((label, i) => (
                  <th key={label} scope="col" className={`py-2 pr-3 ${i > 0 ? 'text-right' : ''}`}>
                    {label}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {editors.map(({ editorId, name, balances }) => (
                <tr key={editorId} className="border-b border-slate-100">
                  <th scope="row" className="py-2 pr-3 font-semibold">
                    {name}
                  </th>
                  {[balances.pendingCents, balances.payableCents, balances.paidCents].map((cents, i) => (
                    <td key={COLUMNS[i + 1]} className="py-2 pr-3 text-right whitespace-nowrap">
                      {formatUsdCents(cents)}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}

      <section aria-labelledby={`${id}-run`} className="space-y-3">
        <h3 id={`${id}-run`} className="text-lg font-semibold text-navy-900">
          Record a payout run
        </h3>
        <p className="text-sm text-slate-700">
          {payable.length === 0
            ? 'Nothing is payable now. A negative balance (a refund after a payout) comes off the next earnings.'
            : `Payable now: ${formatUsdCents(total)} to ${editorsCount(payable.length)}.`}
        </p>
        {throughStripe.length > 0 && (
          <p className="text-sm text-slate-700">
            Paid through Stripe when you record the run: {listed(throughStripe)}.
          </p>
        )}
        {byHand.length > 0 && (
          <p className="text-sm text-slate-700">
            Pay by bank transfer first, then record the run: {listed(byHand)} (no bank account connected).
          </p>
        )}
        {!owner && <p className="text-sm text-slate-700">{roleMessages.payoutsOwnersOnly}</p>}
        {owner && payable.length > 0 && !confirming && (
          <form method="post" onSubmit={ask} noValidate className="flex flex-wrap items-end gap-3">
            <label className="block text-sm font-semibold text-slate-800" htmlFor={`${id}-reference`}>
              Reference
              <input
                id={`${id}-reference`}
                className="mt-1 block w-72 max-w-full rounded-md border border-slate-300 px-3 py-2 font-normal"
                maxLength={PAYOUT_LIMITS.reference}
                value={reference}
                onChange={(event) => setReference(event.target.value)}
                aria-invalid={problem !== ''}
                aria-describedby={`${id}-reference-problem`}
              />
            </label>
            <button type="submit" className="btn-primary min-h-11 px-4 py-1.5 text-sm">
              Record payout run
            </button>
            <p id={`${id}-reference-problem`} role="alert" className="w-full text-sm text-red-800 empty:hidden">
              {problem}
            </p>
          </form>
        )}
        {confirming && (
          <ConfirmPanel
            id={`${id}-confirm`}
            question={`Record that you paid ${formatUsdCents(total)} to ${editorsCount(payable.length)}?`}
            consequence={`Editors with a bank account connected are paid through Stripe now; every other payable balance is marked paid under “${reference.trim()}”. Each editor sees it in their earnings.`}
            confirmLabel="Record payout run"
            confirmStyle="btn-primary"
            busy={busy}
            problem={problem}
            onSubmit={(event) => void confirm(event)}
            onCancel={() => {
              setConfirming(false);
              setProblem('');
            }}
          />
        )}
      </section>

      {owner && <RatesForm view={current} onSaved={setRecorded} />}
      <TaxYear thisYear={new Date(current.asOf).getUTCFullYear()} />

      <section aria-labelledby={`${id}-runs`} className="space-y-2">
        <h3 id={`${id}-runs`} className="text-lg font-semibold text-navy-900">
          Payout runs
        </h3>
        {runs.length === 0 ? (
          <p className="text-slate-700">No payout run recorded yet.</p>
        ) : (
          <ul className="space-y-2">
            {runs.map((run) => (
              <li key={run.id} className="rounded-lg border border-slate-200 p-3 text-sm">
                <p className="font-semibold text-navy-900">
                  {formatDay(run.at)}: {formatUsdCents(run.payouts.reduce((sum, p) => sum + p.cents, 0))} (
                  {run.reference})
                </p>
                <p className="text-slate-700">
                  {run.payouts.map(payoutLine).join(', ')} · recorded by {run.by}
                </p>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
