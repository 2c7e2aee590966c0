import { formatDay } from '#lib/time';
import { useState } from 'react';
import { formatUsdCents } from '#lib/money';
import { CLEARING_DAYS, ENTRY_KIND_WORDS, type EarningsView } from '../earnings';
import { BankAccount } from './BankAccount';
import { downloadStatement, EARNINGS_PATH } from './earnings-api';
import { LoadFailed } from '../../../islands/shared/LoadFailed';
import { useSignedInFetch } from '../../../islands/shared/useSignedInFetch';

/** The table's columns, each with how its cells align. */
const COLUMNS = [
  ['Date', ''],
  ['Project', ''],
  ['What', ''],
  ['Amount', 'text-right'],
  ['Payable', ''],
] as const;

/** The editor's balances, this year's payouts, every entry and the statement, as the server keeps them. */
export default function EarningsPanel() {
  const { value, reload } = useSignedInFetch<EarningsView>(EARNINGS_PATH);
  const [download, setDownload] = useState<string | null>(null);

  if (value.state === 'signedOut') return null;
  if (value.state === 'loading') return <p role="status">Loading your earnings...</p>;
  if (!value.result.ok) return <LoadFailed what="your earnings" onRetry={() => void reload()} />;
  const { asOf, balances, year, paidThisYearCents, entries } = value.result.data;

  async function save() {
    setDownload('Preparing your statement...');
    const saved = await downloadStatement();
    setDownload(saved.ok ? null : `We could not download your statement: ${saved.error}`);
  }

  return (
    <div className="space-y-4">
      <BankAccount />
      <dl className="grid gap-3 sm:grid-cols-3">
        {[
          ['Pending', balances.pendingCents],
          ['Payable now', balances.payableCents],
          ['Paid', balances.paidCents],
        ].map(([label, cents]) => (
          <div key={label} className="rounded-lg bg-navy-50 p-3">
            <dt className="text-sm font-semibold text-slate-700">{label}</dt>
            <dd className="text-xl font-bold text-navy-900">{formatUsdCents(cents as number)}</dd>
          </div>
        ))}
      </dl>
      <p className="text-sm text-slate-700">
        A project earns when it ends, and what it earns becomes payable {CLEARING_DAYS} days later. A refund to the
        family takes back the same share of what it refunds. Paid to you in {year}:{' '}
        <strong>{formatUsdCents(paidThisYearCents)}</strong>.
      </p>
      {entries.length === 0 ? (
        <p className="text-slate-700">Nothing yet: your first earning appears here when a project of yours ends.</p>
      ) : (
        // Wider than a phone: the table scrolls sideways, and the keyboard can scroll it too.
        <div className="overflow-x-auto" role="region" aria-label="Your earnings, entry by entry" tabIndex={0}>
          <table className="w-full min-w-[36rem] text-left text-sm">
            <caption className="sr-only">Every entry of your earnings, newest first</caption>
            <thead>
              <tr className="border-b border-slate-300 text-slate-700">
                {COLUMNS.map(([label, align]) => (
                  <th key={label} scope="col" className={`py-2 pr-3 ${align}`}>
                    {label}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {entries.map((entry) => (
                <tr key={entry.id} className="border-b border-slate-100">
                  <td className="py-2 pr-3 whitespace-nowrap">{formatDay(entry.at)}</td>
                  <td className="py-2 pr-3">
                    {entry.label}
                    {entry.projectId && <span className="block text-xs text-slate-600">{entry.projectId}</span>}
                  </td>
                  <td className="py-2 pr-3">{ENTRY_KIND_WORDS[entry.kind]}</td>
                  <td className="py-2 pr-3 text-right font-semibold whitespace-nowrap">
                    {formatUsdCents(entry.cents)}
                  </td>
                  <td className="py-2 whitespace-nowrap">
                    {/* A payout says when it was paid; an earning, when it clears or cleared (the balances say what is still owed). */}
                    {entry.kind === 'payout'
                      ? `Paid ${formatDay(entry.at)}`
                      : `${entry.payableAt > asOf ? 'Clears' : 'Cleared'} ${formatDay(entry.payableAt)}`}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <div className="flex flex-wrap items-center gap-3">
        <button type="button" className="btn-outline min-h-11 px-4 py-1.5 text-sm" onClick={() => void save()}>
          Download statement (CSV)
        </button>
        {download && (
          <p role="status" className="text-sm text-slate-700">
            {download}
          </p>
        )}
      </div>
    </div>
  );
}
