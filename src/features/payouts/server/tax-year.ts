/**
 * A year's payouts per editor, for the 1099s the business files: summed from the ledger's payout keys of
 * that year (one key listing, decision 082), each editor named, and marked reportable from the
 * year's threshold. Years are UTC, as each editor's statement counts what was paid them.
 */
import { centsAsDecimal } from '#lib/money';
import { TAX_COLUMNS, taxThresholdFor, type TaxYearView } from '../payouts';
import { editorsRepo } from '#features/editors/server/editors.repo';
import type { DeployInfo } from '#server/storage/stores';
import { ledgerRepo } from './ledger';

export async function taxYear(year: number, info?: DeployInfo): Promise<TaxYearView> {
  const [payouts, editors] = await Promise.all([
    ledgerRepo(info).byTime('payout', [`${year}-`]),
    editorsRepo(info).list({ fresh: true }),
  ]);
  const paid = new Map<string, number>();
  for (const payout of payouts) paid.set(payout.editorId, (paid.get(payout.editorId) ?? 0) - payout.cents);
  const thresholdCents = taxThresholdFor(year);
  const byId = new Map(editors.map((editor) => [editor.id, editor]));
  return {
    year,
    thresholdCents,
    editors: [...paid]
      .map(([editorId, paidCents]) => ({
        editorId,
        name: byId.get(editorId)?.name ?? editorId,
        email: byId.get(editorId)?.accountEmail ?? '',
        paidCents,
        reportable: paidCents >= thresholdCents,
      }))
      .sort((a, b) => b.paidCents - a.paidCents || a.name.localeCompare(b.name)),
  };
}

/** The export: every editor paid in the year, header first, the reportable ones marked. */
export const taxRows = (view: TaxYearView): string[][] => [
  [...TAX_COLUMNS],
  ...view.editors.map((line) => [
    line.name,
    line.editorId,
    line.email,
    centsAsDecimal(line.paidCents),
    line.reportable ? 'Yes' : 'No',
    '',
    '',
  ]),
];
