/**
 * Loads the editors from the API in the browser, so an admin's change shows without a rebuild.
 * A failure is logged (SPEC §8) and offered a retry instead of leaving the list silently empty.
 */
import { useCallback, useEffect, useState } from 'react';
import { apiFetch } from '../../client/api';
import type { Editor } from '../../lib/schemas';

export type EditorsState =
  | { status: 'loading' }
  | { status: 'error' }
  | { status: 'ready'; editors: Editor[] };

export function useEditors(): EditorsState & { retry: () => void } {
  const [state, setState] = useState<EditorsState>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let current = true;
    apiFetch<Editor[]>('/api/database/editors').then((result) => {
      if (!current) return;
      if (result.ok && Array.isArray(result.data)) return setState({ status: 'ready', editors: result.data });
      console.error('Could not load editors:', result.ok ? 'unexpected answer' : result.error);
      setState({ status: 'error' });
    });
    return () => {
      current = false;
    };
  }, [attempt]);

  const retry = useCallback(() => {
    setState({ status: 'loading' });
    setAttempt((n) => n + 1);
  }, []);

  return { ...state, retry };
}
