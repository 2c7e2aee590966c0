import { lazy } from 'react';
import { SectionDisclosure } from '../../../islands/shared/SectionDisclosure';

// Loaded only when the editor opens it: the workspace's first paint carries none of it.
const EarningsPanel = lazy(() => import('./EarningsPanel'));

/** Open when back from Stripe's onboarding (or its expired link): the bank account is in the panel. */
const backFromOnboarding = () => new URLSearchParams(window.location.search).has('payouts');

/** 'My earnings' on the editor's workspace: a button that opens the panel, which reads the ledger then. */
export function EarningsDisclosure() {
  return (
    <SectionDisclosure
      id="earnings"
      heading="My earnings"
      what="my earnings"
      loading="Loading your earnings..."
      Panel={EarningsPanel}
      open={backFromOnboarding}
    />
  );
}
