/** The editors from the API, loaded once per page and shared by the islands that show them. */
import { atom } from 'nanostores';
import type { EditorChoice } from '../editor-rules';
import type { Editor } from '../editor-rules';
import { fetchEditors } from './editors-data';

export type EditorsState = { status: 'loading' } | { status: 'ready'; editors: Editor[] } | { status: 'error' };

export const $editors = atom<EditorsState>({ status: 'loading' });

let loading: Promise<EditorsState> | undefined;

/** Loads the editors (once; `force` retries after an error). A failure is logged. */
export function loadEditors(force = false): Promise<EditorsState> {
  if (loading && !force) return loading;
  $editors.set({ status: 'loading' });
  loading = fetchEditors().then((result) => {
    const ok = result.ok && Array.isArray(result.data);
    if (!ok) console.error('Could not load editors:', result.ok ? 'unexpected answer' : result.error);
    const state: EditorsState = ok ? { status: 'ready', editors: result.data } : { status: 'error' };
    $editors.set(state);
    return state;
  });
  return loading;
}

/** The editors a page was built with (decision 015), for every island of the page until the live list is in. */
export const $builtEditors = atom<readonly EditorChoice[]>([]);

/** What to show: the live list once loaded, the built one until then. */
export const shownEditors = (state: EditorsState, built: readonly EditorChoice[]): readonly EditorChoice[] =>
  state.status === 'ready' ? state.editors : built;
