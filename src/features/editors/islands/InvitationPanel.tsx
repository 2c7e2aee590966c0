import { useEffect, useState } from 'react';
import { apiFetch } from '#client/api';
import { $session, signedInFetch, startSession } from '#stores/session';
import { invitationMessages } from '../invitation';
import { forgetInvitation, invitationToken } from './invitation-token';
import { useSharedStore } from '../../../islands/shared/useSharedStore';

const INVITATION_PATH = '/api/editor-invite';

interface Named {
  name: string;
  email: string;
  accepted: boolean;
}

type Welcome =
  | { state: 'none' }
  | { state: 'loading' }
  | { state: 'failed'; message: string }
  | { state: 'open'; invitation: Named; problem: string | null }
  | { state: 'accepted'; invitation: Named };

/**
 * The welcome an invited editor meets on /editor: whose invitation, for which address, and what to do
 * next; once they are signed in with that address, verified, the invitation is accepted. Renders
 * nothing without an invitation.
 */
export default function InvitationPanel() {
  const session = useSharedStore($session);
  // Loaded in the browser only, once a token was found: the link's fragment or the one kept.
  const [token] = useState(invitationToken);
  const [welcome, setWelcome] = useState<Welcome>({ state: token ? 'loading' : 'none' });

  useEffect(() => {
    if (!token) return;
    void startSession();
    void apiFetch<Named>(INVITATION_PATH, { method: 'POST', body: { token } }).then((result) => {
      if (!result.ok) {
        if (result.status === 404) forgetInvitation();
        return setWelcome({ state: 'failed', message: result.error });
      }
      setWelcome(
        result.data.accepted
          ? { state: 'accepted', invitation: result.data }
          : { state: 'open', invitation: result.data, problem: null },
      );
    });
  }, [token]);

  const user = session.user;
  const invited = welcome.state === 'open' ? welcome.invitation : null;
  const canAccept = Boolean(invited && user && user.emailVerified && user.email.toLowerCase() === invited.email);
  useEffect(() => {
    if (!canAccept || !token || !invited) return;
    void signedInFetch<Named>(INVITATION_PATH, { method: 'POST', body: { token, accept: true } }).then((result) => {
      if (result.ok) {
        forgetInvitation();
        return setWelcome({ state: 'accepted', invitation: result.data });
      }
      setWelcome({ state: 'open', invitation: invited, problem: result.error });
    });
    // Once per address verified: the invitation itself does not change.
  }, [canAccept, token]); // eslint-disable-line react-hooks/exhaustive-deps

  if (welcome.state === 'none') return null;
  // The island's element takes no space in the page's column, so the welcome keeps its own distance below.
  const box = 'mb-8 max-w-xl rounded-xl border p-5';
  if (welcome.state === 'loading')
    return (
      <p role="status" className="mb-8 text-slate-700">
        Opening your invitation...
      </p>
    );
  if (welcome.state === 'failed')
    return (
      <section aria-labelledby="invitation-heading" className={`${box} border-amber-300 bg-amber-50`}>
        <h2 id="invitation-heading" className="font-serif text-xl font-bold text-navy-900">
          Your invitation
        </h2>
        <p role="alert" className="mt-2 text-slate-800">
          {welcome.message}
        </p>
      </section>
    );
  const { name, email } = welcome.invitation;
  if (welcome.state === 'accepted')
    return (
      <section aria-labelledby="invitation-heading" className={`${box} border-emerald-300 bg-emerald-50`}>
        <h2 id="invitation-heading" className="font-serif text-xl font-bold text-navy-900">
          Welcome, {name}
        </h2>
        <p role="status" className="mt-2 text-slate-800">
          {invitationMessages.accepted}
        </p>
      </section>
    );
  const step = !user
    ? `Create your account with ${email} under New Customer below (or log in under Existing Customer if you already have one with it).`
    : user.email.toLowerCase() !== email
      ? invitationMessages.wrongAccount(email)
      : !user.emailVerified
        ? invitationMessages.unverified
        : 'Accepting your invitation...';
  return (
    <section aria-labelledby="invitation-heading" className={`${box} border-navy-200 bg-navy-50`}>
      <h2 id="invitation-heading" className="font-serif text-xl font-bold text-navy-900">
        Welcome, {name}
      </h2>
      <p className="mt-2 text-slate-800">
        You have been invited to edit for us. Your account&rsquo;s address: {email}.
      </p>
      <p role="status" className="mt-2 font-semibold text-slate-900">
        {step}
      </p>
      {welcome.problem && (
        <p role="alert" className="mt-2 text-red-800">
          {welcome.problem}
        </p>
      )}
    </section>
  );
}
