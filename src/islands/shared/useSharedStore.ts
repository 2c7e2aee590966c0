import { useStore } from '@nanostores/react';
import type { ReadableAtom } from 'nanostores';

/**
 * A nanostore shared by several islands. Its first render uses the store's initial value, which is
 * what the build rendered: the islands of a page hydrate one by one, and another island may have
 * changed the store already (restored the order, learnt the session). Reading the current value
 * there would not match the server's HTML (React error #418) and React would throw that HTML away
 * with whatever the visitor had typed into it. React renders again with the current value at once.
 */
export const useSharedStore = <T>(store: ReadableAtom<T>): T => useStore(store, { ssr: 'initial' });
