import { useId, useState } from 'react';
import { formatUsdCents } from '#lib/money';
import type { TaxYearView } from '../payouts';
import { downloadTaxYear, taxYearPath } from './payouts-api';
import { LoadFailed } from '../../../islands/shared/LoadFailed';
import { useSignedInFetch } from '../../../islands/shared/useSignedInFetch';

/**
 * What each editor was paid in a year, for the 1099-NEC forms the business files: who passed the year's
 * threshold, and the export with the columns the form needs.
 */
export function TaxYear({ thisYear }: { thisYear: number }) {
  const id = useId();
  const [year, setYear] = useState(thisYear);
  const { value, reload } = useSignedInFetch<TaxYearView>(taxYearPath(year));
  const [download, setDownload] = useState<string | null>(null);
  const view = value.state === 'done' && value.result.ok ? value.result.data : null;
  const reportable = view?.editors.filter((line) => line.reportable).length ?? 0;

  async function save() {
    setDownload('Preparing the export...');
    const saved = await downloadTaxYear(year);
    setDownload(saved.ok ? null : `We could not download the export: ${saved.error}`);
  }

  return (
    <section aria-labelledby={`${id}-heading`} className="space-y-3">
      <h3 id={`${id}-heading`} className="font-serif text-xl font-bold text-navy-900">
        Payments for 1099-NEC forms
      </h3>
      <div>
        <label htmlFor={`${id}-year`} className="block text-sm font-semibold text-slate-800">
          Year paid
        </label>
        <select
          id={`${id}-year`}
          value={year}
          onChange={(e) => setYear(Number(e.target.value))}
          className="input mt-1 w-32"
        >
          {[thisYear, thisYear - 1, thisYear - 2].map((y) => (
            <option key={y} value={y}>
              {y}
            </option>
          ))}
        </select>
      </div>
      {value.state === 'loading' && <p role="status">Loading the year&rsquo;s payments...</p>}
      {value.state === 'done' && !value.result.ok && (
        <LoadFailed what="the year's payments" onRetry={() => void reload()} />
      )}
      {view && (
        <>
          <p className="text-sm text-slate-700">
            A 1099-NEC is due for each editor paid {formatUsdCents(view.thresholdCents)} or more in {view.year}:{' '}
            <strong>
              {reportable} of {view.editors.length}
            </strong>{' '}
            editors paid that year. Each form also needs the editor&rsquo;s TIN and address from their W-9.
          </p>
          {view.editors.length === 0 ? (
            <p className="text-slate-700">No editor was paid in {view.year}.</p>
          ) : (
            <div role="region" aria-label={`Payments in ${view.year}`} tabIndex={0} className="overflow-x-auto">
              <table className="w-full text-sm">
                <thead>
                  <tr className="text-left">
                    <th scope="col" className="py-2 pr-4">
                      Editor
                    </th>
                    <th scope="col" className="py-2 pr-4 text-right">
                      Paid in {view.year}
                    </th>
                    <th scope="col" className="py-2">
                      1099-NEC
                    </th>
                  </tr>
                </thead>
                <tbody className="divide-y divide-slate-200">
                  {view.editors.map((line) => (
                    <tr key={line.editorId}>
                      <th scope="row" className="py-2 pr-4 text-left font-semibold">
                        {line.name}
                      </th>
                      <td className="py-2 pr-4 text-right tabular-nums">{formatUsdCents(line.paidCents)}</td>
                      <td className="py-2">{line.reportable ? 'Due' : 'Not due'}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
          <button type="button" className="btn-outline" onClick={() => void save()}>
            Download the {view.year} list (CSV)
          </button>
          {download && (
            <p role="status" className="text-sm text-slate-700">
              {download}
            </p>
          )}
        </>
      )}
    </section>
  );
}
