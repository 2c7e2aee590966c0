import { useEffect, useId, useState, type ReactNode } from 'react';
import { CouldNotLoad } from '../../../islands/shared/admin/CouldNotLoad';
import { DayField } from '../../../islands/shared/admin/FilterBar';
import { BackupsSection } from './BackupsSection';
import { localDate } from '#features/consults/consult-format';
import { formatUsdCents } from '#lib/money';
import {
  BUSINESS_TIME_ZONE,
  EXPORT_KINDS,
  REPORT_LIMITS,
  addMonths,
  daysSpanned,
  defaultMonths,
  exportLabel,
  isCalendarDay,
  lastMonthPeriod,
  monthToDatePeriod,
  thisWeekPeriod,
  monthLabel,
  reportMessages,
  type ExportKind,
  type MonthTotals,
  type MonthsReport,
} from '../reports';
import { exportCsv, monthsReport } from '../../../islands/shared/admin/admin-api';
import { downloadFile } from '../../../islands/shared/download-file';

const today = () => localDate(new Date().toISOString(), BUSINESS_TIME_ZONE);
/** How far back the month view reaches: a year by default, at most the report's limit. */
const SPANS = [REPORT_LIMITS.defaultMonths, 24, REPORT_LIMITS.maxMonths] as const;

type Load = { status: 'loading' } | { status: 'failed'; error: string } | { status: 'ready'; report: MonthsReport };

const thClass = 'px-3 py-2 text-left font-semibold whitespace-nowrap';

/** A table's column heads: what its rows are, then its numbers (right-aligned). */
function HeadRow({ first, heads }: { first: string; heads: readonly string[] }) {
  return (
    <thead className="bg-navy-50 text-navy-900">
      <tr>
        <th scope="col" className={thClass}>
          {first}
        </th>
        {heads.map((head) => (
          <th key={head} scope="col" className={`${thClass} text-right`}>
            {head}
          </th>
        ))}
      </tr>
    </thead>
  );
}
const numClass = 'px-3 py-2 text-right tabular-nums whitespace-nowrap';

/** A wide table that scrolls sideways on a phone; focusable so the keyboard can scroll it too. */
function Scroller({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div
      role="region"
      aria-label={label}
      tabIndex={0}
      className="overflow-x-auto rounded-xl border border-slate-200 bg-white"
    >
      {children}
    </div>
  );
}

/**
 * Revenue and refunds per month as bars: a picture of the table below it, which holds the same
 * figures; screen readers get a summary in the figure's text and the table itself. The bars stretch
 * to the width; the month names are text beside them, so they keep their size on a phone.
 */
function MonthsChart({ months, labelId }: { months: MonthTotals[]; labelId: string }) {
  const top = Math.max(1, ...months.flatMap((m) => [m.revenueCents, m.refundsCents]));
  const height = 100;
  const y = (cents: number) => height - (cents / top) * height;
  const best = months.reduce((a, b) => (b.revenueCents > a.revenueCents ? b : a), months[0]);
  // A name under every month up to a year; under every third beyond.
  const every = months.length <= 12 ? 1 : 3;
  const description =
    `Revenue and refunds for each month from ${monthLabel(months[0].month)} to ${monthLabel(months.at(-1)!.month)}. ` +
    (best.revenueCents > 0
      ? `The highest revenue was ${formatUsdCents(best.revenueCents)} in ${monthLabel(best.month)}. `
      : 'No revenue in these months. ') +
    'The table below gives every figure.';
  return (
    <figure className="space-y-2 rounded-xl border border-slate-200 bg-white p-4">
      <figcaption id={labelId} className="font-semibold text-navy-900">
        Revenue and refunds by month
      </figcaption>
      <svg
        viewBox={`0 0 ${months.length * 10} ${height}`}
        className="h-40 w-full"
        preserveAspectRatio="none"
        role="img"
        aria-labelledby={labelId}
        aria-describedby={`${labelId}-text`}
      >
        {months.map((m, i) => (
          <g key={m.month}>
            <rect
              x={i * 10 + 1}
              y={y(m.revenueCents)}
              width={4}
              height={height - y(m.revenueCents)}
              className="fill-navy-700"
            />
            <rect
              x={i * 10 + 5}
              y={y(m.refundsCents)}
              width={4}
              height={height - y(m.refundsCents)}
              className="fill-beacon-400"
            />
          </g>
        ))}
      </svg>
      <div
        aria-hidden="true"
        className="grid border-t border-slate-400 text-center text-xs text-slate-700"
        style={{ gridTemplateColumns: `repeat(${months.length}, minmax(0, 1fr))` }}
      >
        {months.map((m, i) => (
          <span key={m.month} className="overflow-visible whitespace-nowrap">
            {i % every === 0 ? monthLabel(m.month).slice(0, 3) : ''}
          </span>
        ))}
      </div>
      <p id={`${labelId}-text`} className="text-sm text-slate-700">
        <span className="mr-3 inline-flex items-center gap-1">
          <span aria-hidden="true" className="inline-block size-3 rounded-sm bg-navy-700" /> Revenue
        </span>
        <span className="mr-3 inline-flex items-center gap-1">
          <span aria-hidden="true" className="inline-block size-3 rounded-sm bg-beacon-400" /> Refunds
        </span>
        <span className="sr-only">{description}</span>
      </p>
    </figure>
  );
}

function MonthsTable({ report }: { report: MonthsReport }) {
  const rows = [...report.months].reverse();
  const cellsOf = (m: Omit<MonthTotals, 'month'>) => [
    formatUsdCents(m.revenueCents),
    formatUsdCents(m.refundsCents),
    formatUsdCents(m.netCents),
    formatUsdCents(m.editorsEarnedCents),
    formatUsdCents(m.platformCents),
    m.orders,
    m.projectsFinished,
    m.lateRounds,
    m.onTimeRounds,
    m.consultsBooked,
  ];
  const heads = [
    'Revenue',
    'Refunds',
    'Net',
    "Editors' earnings",
    "Platform's share",
    'Orders paid',
    'Projects finished',
    'Rounds late',
    'Rounds on time',
    'Consults booked',
  ];
  return (
    <Scroller label="Months, newest first">
      <table className="w-full text-sm">
        <caption className="sr-only">Totals per month, newest first, in New York time</caption>
        <HeadRow first="Month" heads={heads} />
        <tbody className="divide-y divide-slate-200">
          {rows.map((m) => (
            <tr key={m.month}>
              <th scope="row" className={thClass}>
                {monthLabel(m.month)}
              </th>
              {cellsOf(m).map((value, i) => (
                <td key={heads[i]} className={numClass}>
                  {value}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
        <tfoot className="border-t-2 border-slate-300 font-semibold">
          <tr>
            <th scope="row" className={thClass}>
              Total
            </th>
            {cellsOf(report.total).map((value, i) => (
              <td key={heads[i]} className={numClass}>
                {value}
              </td>
            ))}
          </tr>
        </tfoot>
      </table>
    </Scroller>
  );
}

function EditorsTable({ report }: { report: MonthsReport }) {
  return (
    <Scroller label="Editors">
      <table className="w-full text-sm">
        <caption className="sr-only">
          Per editor: projects open now; projects finished and rounds returned in the months shown
        </caption>
        <HeadRow first="Editor" heads={['Projects open now', 'Projects finished', 'Rounds on time', 'Rounds late']} />
        <tbody className="divide-y divide-slate-200">
          {report.editors.map((e) => (
            <tr key={e.editorId}>
              <th scope="row" className={thClass}>
                {e.name}
              </th>
              {[e.projectsOpen, e.projectsFinished, e.roundsOnTime, e.roundsLate].map((value, i) => (
                <td key={i} className={numClass}>
                  {value}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </Scroller>
  );
}

/** The period's problem in the picker's words, or null when the server would take it. */
function periodProblem(from: string, to: string): string | null {
  if (!isCalendarDay(from) || !isCalendarDay(to)) return reportMessages.noPeriod;
  if (from > to) return reportMessages.daysOrder;
  if (daysSpanned(from, to) > REPORT_LIMITS.maxExportDays) return reportMessages.tooManyDays;
  return null;
}

/** The periods offered in one press, each ending today but last month's. */
const PERIODS = [
  { label: 'This week', of: thisWeekPeriod },
  { label: 'This month so far', of: monthToDatePeriod },
  { label: 'Last month', of: lastMonthPeriod },
] as const;

/** The accountant's files: a period of days (this month so far by default) and a button per file. */
function Exports() {
  const id = useId();
  const [period, setPeriod] = useState(() => monthToDatePeriod(today()));
  const [busy, setBusy] = useState<ExportKind | null>(null);
  const [message, setMessage] = useState<{ kind: 'error' | 'done'; text: string } | null>(null);
  const problem = periodProblem(period.from, period.to);

  async function download(kind: ExportKind) {
    if (problem) return setMessage({ kind: 'error', text: problem });
    setBusy(kind);
    setMessage(null);
    const result = await exportCsv(kind, period.from, period.to);
    setBusy(null);
    if (!result.ok)
      return setMessage({
        kind: 'error',
        text: `The ${exportLabel[kind].toLowerCase()} file could not be made: ${result.error}`,
      });
    downloadFile(result.data.file, result.data.filename);
    setMessage({ kind: 'done', text: `Downloaded ${result.data.filename}.` });
  }

  const field = (name: 'from' | 'to', label: string) => (
    <DayField
      id={`${id}-${name}`}
      label={label}
      value={period[name]}
      onChange={(day) => setPeriod({ ...period, [name]: day })}
      problem={problem ? `${id}-problem` : null}
      width="sm:w-48"
    />
  );

  return (
    <section aria-labelledby={`${id}-heading`} className="space-y-3">
      <h3 id={`${id}-heading`} className="font-serif text-xl font-bold text-navy-900">
        Exports for the accountant
      </h3>
      <p className="text-sm text-slate-700">
        Orders paid, refunds made and payments received in the period, amounts in dollars and cents, times in New York
        time.
      </p>
      <div role="group" aria-label="Choose a period" className="flex flex-wrap gap-2">
        {PERIODS.map(({ label, of }) => {
          const chosen = of(today());
          const pressed = chosen.from === period.from && chosen.to === period.to;
          return (
            <button
              key={label}
              type="button"
              aria-pressed={pressed}
              className="min-h-11 rounded-lg border border-navy-700 px-3 text-sm font-semibold text-navy-700 aria-pressed:bg-navy-700 aria-pressed:text-white"
              onClick={() => setPeriod(chosen)}
            >
              {label}
            </button>
          );
        })}
      </div>
      <fieldset className="flex flex-wrap items-end gap-x-4 gap-y-3 rounded-xl border border-slate-200 bg-white p-4">
        <legend className="sr-only">Period</legend>
        {field('from', 'First day')}
        {field('to', 'Last day')}
        <div className="flex flex-wrap gap-2">
          {EXPORT_KINDS.map((kind) => (
            <button
              key={kind}
              type="button"
              className="btn-outline"
              disabled={busy !== null}
              onClick={() => void download(kind)}
            >
              {busy === kind ? 'Preparing...' : `${exportLabel[kind]} CSV`}
            </button>
          ))}
        </div>
      </fieldset>
      {problem && (
        <p id={`${id}-problem`} className="text-sm font-semibold text-red-800">
          {problem}
        </p>
      )}
      <p
        role="status"
        className={`text-sm ${message?.kind === 'error' ? 'font-semibold text-red-800' : 'text-slate-800'}`}
      >
        {message?.text}
      </p>
    </section>
  );
}

/** Reports: the months at a glance (chart and table), the editors over those months, the exports and the backups. */
export default function ReportsPanel() {
  const id = useId();
  const [span, setSpan] = useState<number>(REPORT_LIMITS.defaultMonths);
  const [load, setLoad] = useState<Load>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  // Another span or attempt says 'loading' from the event on; the effect fetches the months.
  function showSpan(months: number) {
    setLoad({ status: 'loading' });
    setSpan(months);
  }
  function tryAgain() {
    setLoad({ status: 'loading' });
    setAttempt((n) => n + 1);
  }

  useEffect(() => {
    let current = true;
    const { to } = defaultMonths(today());
    void monthsReport(addMonths(to, 1 - span), to).then((result) => {
      if (!current) return;
      setLoad(result.ok ? { status: 'ready', report: result.data } : { status: 'failed', error: result.error });
    });
    return () => {
      current = false;
    };
  }, [span, attempt]);

  return (
    <section aria-labelledby={`${id}-heading`} className="space-y-6">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h2 id={`${id}-heading`} className="font-serif text-2xl font-bold text-navy-900">
          Reports
        </h2>
        <div className="w-full space-y-1 sm:w-56">
          <label htmlFor={`${id}-span`} className="block text-sm font-semibold text-slate-800">
            Months shown
          </label>
          <select id={`${id}-span`} className="input" value={span} onChange={(e) => showSpan(Number(e.target.value))}>
            {SPANS.map((n) => (
              <option key={n} value={n}>
                The last {n} months
              </option>
            ))}
          </select>
        </div>
      </div>
      <p className="text-sm text-slate-700">
        Months in New York time. Revenue counts orders in the month they were paid; refunds in the month they were made
        (failed ones are left out); a round is late when its feedback came back after its due time. Editors&rsquo;
        earnings count in the month a project ended, less what refunds took back in the month they were made; the
        platform&rsquo;s share is what is left of the net.
      </p>
      {load.status === 'loading' && (
        <p role="status" className="text-slate-700">
          Loading the months...
        </p>
      )}
      {load.status === 'failed' && <CouldNotLoad what="The months" error={load.error} onRetry={tryAgain} />}
      {load.status === 'ready' && (
        <>
          <MonthsChart months={load.report.months} labelId={`${id}-chart`} />
          <MonthsTable report={load.report} />
          <section aria-labelledby={`${id}-editors`} className="space-y-3">
            <h3 id={`${id}-editors`} className="font-serif text-xl font-bold text-navy-900">
              Editors
            </h3>
            <p className="text-sm text-slate-700">
              Projects open now; projects finished and rounds returned in the months shown.
            </p>
            {load.report.editors.length === 0 ? (
              <p className="text-slate-700">No editors yet.</p>
            ) : (
              <EditorsTable report={load.report} />
            )}
          </section>
        </>
      )}
      <Exports />
      <BackupsSection />
    </section>
  );
}
