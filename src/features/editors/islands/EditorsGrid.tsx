/**
 * The editors island: every editor (/editors and its filters) or the ones featured on a page (home,
 * about; chosen by the `featured` flags, never by name). The build renders the editors it knew into
 * the page, so they are there before any script; after load the live list replaces them, so an
 * admin's change shows without a rebuild. With nothing built (a production build that could not reach
 * the site), skeletons of the final card size hold the space while loading; then the cards, an empty
 * line, or an error with a retry.
 */
import { memo, useDeferredValue, useMemo, useRef, useState } from 'react';
import { filterEditors, listingHref, listingSummary, type EditorFilter } from '../editor-listing';
import type { Editor } from '../editor-rules';
import { EditorCard, EditorCardSkeleton } from './EditorCard';
import { useEditors } from './useEditors';
import { WaitlistDialog } from './WaitlistDialog';

interface Props {
  /** The editors the build knew (decision 015). */
  built: Editor[];
  /** Show only editors featured on this page; all editors when absent. */
  featured?: 'home' | 'about';
  /** The list's filter, with the major's name as the page shows it. */
  filter?: EditorFilter & { majorName?: string };
  /** Cards sit under an h1 (2) or under a section's h2 (3). */
  headingLevel?: 2 | 3;
  /** How many skeletons to reserve: the number of cards usually shown. */
  placeholders: number;
  /** Cards per row on wide screens: two suits a set of four. */
  columns?: 2 | 3;
}

export default function EditorsGrid({ built, featured, filter, headingLevel = 3, placeholders, columns = 3 }: Props) {
  const grid =
    columns === 3 ? 'grid gap-6 sm:grid-cols-2 lg:grid-cols-3' : 'mx-auto grid max-w-4xl gap-6 sm:grid-cols-2';
  const state = useEditors();
  const [waitlistFor, setWaitlistFor] = useState<Editor | null>(null);
  const region = useRef<HTMLDivElement>(null);
  const profiles = useMemo(() => new Set(built.map((e) => e.id)), [built]);

  const retry = () => {
    region.current?.focus();
    state.retry();
  };

  // The live list once in; the built one until then, and when the live one could not be loaded. A
  // long live list (50 editors) is rendered in the background, in slices, so the page stays responsive.
  const source = useDeferredValue(state.status === 'ready' ? state.editors : built);
  const live = state.status === 'ready' && source === state.editors;
  const waiting = built.length === 0 && state.status === 'loading';
  const failed = built.length === 0 && state.status === 'error';
  const editors = useMemo(
    () =>
      filterEditors(
        source.filter((editor) => !featured || editor.featured?.[featured]),
        filter,
      ),
    [source, featured, filter],
  );
  const settled = !waiting && !failed;

  return (
    <div
      ref={region}
      tabIndex={-1}
      className="focus:outline-none"
      aria-busy={waiting}
      data-source={live ? 'live' : 'built'}
    >
      <p role="status" className="sr-only">
        {waiting ? 'Loading editors…' : ''}
      </p>
      {filter && settled && (
        <p className="mb-6 text-slate-700" data-listing-summary="">
          {listingSummary(filter, editors.length)}
        </p>
      )}
      {waiting && (
        <div className={grid}>
          {Array.from({ length: placeholders }, (_, i) => (
            <EditorCardSkeleton key={i} />
          ))}
        </div>
      )}
      {failed && (
        <div
          role="alert"
          className="flex flex-col items-start gap-4 rounded-2xl border border-red-200 bg-red-50 p-6 text-red-900"
        >
          <p>We could not load our editors just now. Please check your connection and try again.</p>
          <button type="button" className="btn-primary" onClick={retry}>
            Try Again
          </button>
        </div>
      )}
      {settled &&
        editors.length === 0 &&
        (filter?.major || filter?.openOnly ? <NoneMatch filter={filter} /> : <NoneListed />)}
      {editors.length > 0 && (
        <EditorList
          editors={editors}
          grid={grid}
          headingLevel={headingLevel}
          onJoinWaitlist={setWaitlistFor}
          profiles={profiles}
        />
      )}
      {waitlistFor && <WaitlistDialog editor={waitlistFor} onClose={() => setWaitlistFor(null)} />}
    </div>
  );
}

interface ListProps {
  editors: Editor[];
  grid: string;
  headingLevel: 2 | 3;
  onJoinWaitlist: (editor: Editor) => void;
  profiles: ReadonlySet<string>;
}

/** The cards; memoised, so the grid's own updates leave them alone until their list changes. */
const EditorList = memo(function EditorList({ editors, grid, headingLevel, onJoinWaitlist, profiles }: ListProps) {
  return (
    <ul className={grid} aria-label="Editors">
      {editors.map((editor) => (
        <li key={editor.id} className="grid [contain-intrinsic-block-size:auto_30rem] [content-visibility:auto]">
          <EditorCard
            editor={editor}
            headingLevel={headingLevel}
            onJoinWaitlist={onJoinWaitlist}
            hasProfile={profiles.has(editor.id)}
          />
        </li>
      ))}
    </ul>
  );
});

const EMPTY_BOX = 'rounded-2xl border border-navy-100 bg-navy-50 p-6 text-slate-700';
const EMPTY_LINK = 'font-semibold text-navy-700 underline';

function NoneListed() {
  return (
    <p className={EMPTY_BOX}>
      No editors are listed right now. Check back soon, or{' '}
      <a className={EMPTY_LINK} href="/contact">
        tell us what you need
      </a>{' '}
      and we will match you with an editor.
    </p>
  );
}

/** A filter that leaves nobody: the way back to a wider list, and to us. */
function NoneMatch({ filter }: { filter: EditorFilter & { majorName?: string } }) {
  const wider =
    filter.openOnly && filter.major
      ? { href: listingHref({ major: filter.major }), label: `See every ${filter.majorName} editor` }
      : { href: listingHref(), label: 'See every editor' };
  return (
    <p className={EMPTY_BOX}>
      No editor matches this right now.{' '}
      <a className={EMPTY_LINK} href={wider.href}>
        {wider.label}
      </a>{' '}
      (a full editor takes overflow bookings and keeps a waitlist), or{' '}
      <a className={EMPTY_LINK} href="/contact">
        tell us what you need
      </a>{' '}
      and we will match you with an editor.
    </p>
  );
}
