import { lazy, Suspense, useState } from 'react';
import { INVITE_FRAGMENT, KEPT_INVITATION } from '../invitation-link';

const InvitationPanel = lazy(() => import('./InvitationPanel'));

/**
 * The welcome an invited editor meets on /editor, loaded only for a visit that carries an invitation
 * (the link's fragment, or the token kept while they create their account): most visits load nothing.
 */
export default function InvitationWelcome() {
  // Rendered in the browser only (client:only): the fragment and the kept token are read as it starts.
  const [invited] = useState(
    () => location.hash.startsWith(`#${INVITE_FRAGMENT}`) || sessionStorage.getItem(KEPT_INVITATION) !== null,
  );
  if (!invited) return null;
  return (
    <Suspense
      fallback={
        <p role="status" className="mb-8 text-slate-700">
          Opening your invitation...
        </p>
      }
    >
      <InvitationPanel />
    </Suspense>
  );
}
