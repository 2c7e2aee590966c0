/** Payout runs as our team reads and records them: the words, the limits and what the admin's tab reads. */
import type { Balances, Rates } from './earnings';

export const PAYOUT_LIMITS = { reference: 120, runsShown: 20, fixedRateCents: 1_000_000 } as const;

export const payoutMessages = {
  nothingPayable: 'Nothing is payable now: no payout run was recorded.',
  runInProgress: 'Another payout run is being recorded. Please try again in a minute.',
} as const;

/** An editor's line in the Payouts tab. */
interface EditorBalance {
  editorId: string;
  name: string;
  balances: Balances;
}

/** A payout run as the admin's tab lists it. */
interface PayoutRunView {
  id: string;
  at: string;
  reference: string;
  by: string;
  payouts: { editorId: string; name: string; cents: number }[];
}

export interface PayoutsView {
  asOf: string;
  /** The rates a project that ends now earns at; `setAt` null: the defaults, never changed. */
  rates: Rates;
  ratesSetAt: string | null;
  editors: EditorBalance[];
  runs: PayoutRunView[];
}
