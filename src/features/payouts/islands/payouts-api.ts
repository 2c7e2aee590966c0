/** The Payouts tab's calls: every editor's balances and the runs, recording a run, the rates. */
import { saveDownload } from '#client/download';
import { idToken, SIGNED_OUT, signedInFetch } from '#stores/session';
import type { Rates } from '../earnings';
import type { PayoutsView } from '../payouts';

export const PAYOUTS_PATH = '/api/admin/payouts';

/** `byHand`: whom the admin paid by hand, as the tab showed them; the server refuses a run that would differ. */
export const recordRun = (requestId: string, reference: string, byHand: { editorId: string; cents: number }[]) =>
  signedInFetch<PayoutsView>(PAYOUTS_PATH, { method: 'POST', body: { requestId, reference, byHand } });
export const saveRates = (rates: Rates) => signedInFetch<PayoutsView>(PAYOUTS_PATH, { method: 'PUT', body: rates });

/** A year's payouts per editor, for the 1099s; and the same as the CSV export, named by the server. */
export const taxYearPath = (year: number) => `${PAYOUTS_PATH}?taxYear=${year}`;
export async function downloadTaxYear(year: number) {
  const token = await idToken();
  if (!token) return SIGNED_OUT;
  return saveDownload(`${taxYearPath(year)}&format=csv`, token, `1099-nec-${year}.csv`);
}
