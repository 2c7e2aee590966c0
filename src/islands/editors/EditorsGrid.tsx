/**
 * The editors island: every editor (/editors) or the ones featured on a page (home, about; chosen
 * by the `featured` flags, never by name). Skeletons of the final card size hold the space while
 * loading, so nothing jumps; then the cards, an empty line, or an error with a retry.
 */
import { useRef, useState } from 'react';
import type { Editor } from '../../lib/schemas';
import { EditorCard, EditorCardSkeleton } from './EditorCard';
import { useEditors } from '../shared/useEditors';
import { WaitlistDialog } from './WaitlistDialog';

interface Props {
  /** Show only editors featured on this page; all editors when absent. */
  featured?: 'home' | 'about';
  /** Cards sit under an h1 (2) or under a section's h2 (3). */
  headingLevel?: 2 | 3;
  /** How many skeletons to reserve: the number of cards usually shown. */
  placeholders: number;
  /** Cards per row on wide screens: two suits a set of four. */
  columns?: 2 | 3;
}

export default function EditorsGrid({ featured, headingLevel = 3, placeholders, columns = 3 }: Props) {
  const grid = columns === 3 ? 'grid gap-6 sm:grid-cols-2 lg:grid-cols-3' : 'mx-auto grid max-w-4xl gap-6 sm:grid-cols-2';
  const state = useEditors();
  const [waitlistFor, setWaitlistFor] = useState<Editor | null>(null);
  const region = useRef<HTMLDivElement>(null);

  const retry = () => {
    region.current?.focus();
    state.retry();
  };

  const editors =
    state.status === 'ready' ? state.editors.filter((editor) => !featured || editor.featured?.[featured]) : [];

  return (
    <div ref={region} tabIndex={-1} className="focus:outline-none" aria-busy={state.status === 'loading'}>
      <p role="status" className="sr-only">
        {state.status === 'loading' ? 'Loading editors…' : ''}
      </p>
      {state.status === 'loading' && (
        <div className={grid}>
          {Array.from({ length: placeholders }, (_, i) => (
            <EditorCardSkeleton key={i} />
          ))}
        </div>
      )}
      {state.status === 'error' && (
        <div role="alert" className="flex flex-col items-start gap-4 rounded-2xl border border-red-200 bg-red-50 p-6 text-red-900">
          <p>We could not load our editors just now. Please check your connection and try again.</p>
          <button type="button" className="btn-primary" onClick={retry}>
            Try Again
          </button>
        </div>
      )}
      {state.status === 'ready' && editors.length === 0 && (
        <p className="rounded-2xl border border-navy-100 bg-navy-50 p-6 text-slate-700">
          No editors are listed right now. Check back soon, or{' '}
          <a className="font-semibold text-navy-700 underline" href="/contact">
            tell us what you need
          </a>{' '}
          and we will match you with an editor.
        </p>
      )}
      {editors.length > 0 && (
        <ul className={grid} aria-label="Editors">
          {editors.map((editor) => (
            <li key={editor.id} className="grid">
              <EditorCard editor={editor} headingLevel={headingLevel} onJoinWaitlist={setWaitlistFor} />
            </li>
          ))}
        </ul>
      )}
      {waitlistFor && <WaitlistDialog editor={waitlistFor} onClose={() => setWaitlistFor(null)} />}
    </div>
  );
}
