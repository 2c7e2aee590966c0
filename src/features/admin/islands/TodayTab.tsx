import { useId } from 'react';
import { formatUsdCents } from '#lib/money';
import { formatDay } from '#lib/time';
import { TODAY_FIGURES, TODAY_ITEMS, todayHref, type TodayReport } from '../today';
import { LoadFailed } from '../../../islands/shared/LoadFailed';
import { useSignedInFetch } from '../../../islands/shared/useSignedInFetch';

const dayWords = (day: string) => formatDay(`${day}T12:00:00Z`);
const periodWords = ({ from, to }: { from: string; to: string }) =>
  from === to ? dayWords(from) : `${dayWords(from)} to ${dayWords(to)}`;

/** A figure as the table shows it. */
const shown = (money: boolean, value: number) => (money ? formatUsdCents(value) : String(value));

/** This month so far less the same days of last month, signed ('No change' for none). */
function change(money: boolean, now: number, before: number) {
  const by = now - before;
  if (by === 0) return 'No change';
  return `${by > 0 ? '+' : '−'}${shown(money, Math.abs(by))}`;
}

/** What needs a person now: every count a link to the list that shows it, the waiting ones first. */
function NeedsYou({ counts }: { counts: TodayReport['counts'] }) {
  const id = useId();
  const waiting = TODAY_ITEMS.filter((item) => counts[item.id] > 0);
  const clear = TODAY_ITEMS.filter((item) => counts[item.id] === 0);
  return (
    <section aria-labelledby={`${id}-heading`} className="space-y-3">
      <h3 id={`${id}-heading`} className="font-serif text-xl font-bold text-navy-900">
        Needs a person now
      </h3>
      <p className="text-sm text-slate-700">
        {waiting.length === 0 ? 'Nothing is waiting for you.' : 'Each opens the list that shows it.'}
      </p>
      <ul className="grid gap-2 sm:grid-cols-2">
        {[...waiting, ...clear].map((item) => {
          const count = counts[item.id];
          return (
            <li key={item.id}>
              <a
                href={todayHref(item)}
                className={`flex min-h-11 items-center justify-between gap-3 rounded-lg border px-3 py-2 text-sm focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-navy-700 ${
                  count > 0
                    ? 'border-beacon-400 bg-navy-50 font-semibold text-navy-900'
                    : 'border-slate-200 bg-white text-slate-700'
                }`}
              >
                <span className="underline">{item.words}</span>
                <span className="sr-only">: </span>
                <span className={`shrink-0 tabular-nums ${count > 0 ? 'text-lg' : ''}`}>{count}</span>
              </a>
            </li>
          );
        })}
      </ul>
    </section>
  );
}

/** This month so far beside the same days of last month. */
function MonthSoFar({ report }: { report: TodayReport }) {
  const id = useId();
  const cell = 'px-3 py-2 text-right whitespace-nowrap tabular-nums';
  return (
    <section aria-labelledby={`${id}-heading`} className="space-y-3">
      <h3 id={`${id}-heading`} className="font-serif text-xl font-bold text-navy-900">
        This month so far
      </h3>
      <p className="text-sm text-slate-700">
        {periodWords(report.thisMonth)}, against the same days of last month ({periodWords(report.lastMonth)}), in New
        York time.
      </p>
      <div className="overflow-x-auto rounded-xl border border-slate-200 bg-white">
        <table className="w-full text-sm">
          <caption className="sr-only">This month so far against the same days of last month</caption>
          <thead className="bg-slate-50 text-slate-800">
            <tr>
              <th scope="col" className="px-3 py-2 text-left">
                Figure
              </th>
              <th scope="col" className="px-3 py-2 text-right">
                This month
              </th>
              <th scope="col" className="px-3 py-2 text-right">
                Last month
              </th>
              <th scope="col" className="px-3 py-2 text-right">
                Change
              </th>
            </tr>
          </thead>
          <tbody>
            {TODAY_FIGURES.map(({ id: figure, words, money }) => {
              const now = report.thisMonth.figures[figure];
              const before = report.lastMonth.figures[figure];
              return (
                <tr key={figure} className="border-t border-slate-200">
                  <th scope="row" className="px-3 py-2 text-left font-semibold text-slate-900">
                    {words}
                  </th>
                  <td className={cell}>{shown(money, now)}</td>
                  <td className={cell}>{shown(money, before)}</td>
                  <td className={cell}>{change(money, now, before)}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </section>
  );
}

/** Today, the tab /admin opens on: what needs a person now, and this month so far. */
export function TodayTab() {
  const id = useId();
  const { value, reload } = useSignedInFetch<TodayReport>('/api/admin/today');
  return (
    <section aria-labelledby={`${id}-heading`} className="space-y-6">
      <h2 id={`${id}-heading`} className="font-serif text-2xl font-bold text-navy-900">
        Today
      </h2>
      {value.state !== 'done' && (
        <p role="status" className="text-slate-700">
          Loading what needs you...
        </p>
      )}
      {value.state === 'done' && !value.result.ok && (
        <LoadFailed what="what needs you today" onRetry={() => void reload()} />
      )}
      {value.state === 'done' && value.result.ok && (
        <>
          <NeedsYou counts={value.result.data.counts} />
          <MonthSoFar report={value.result.data} />
        </>
      )}
    </section>
  );
}
