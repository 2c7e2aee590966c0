import { useCallback, useEffect, useState } from 'react';
import type { ApiResult } from '../../client/api';
import { $session, signedInFetch, SIGNED_OUT, startSession } from '../../stores/session';
import { useSharedStore } from './useSharedStore';

export type SignedInFetch<T> = { state: 'loading' } | { state: 'signedOut' } | { state: 'done'; result: ApiResult<T> };

/**
 * GETs one of our endpoints as the signed-in user, once the session is known. `reload` fetches again
 * (polling a pending order, for instance). A null path fetches nothing.
 */
export function useSignedInFetch<T>(path: string | null) {
  const session = useSharedStore($session);
  const [value, setValue] = useState<SignedInFetch<T>>({ state: 'loading' });
  const uid = session.user?.uid;
  // An address verified meanwhile may open what was refused: ask again.
  const verified = session.user?.emailVerified;

  const reload = useCallback(async () => {
    if (!path) return setValue({ state: 'signedOut' });
    const result = await signedInFetch<T>(path);
    setValue(result === SIGNED_OUT ? { state: 'signedOut' } : { state: 'done', result });
  }, [path]);

  useEffect(() => void startSession(), []);
  useEffect(() => {
    if (session.status === 'loading') return;
    if (session.status !== 'signedIn') return setValue({ state: 'signedOut' });
    void reload();
  }, [session.status, uid, verified, reload]);

  return { value, reload };
}
