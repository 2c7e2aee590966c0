import { useEffect, useRef } from 'react';
import AccountCard from './AccountCard';

interface Props {
  /** The page's own heading, so the visitor knows where signing in leads. */
  title: string;
  text: string;
}

/**
 * What a signed-out visitor gets on a page that is theirs only when signed in (an order, its
 * checkout, the admin area): the page's heading and the sign-in form. Signing in re-renders the
 * page in place (its data follows the session), so the visitor continues where they were.
 */
export function SignInToContinue({ title, text }: Props) {
  return (
    <div className="mx-auto max-w-xl space-y-4">
      <h1 className="font-serif text-3xl font-bold text-navy-900">{title}</h1>
      {/* The account exists already (it placed the order, or holds the admin role): signing in comes first. */}
      <AccountCard signedOutText={text} showAddOns={false} signInFirst />
    </div>
  );
}

/**
 * The sign-in form the visitor was typing in is gone once the page shows: their focus would fall to
 * the page body. This moves it to the page's new main heading instead (announced by screen readers),
 * but only after the visitor signed in here. Put the returned ref on the island's outer element.
 */
export function useFocusAfterSignIn(signedOut: boolean, showing: boolean) {
  const container = useRef<HTMLDivElement>(null);
  const wasSignedOut = useRef(false);
  useEffect(() => {
    if (signedOut) wasSignedOut.current = true;
    else if (showing && wasSignedOut.current) {
      wasSignedOut.current = false;
      const heading = container.current?.querySelector('h1');
      if (!heading) return;
      heading.tabIndex = -1;
      heading.focus();
    }
  }, [signedOut, showing]);
  return container;
}
