/** The Payouts tab's calls: every editor's balances and the runs, recording a run paid by hand, the rates. */
import { signedInFetch } from '#stores/session';
import type { Rates } from '../earnings';
import type { PayoutsView } from '../payouts';

export const PAYOUTS_PATH = '/api/admin/payouts';

export const recordRun = (requestId: string, reference: string) =>
  signedInFetch<PayoutsView>(PAYOUTS_PATH, { method: 'POST', body: { requestId, reference } });
export const saveRates = (rates: Rates) => signedInFetch<PayoutsView>(PAYOUTS_PATH, { method: 'PUT', body: rates });
