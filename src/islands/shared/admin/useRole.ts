import { $session } from '#stores/session';
import { useSharedStore } from '../useSharedStore';

/** Whether the signed-in admin is an owner: the admin area hides what staff may not do; the server refuses it anyway. */
export function useIsOwner() {
  return useSharedStore($session).role === 'owner';
}
