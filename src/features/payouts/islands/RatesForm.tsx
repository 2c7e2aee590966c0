import { useId, useState, type FormEvent } from 'react';
import { SERVICES } from '#lib/catalogue';
import { centsAsDecimal } from '#lib/money';
import type { Rate, Rates } from '../earnings';
import type { PayoutsView } from '../payouts';
import { saveRates } from './payouts-api';
import { showToast } from '../../../islands/shared/admin/toasts';

/** Each rate's place in `Rates`, with what the tab calls it and what it is a share of. */
const RATE_ROWS: {
  key: string;
  label: string;
  of: string;
  get: (r: Rates) => Rate;
  set: (r: Rates, v: Rate) => Rates;
}[] = [
  ...SERVICES.map((service) => ({
    key: service.id,
    label: service.title,
    of: 'of the price',
    get: (r: Rates) => r.services[service.id],
    set: (r: Rates, v: Rate) => ({ ...r, services: { ...r.services, [service.id]: v } }),
  })),
  ...(['24hr', '48hr'] as const).map((speed) => ({
    key: speed,
    label: `Each round returned at ${speed === '24hr' ? '24' : '48'} hours`,
    of: "of the upgrade's price",
    get: (r: Rates) => r.speed[speed],
    set: (r: Rates, v: Rate) => ({ ...r, speed: { ...r.speed, [speed]: v } }),
  })),
  {
    key: 'fullEditor',
    label: "A full editor's surcharge",
    of: 'of the surcharge',
    get: (r: Rates) => r.fullEditor,
    set: (r: Rates, v: Rate) => ({ ...r, fullEditor: v }),
  },
];

/** A rate as the form shows it: a percent, or dollars. */
const shown = (rate: Rate) => (rate.kind === 'share' ? String(rate.basisPoints / 100) : centsAsDecimal(rate.cents));
/** What the form's fields say, as a rate: the server refuses what is not one. */
const rateOf = (kind: Rate['kind'], text: string): Rate =>
  kind === 'share'
    ? { kind, basisPoints: Math.round(Number(text) * 100) }
    : { kind, cents: Math.round(Number(text) * 100) };

/** The rates our team sets, in one place: they apply to the projects that end from then on. */
export function RatesForm({ view, onSaved }: { view: PayoutsView; onSaved: (view: PayoutsView) => void }) {
  const id = useId();
  const [fields, setFields] = useState(() =>
    Object.fromEntries(
      RATE_ROWS.map((row) => [row.key, { kind: row.get(view.rates).kind, text: shown(row.get(view.rates)) }]),
    ),
  );
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState('');

  async function save(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    const rates = RATE_ROWS.reduce(
      (all, row) => row.set(all, rateOf(fields[row.key].kind, fields[row.key].text)),
      view.rates,
    );
    setBusy(true);
    const result = await saveRates(rates);
    setBusy(false);
    if (!result.ok) return setProblem(result.error);
    setProblem('');
    onSaved(result.data);
    showToast('success', 'Rates saved: they apply to the projects that end from now on.');
  }

  return (
    <form
      method="post"
      noValidate
      onSubmit={(event) => void save(event)}
      aria-labelledby={`${id}-rates`}
      className="space-y-3"
    >
      <h3 id={`${id}-rates`} className="text-lg font-semibold text-navy-900">
        Editors&apos; rates
      </h3>
      <p className="text-sm text-slate-700">
        What a project earns its editor when it ends: a share of what the family paid, or a fixed amount. A change
        applies to the projects that end after it.
      </p>
      <div className="grid gap-3 sm:grid-cols-2">
        {RATE_ROWS.map((row) => {
          const field = fields[row.key];
          const change = (next: Partial<typeof field>) =>
            setFields((all) => ({ ...all, [row.key]: { ...field, ...next } }));
          return (
            <fieldset key={row.key} className="rounded-lg border border-slate-200 p-3">
              <legend className="px-1 text-sm font-semibold text-slate-800">{row.label}</legend>
              <div className="flex flex-wrap items-center gap-2">
                <select
                  aria-label={`${row.label}: kind of rate`}
                  className="rounded-md border border-slate-300 px-2 py-2 text-sm"
                  value={field.kind}
                  onChange={(event) => change({ kind: event.target.value as Rate['kind'] })}
                >
                  <option value="share">Share (%) {row.of}</option>
                  <option value="fixed">Fixed amount ($)</option>
                </select>
                <input
                  aria-label={`${row.label}: ${field.kind === 'share' ? 'percent' : 'dollars'}`}
                  className="w-28 rounded-md border border-slate-300 px-2 py-2 text-sm"
                  inputMode="decimal"
                  value={field.text}
                  onChange={(event) => change({ text: event.target.value })}
                />
              </div>
            </fieldset>
          );
        })}
      </div>
      <p role="alert" className="text-sm font-medium text-red-800 empty:hidden">
        {problem}
      </p>
      <button
        type="submit"
        className="btn-primary min-h-11 px-4 py-1.5 text-sm aria-disabled:opacity-60"
        aria-disabled={busy}
      >
        Save rates
      </button>
    </form>
  );
}
