import { useId, useRef, useState, type FormEvent } from 'react';
import {
  SEARCH_LIMITS,
  searchKindLabel,
  searchMessages,
  type SearchAnswer,
  type SearchGroup,
  type SearchHit,
  type SearchKind,
} from '../search';
import { searchAll } from '../../../islands/shared/admin/admin-api';

type State =
  | { status: 'idle' }
  | { status: 'searching'; q: string }
  | { status: 'failed'; q: string; error: string }
  | { status: 'done'; answer: SearchAnswer };

/** How long a tab may take to show the item asked for before the admin is told it is further down. */
const REVEAL_WAIT_MS = 5000;

/**
 * Brings the item's element into view and focus once its tab has loaded it; answers whether it did.
 * Lists show their first page, so an older item may not be there: the caller says so.
 */
function reveal(anchor: string): Promise<boolean> {
  return new Promise((resolve) => {
    const show = () => {
      const element = document.getElementById(anchor);
      if (!element) return false;
      if (!element.hasAttribute('tabindex')) element.setAttribute('tabindex', '-1');
      element.scrollIntoView({ block: 'center' });
      element.focus({ preventScroll: true });
      return true;
    };
    if (show()) return resolve(true);
    const observer = new MutationObserver(() => {
      if (!show()) return;
      observer.disconnect();
      clearTimeout(timer);
      resolve(true);
    });
    const timer = setTimeout(() => {
      observer.disconnect();
      resolve(false);
    }, REVEAL_WAIT_MS);
    observer.observe(document.body, { childList: true, subtree: true });
  });
}

const countText = (n: number, one: string) => `${n} ${one}${n === 1 ? '' : 'es'}`;

function summary(answer: SearchAnswer) {
  const total = answer.groups.reduce((sum, group) => sum + group.matches, 0);
  const more = answer.groups.some((group) => group.more);
  if (total === 0 && !more) return searchMessages.noMatches(answer.q);
  return `${more ? 'More than ' : ''}${countText(total, 'match')} for “${answer.q}”.`;
}

function Group({ group, onOpen }: { group: SearchGroup; onOpen: (hit: SearchHit) => void }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId}>
      <h2 id={headingId} className="text-sm font-bold tracking-wide text-navy-900 uppercase">
        {`${searchKindLabel[group.kind]} (${group.matches}${group.more ? '+' : ''})`}
      </h2>
      {group.hits.length > 0 && (
        <ul className="mt-1 divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white">
          {group.hits.map((hit) => (
            <li key={hit.id}>
              <a
                href={`?tab=${hit.kind}`}
                onClick={(event) => {
                  event.preventDefault();
                  onOpen(hit);
                }}
                className="block min-h-11 px-3 py-2 hover:bg-navy-50 focus-visible:bg-navy-50"
              >
                <span className="block font-semibold [overflow-wrap:anywhere] text-navy-800 underline-offset-2 hover:underline">
                  {hit.title}
                </span>
                <span className="block text-sm [overflow-wrap:anywhere] text-slate-700">{hit.detail}</span>
              </a>
            </li>
          ))}
        </ul>
      )}
      {(group.matches > group.hits.length || group.more) && (
        <p className="mt-1 text-sm text-slate-700">
          Showing {group.hits.length} of {group.more ? `more than ${group.matches}` : group.matches}: type more of the
          name or address to narrow it down.
        </p>
      )}
    </section>
  );
}

/**
 * One search box over every list of the admin area: a name, an e-mail address, an order or project
 * id. Results come grouped by list; each opens its tab and, when the tab shows it, the item itself.
 */
export function AdminSearch({ onOpenTab }: { onOpenTab: (tab: SearchKind) => void }) {
  const id = useId();
  const [q, setQ] = useState('');
  const [state, setState] = useState<State>({ status: 'idle' });
  const [problem, setProblem] = useState<string | null>(null);
  const [note, setNote] = useState('');
  const input = useRef<HTMLInputElement>(null);

  async function run(query: string) {
    setNote('');
    setState({ status: 'searching', q: query });
    const result = await searchAll(query);
    setState(
      result.ok
        ? { status: 'done', answer: result.data }
        : { status: 'failed', q: query, error: result.status === 400 ? result.error : searchMessages.failed },
    );
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    const query = q.trim();
    if (query.length < SEARCH_LIMITS.minLength) {
      setProblem(searchMessages.typeMore);
      input.current?.focus();
      return;
    }
    setProblem(null);
    void run(query);
  }

  function clear() {
    setQ('');
    setProblem(null);
    setNote('');
    setState({ status: 'idle' });
    input.current?.focus();
  }

  async function open(hit: SearchHit) {
    onOpenTab(hit.kind);
    setNote(`Opened ${searchKindLabel[hit.kind]}.`);
    const shown = hit.anchor !== null && (await reveal(hit.anchor));
    if (!shown)
      setNote(
        `Opened ${searchKindLabel[hit.kind]}. ${hit.title} is not among the first items shown there: use Load more to reach it.`,
      );
  }

  const groups = state.status === 'done' ? state.answer.groups.filter((group) => group.matches > 0 || group.more) : [];
  return (
    <div id="admin-search" className="space-y-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
      <form
        role="search"
        aria-label="Search the admin lists"
        method="post"
        onSubmit={submit}
        noValidate
        className="flex flex-wrap items-end gap-2"
      >
        <div className="min-w-0 flex-1 basis-64 space-y-1">
          <label htmlFor={`${id}-q`} className="block text-sm font-semibold text-slate-800">
            Find a family, an order or an e-mail
          </label>
          <input
            ref={input}
            id={`${id}-q`}
            type="search"
            className="input"
            value={q}
            maxLength={SEARCH_LIMITS.maxLength}
            onChange={(e) => setQ(e.target.value)}
            placeholder="Name, e-mail or order id"
            aria-invalid={problem !== null}
            aria-describedby={problem ? `${id}-problem` : undefined}
            autoComplete="off"
          />
        </div>
        <button type="submit" className="btn-primary" disabled={state.status === 'searching'}>
          {state.status === 'searching' ? 'Searching...' : 'Search'}
        </button>
        {state.status !== 'idle' && (
          <button type="button" className="btn-outline" onClick={clear}>
            Clear
          </button>
        )}
      </form>
      {problem && (
        <p id={`${id}-problem`} className="text-sm font-semibold text-red-800">
          {problem}
        </p>
      )}
      <div role="status" className="text-sm text-slate-800">
        {state.status === 'searching' && `Searching for “${state.q}”...`}
        {state.status === 'done' && summary(state.answer)}
        {note && <span className="block font-semibold">{note}</span>}
      </div>
      {state.status === 'failed' && (
        <div className="flex flex-wrap items-center gap-3">
          <p className="text-slate-800">{state.error}</p>
          <button type="button" className="btn-outline min-h-10 px-4 py-1.5 text-sm" onClick={() => void run(state.q)}>
            Try again
          </button>
        </div>
      )}
      {groups.length > 0 && (
        <div className="grid gap-4 lg:grid-cols-2">
          {groups.map((group) => (
            <Group key={group.kind} group={group} onOpen={(hit) => void open(hit)} />
          ))}
        </div>
      )}
    </div>
  );
}
