import { useCallback, useEffect, useState } from 'react';
import type { ApiResult } from '#client/api';
import { $session, signedInFetch, SIGNED_OUT, startSession } from '#stores/session';
import { useSharedStore } from './useSharedStore';

export type SignedInFetch<T> = { state: 'loading' } | { state: 'signedOut' } | { state: 'done'; result: ApiResult<T> };

const answered = <T>(result: ApiResult<T> | typeof SIGNED_OUT): SignedInFetch<T> =>
  result === SIGNED_OUT ? { state: 'signedOut' } : { state: 'done', result };

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
    setValue(answered(await signedInFetch<T>(path)));
  }, [path]);

  // Signed out, or nothing to fetch: said at once, in the render that learns it.
  const nothingToFetch = session.status !== 'loading' && (session.status !== 'signedIn' || !path);
  const [saidNothing, setSaidNothing] = useState(false);
  if (nothingToFetch !== saidNothing) {
    setSaidNothing(nothingToFetch);
    if (nothingToFetch) setValue({ state: 'signedOut' });
  }

  useEffect(() => void startSession(), []);
  useEffect(() => {
    if (session.status === 'signedIn' && path) void signedInFetch<T>(path).then((result) => setValue(answered(result)));
  }, [session.status, uid, verified, path]);

  return { value, reload };
}
