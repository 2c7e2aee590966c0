/** An editor's bank account for payouts, as the editor reads it on their earnings. */
import type { PayoutAccountState } from '#features/editors/invitation';

export interface PayoutAccountView {
  state: PayoutAccountState;
  /** When the state was last read from Stripe; null before any account. */
  checkedAt: string | null;
}

/** Where Stripe's hosted onboarding sends the editor back: their earnings, which read the account again. */
export const CONNECT_RETURN_PATH = '/editor?payouts=returned#earnings';
/**
 * Where Stripe sends the editor when the link has expired: the same earnings, signed in, which offer a
 * new link (the link itself cannot carry the editor's sign-in).
 */
export const CONNECT_REFRESH_PATH = '/editor?payouts=expired#earnings';
export const PAYOUT_ACCOUNT_PATH = '/api/editor/payout-account';

export const connectMessages = {
  heading: 'Bank account for payouts',
  none: 'We pay you by hand until you connect a bank account. Stripe, our payment provider, keeps your bank details: we never see them.',
  onboarding: 'Stripe needs a few more details before it can pay you. Until then we pay you by hand.',
  ready: 'Your bank account is connected: each payout run sends what is payable to it through Stripe.',
  connect: 'Connect a bank account',
  continue: 'Continue with Stripe',
  opening: 'Opening Stripe...',
  loading: 'Loading your bank account...',
  failed: (error: string) => `We could not open Stripe: ${error}`,
  expired: 'The link to Stripe expired before you finished. Continue where you left off:',
  testHeading: 'Connect a bank account (test mode)',
  testBody:
    "This site runs without Stripe, so this page stands in for Stripe's onboarding. No bank details are asked for or kept.",
  testFinish: 'Finish onboarding',
} as const;
