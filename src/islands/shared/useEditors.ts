import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { $editors, loadEditors, type EditorsState } from '../../stores/editors';

/**
 * The editors from the API, loaded in the browser so an admin's change shows without a rebuild; one
 * request per page, however many islands ask. A failure is logged (SPEC §8) and offers a retry.
 */
export function useEditors(): EditorsState & { retry: () => void } {
  const state = useStore($editors);
  useEffect(() => void loadEditors(), []);
  return { ...state, retry: () => void loadEditors(true) };
}
