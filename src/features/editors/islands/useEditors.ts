import { useEffect } from 'react';
import type { EditorChoice } from '../editor-rules';
import { $editors, loadEditors, shownEditors, type EditorsState } from './editors-store';
import { useSharedStore } from '../../../islands/shared/useSharedStore';

/**
 * The editors from the API, loaded in the browser so an admin's change shows without a rebuild; one
 * request per page, however many islands ask. A failure is logged and offers a retry.
 * `shown` is the live list once loaded, the `built` one (rendered into the page) until then.
 */
export function useEditors(built: readonly EditorChoice[] = []) {
  const state: EditorsState = useSharedStore($editors);
  useEffect(() => void loadEditors(), []);
  return { ...state, shown: shownEditors(state, built), retry: () => void loadEditors(true) };
}
