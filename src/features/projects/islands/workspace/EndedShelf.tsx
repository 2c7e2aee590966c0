import { useEffect, useRef, useState } from 'react';
import type { ApiResult } from '#client/api';
import type { ProjectView } from '../../project';
import { InboxRow } from './InboxRow';
import type { Inbox } from '../project-api';

/** The ended shelf as loaded: null until asked for (or while loading). */
export type Loaded = ApiResult<Inbox> | null;
/** Asking for the shelf's next page. */
export type MoreState = 'idle' | 'loading' | 'failed';

/** Final, withdrawn and cancelled projects, loaded only when the editor asks (`?shelf=done`). */
export function EndedShelf({
  finished,
  projects,
  now,
  openId,
  onLoad,
  more,
  onMore,
}: {
  finished: Loaded;
  projects: ProjectView[] | null;
  now: Date;
  openId: string | null;
  onLoad: () => void;
  more: MoreState;
  onMore: () => void;
}) {
  const [asked, setAsked] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);
  const list = useRef<HTMLUListElement>(null);
  /** How many were shown when the next page was asked for: focus goes to the first that came. */
  const shownBefore = useRef<number | null>(null);
  useEffect(() => {
    const before = shownBefore.current;
    if (before === null || more !== 'idle') return;
    shownBefore.current = null;
    // The button is gone after the last page: focus stays in the shelf, on the first new project or its heading.
    const links = list.current?.querySelectorAll('a') ?? [];
    (links[before] ?? heading.current)?.focus();
  }, [projects, more]);
  return (
    <section aria-labelledby="ended-heading" className="space-y-2 border-t border-slate-200 pt-4">
      <h3
        id="ended-heading"
        ref={heading}
        tabIndex={-1}
        className="text-sm font-bold tracking-wide text-slate-700 uppercase"
      >
        Ended
      </h3>
      {!asked && (
        <button
          type="button"
          className="btn-outline min-h-10 px-4 py-1.5 text-sm"
          onClick={() => {
            setAsked(true);
            onLoad();
          }}
        >
          Show ended projects
        </button>
      )}
      {asked && !finished && <p role="status">Loading ended projects...</p>}
      {finished && !finished.ok && (
        <p role="alert" className="text-red-800">
          We could not load your ended projects.{' '}
          <button type="button" onClick={onLoad} className="min-h-11 font-semibold underline">
            Try again
          </button>
        </p>
      )}
      {projects?.length === 0 && <p className="text-sm text-slate-700">No ended projects yet.</p>}
      {projects && projects.length > 0 && (
        <ul ref={list} className="space-y-2">
          {projects.map((project) => (
            <InboxRow key={project.id} project={project} now={now} current={project.id === openId} />
          ))}
        </ul>
      )}
      {finished?.ok && finished.data.nextCursor && (
        <button
          type="button"
          className="btn-outline min-h-10 px-4 py-1.5 text-sm"
          aria-disabled={more === 'loading'}
          onClick={() => {
            if (more === 'loading') return;
            shownBefore.current = projects?.length ?? 0;
            onMore();
          }}
        >
          {more === 'loading' ? 'Loading more...' : 'Show more ended projects'}
        </button>
      )}
      {more === 'failed' && (
        <p role="alert" className="text-red-800">
          We could not load more ended projects. Press the button to try again.
        </p>
      )}
    </section>
  );
}
