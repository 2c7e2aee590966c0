import { INVITE_FRAGMENT, KEPT_INVITATION as KEPT } from '../invitation-link';

/** The token from the link (then taken off the address bar, so it is not shared or bookmarked), or the one kept. */
/** Forgets the kept token: the invitation was accepted, or its link no longer works. */
export const forgetInvitation = () => sessionStorage.removeItem(KEPT);

export function invitationToken(): string | null {
  const hash = location.hash.slice(1);
  if (hash.startsWith(INVITE_FRAGMENT)) {
    const token = decodeURIComponent(hash.slice(INVITE_FRAGMENT.length));
    sessionStorage.setItem(KEPT, token);
    history.replaceState(null, '', location.pathname + location.search);
    return token;
  }
  return sessionStorage.getItem(KEPT);
}
