/** The Payouts tab's calls: every editor's balances and the runs, and recording a run paid by hand. */
import { signedInFetch } from '#stores/session';
import type { PayoutsView } from '../payouts';

export const PAYOUTS_PATH = '/api/admin/payouts';

export const recordRun = (requestId: string, reference: string) =>
  signedInFetch<PayoutsView>(PAYOUTS_PATH, { method: 'POST', body: { requestId, reference } });
