import { useEffect, useRef, useState } from 'react';
import { messages } from '#lib/messages';
import { $session, startSession } from '#stores/session';
import { useSharedStore } from '../useSharedStore';
import { AuthTabs } from './AuthTabs';
import { Notice, type NoticeValue } from '../Notice';
import { SignedInBox } from './SignedInBox';

interface Props {
  /** The line under the title; the defaults are the lines select-services and the dashboard show. */
  signedOutText?: string;
  signedInText?: string;
  /** The one-time add-ons mean nothing on the editor's workspace. */
  showAddOns?: boolean;
  /** Open on 'Existing Customer': where the account exists already. */
  signInFirst?: boolean;
}

/** The Account card: sign up, log in or reset when signed out; who and what is owned when signed in. */
export default function AccountCard({
  signedOutText = 'You must log in to proceed to checkout',
  signedInText = 'Logged in - We can track your one-time add-on purchases',
  showAddOns = true,
  signInFirst = false,
}: Props) {
  const session = useSharedStore($session);
  const [notice, setNotice] = useState<NoticeValue>(null);
  useEffect(() => void startSession(), []);
  // A message about the last account's actions means nothing once it has signed out: gone in that render.
  const [lastStatus, setLastStatus] = useState(session.status);
  if (session.status !== lastStatus) {
    setLastStatus(session.status);
    if (session.status === 'signedOut') setNotice(null);
  }

  // Signing in (or up) here replaces the form the visitor was in: their focus goes to what replaced it,
  // so a keyboard or screen-reader user hears who they are now, instead of landing on the page body.
  const signedInBox = useRef<HTMLDivElement>(null);
  const sawSignedOut = useRef(false);
  useEffect(() => {
    if (session.status === 'signedOut') sawSignedOut.current = true;
    if (session.status === 'signedIn' && sawSignedOut.current) {
      sawSignedOut.current = false;
      signedInBox.current?.focus();
    }
  }, [session.status]);

  const description = session.status === 'signedIn' ? signedInText : signedOutText;

  return (
    <section
      aria-labelledby="account-heading"
      className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6"
    >
      <h2 id="account-heading" className="font-serif text-xl font-bold text-navy-900">
        Account
      </h2>
      <p className="mt-1 mb-5 text-sm text-slate-700">{description}</p>
      {session.status === 'loading' && (
        // Holds the sign-up form's place (invisible: neither seen, focused nor read), so the page
        // does not jump when a visitor who is not signed in gets the real one.
        <div className="relative">
          <div className="invisible">
            <AuthTabs onNotice={setNotice} signInFirst={signInFirst} />
          </div>
          <p className="absolute inset-0 flex items-center justify-center text-sm text-slate-600" aria-live="polite">
            Checking your sign-in...
          </p>
        </div>
      )}
      {session.status === 'unavailable' && (
        <p role="alert" className="text-sm font-medium text-red-800">
          {messages.authUnavailable}
        </p>
      )}
      {session.status === 'signedOut' && <AuthTabs onNotice={setNotice} signInFirst={signInFirst} />}
      {session.status === 'signedIn' && session.user && (
        <SignedInBox
          boxRef={signedInBox}
          email={session.user.email}
          ownedAddOns={showAddOns && !session.studentOnly ? session.ownedAddOns : null}
        />
      )}
      <div className="mt-4">
        <Notice notice={notice} />
      </div>
    </section>
  );
}
