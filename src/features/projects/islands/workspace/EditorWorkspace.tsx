import { useEffect, useState } from 'react';
import type { ApiResult } from '#client/api';
import type { ProjectView } from '../../project';
import { getProject, getShelf, shelfPath, type Inbox } from '../project-api';
import { useNow } from '../useNow';
import { useProjectHash } from '../useProjectHash';
import { useProjectList } from '../useProjectList';
import { useSignedInFetch } from '../../../../islands/shared/useSignedInFetch';
import { EndedShelf, type Loaded, type MoreState } from './EndedShelf';
import { InboxRow } from './InboxRow';
import { inboxGroups } from './inbox';
import { NotAnEditor } from './NotAnEditor';
import { VerifyEmail } from '../../../../islands/shared/account/VerifyEmail';
import { useSharedStore } from '../../../../islands/shared/useSharedStore';
import { $session } from '#stores/session';
import { OpenProject } from './OpenProject';
import { ProfileBio } from './ProfileBio';
import { LoadFailed } from '../../../../islands/shared/LoadFailed';
import { SamplesDisclosure } from '../../../editors/islands/SamplesDisclosure';
import { EarningsDisclosure } from '../../../payouts/islands/EarningsDisclosure';

/**
 * The editor's workspace: their slots, their profile's bio, their inbox by what it needs, the project they
 * opened (`#project-<id>`, also the link in their e-mails) and, on demand, the ended shelf (final, withdrawn and cancelled: finished is final alone).
 * Anyone signed in who is not an editor is told so, after verifying their address if they have not;
 * the Account card above signs people in.
 */
export default function EditorWorkspace() {
  const { value, reload } = useSignedInFetch<Inbox>(shelfPath('open'));
  const { user } = useSharedStore($session);
  const inbox = value.state === 'done' && value.result.ok ? value.result.data : null;
  const open = useProjectList(inbox?.projects ?? null);
  const [finished, setFinished] = useState<Loaded>(null);
  const [more, setMore] = useState<MoreState>('idle');
  const done = useProjectList(finished?.ok ? finished.data.projects : null);
  /** A project read alone, by the id it was asked for. */
  const [fetched, setFetched] = useState<{ id: string; result: ApiResult<ProjectView> } | null>(null);
  const openId = useProjectHash();
  const now = useNow();

  const listed = [...(open.projects ?? []), ...(done.projects ?? [])].find((p) => p.id === openId);
  const fetchedOne = fetched?.id === openId && fetched.result.ok ? fetched.result.data : null;
  const current = listed ?? fetchedOne;

  // A link to a project on neither shelf loaded so far (an e-mail about a finished one): ask for it
  // alone, once per id ('Try again' clears the answer to ask again).
  const askAlone = openId && inbox && !listed && fetched?.id !== openId ? openId : null;
  useEffect(() => {
    if (!askAlone) return;
    let stale = false;
    void getProject(askAlone).then((result) => !stale && setFetched({ id: askAlone, result }));
    return () => {
      stale = true;
    };
  }, [askAlone]);

  function update(project: ProjectView) {
    open.update(project);
    done.update(project);
    if (fetchedOne?.id === project.id) setFetched({ id: project.id, result: { ok: true, data: project } });
  }

  async function loadFinished() {
    setFinished(null);
    setMore('idle');
    setFinished(await getShelf('done'));
  }

  /** The next page of the ended shelf, after those shown; a failure leaves them shown. */
  async function loadMore() {
    if (!finished?.ok || !finished.data.nextCursor) return;
    setMore('loading');
    const next = await getShelf('done', finished.data.nextCursor);
    if (!next.ok) return setMore('failed');
    setMore('idle');
    setFinished((shown) =>
      shown?.ok
        ? { ok: true, data: { ...next.data, projects: [...shown.data.projects, ...next.data.projects] } }
        : shown,
    );
  }

  if (value.state === 'signedOut') return null;
  if (value.state === 'loading') return <p role="status">Loading your workspace...</p>;
  if (!value.result.ok) {
    if (value.result.status === 403) {
      return user && !user.emailVerified ? <VerifyEmail email={user.email} why="staff" level={2} /> : <NotAnEditor />;
    }
    return <LoadFailed what="your inbox" onRetry={() => void reload()} />;
  }

  const { editor } = value.result.data;
  const groups = inboxGroups(open.projects ?? []);
  // The project a link named could not be read: not theirs (404), or a failure worth another try.
  const failed = !current && fetched?.id === openId && !fetched.result.ok ? fetched.result : null;

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-3 rounded-xl bg-navy-50 p-4">
        <p className="text-lg font-semibold text-navy-900">
          {editor.name}{' '}
          <span className="mx-2 text-slate-400" aria-hidden="true">
            ·
          </span>
          <span className="font-normal text-slate-800" data-testid="editor-slots">
            Slots open: {editor.slotsOpen}/{editor.totalSlots}
          </span>
        </p>
        <button type="button" className="btn-outline min-h-10 px-4 py-1.5 text-sm" onClick={() => void reload()}>
          Refresh
        </button>
      </div>
      <ProfileBio editorId={editor.id} bio={editor.bio} />
      <EarningsDisclosure />
      <SamplesDisclosure />
      <div className="gap-6 lg:grid lg:grid-cols-[20rem_minmax(0,1fr)] lg:items-start">
        <nav id="inbox" aria-labelledby="inbox-heading" className="scroll-mt-20 space-y-5">
          <h2 id="inbox-heading" className="font-serif text-2xl font-bold text-navy-900">
            Inbox
          </h2>
          {groups.length === 0 && (
            <p className="text-slate-700">
              Nothing open. Projects appear here as soon as a family buys editing with you.
            </p>
          )}
          {groups.map((group) => (
            <section key={group.state} aria-labelledby={`group-${group.state}`} className="space-y-2">
              <h3 id={`group-${group.state}`} className="text-sm font-bold tracking-wide text-slate-700 uppercase">
                {group.title} ({group.projects.length})
              </h3>
              <ul className="space-y-2">
                {group.projects.map((project) => (
                  <InboxRow key={project.id} project={project} now={now} current={project.id === openId} />
                ))}
              </ul>
            </section>
          ))}
          <EndedShelf
            finished={finished}
            projects={done.projects}
            now={now}
            openId={openId}
            onLoad={loadFinished}
            more={more}
            onMore={loadMore}
          />
        </nav>
        <div className="mt-8 lg:mt-0">
          {/* One per project: what a step said, and the forms left open, belong to the project they are about. */}
          {current && <OpenProject key={current.id} project={current} now={now} onChange={update} />}
          {failed && (
            <p role="alert" className="rounded-xl border border-red-300 bg-red-50 p-4 text-red-900">
              {failed.status === 404 ? (
                'We could not open that project: it is not one of yours, or it no longer exists.'
              ) : (
                <>
                  We could not load that project.{' '}
                  <button type="button" onClick={() => setFetched(null)} className="min-h-11 font-semibold underline">
                    Try again
                  </button>
                </>
              )}
            </p>
          )}
          {!current && !failed && (
            <p className="hidden rounded-xl border border-dashed border-slate-300 p-6 text-slate-700 lg:block">
              {openId
                ? 'Opening the project...'
                : 'Choose a project from your inbox to read the draft, acknowledge it or return feedback.'}
            </p>
          )}
        </div>
      </div>
    </div>
  );
}
