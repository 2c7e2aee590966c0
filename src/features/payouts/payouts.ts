/** Payout runs as our team reads and records them: the words, the limits and what the admin's tab reads. */
import type { Balances, Rates } from './earnings';

export const PAYOUT_LIMITS = { reference: 120, runsShown: 20, fixedRateCents: 1_000_000, editorsInRun: 500 } as const;

export const payoutMessages = {
  nothingPayable: 'Nothing is payable now: no payout run was recorded.',
  runInProgress: 'Another payout run is being recorded. Please try again in a minute.',
  changed:
    'Who is paid by hand has changed since the page loaded (an editor connected a bank account, or a balance cleared). Nothing was recorded: check the list again.',
  /** The ledger's label of a payout Stripe sent. */
  throughStripe: 'Payout through Stripe',
} as const;

/** An editor's line in the Payouts tab. */
interface EditorBalance {
  editorId: string;
  name: string;
  balances: Balances;
  /** A run pays them through Stripe (their bank account is connected); otherwise our team pays by hand. */
  throughStripe: boolean;
}

/** A payout run as the admin's tab lists it. */
interface PayoutRunView {
  id: string;
  at: string;
  reference: string;
  by: string;
  /** `via` only for a payout through Stripe; `failed`: Stripe refused it, so it is still payable. */
  payouts: { editorId: string; name: string; cents: number; via?: 'stripe'; failed?: string }[];
}

export interface PayoutsView {
  asOf: string;
  /** The rates a project that ends now earns at; `setAt` null: the defaults, never changed. */
  rates: Rates;
  ratesSetAt: string | null;
  editors: EditorBalance[];
  runs: PayoutRunView[];
}

/**
 * The 1099-NEC reporting threshold, by the year the payments were made: $600 until 2025, $2,000 for
 * payments from 2026. The one place it is set; a year takes the first line that starts at or before it.
 */
const TAX_THRESHOLDS: readonly { fromYear: number; cents: number }[] = [
  { fromYear: 2026, cents: 200_000 },
  { fromYear: 0, cents: 60_000 },
];
export const taxThresholdFor = (year: number) => TAX_THRESHOLDS.find((line) => year >= line.fromYear)!.cents;

/** What an editor was paid in a year (UTC, as their statement counts it), and whether a 1099-NEC is due. */
interface TaxLine {
  editorId: string;
  name: string;
  email: string;
  paidCents: number;
  reportable: boolean;
}

export interface TaxYearView {
  year: number;
  thresholdCents: number;
  editors: TaxLine[];
}

/**
 * The 1099 export's columns: what a 1099-NEC needs from us. The TIN and address come from each editor's
 * W-9, which the product does not hold: the columns are there to be filled from it.
 */
export const TAX_COLUMNS = [
  'Recipient name',
  'Editor id',
  'E-mail',
  'Box 1: nonemployee compensation (USD)',
  'Reportable',
  'Recipient TIN (from the W-9)',
  'Recipient address (from the W-9)',
] as const;
