/**
 * The projects' timers: the process's own (reminders, late rounds, warnings, the auto-final, the
 * review window) and the repairs a step leaves for later (slots, a refund, notices, an editor's
 * numbers, an unused upload, the retention period). Each handler reads the project and acts only if it
 * still needs it, marking what it did in the same compare-and-set, so a run repeated (or two runs at
 * once) changes nothing twice.
 */
import { type Project, type ProjectEvent, type Round } from '../project';
import { currentRound, TIMERS, transitionNamed, type TimerName } from '../process';
import { HttpError } from '#server/core/http';
import { noticesOfEvent, send, timerNotices } from './notify';
import { projectFilesRepo } from '#features/essay/server/files';
import { projectFileIds } from './remove-draft';
import { deleteContentIfDue } from './retention';
import { draftTextsRepo } from '#features/essay/server/draft-texts.repo';
import { projectsRepo, StaleProjectError } from './projects.repo';
import { BEYOND, commitStep, type StepContext } from './steps';
import { tellOwnerOfLateRound } from './owner-notices';
import type { Step } from './transitions';
import type { Timer, TimerHandler } from '#server/core/timers';

const SYSTEM = { role: 'system', name: 'system' } as const;

/**
 * Records what a timer did on the project (compare-and-set). The version stays: a reminder or a late
 * flag changes nothing a person acts on, so it must not make their next step stale.
 */
async function mark(
  project: Project,
  etag: string,
  change: Partial<Project>,
  type: ProjectEvent['type'],
  now: Date,
  context: StepContext,
): Promise<string> {
  const at = now.toISOString();
  const event: ProjectEvent = { at, by: 'system', actor: 'system', type, from: project.state, to: project.state };
  await projectsRepo(context).replace(
    project,
    { ...project, ...change, history: [...project.history, event], updatedAt: at },
    etag,
  );
  return at;
}

/** When a timer marked `type` on the project: its reminder is sent once for that mark. */
const markedAt = (project: Project, type: ProjectEvent['type']) =>
  project.history.findLast((e) => e.type === type)?.at ?? project.updatedAt;

/** Looks at the project as stored now: a project that is gone needs nothing. */
const onProject =
  (act: (project: Project, etag: string, timer: Timer, context: StepContext, now: Date) => Promise<unknown>) =>
  async (timer: Timer, context: StepContext, now: Date) => {
    const found = await projectsRepo(context).getForUpdate(timer.subjectId);
    if (found) await act(found.value, found.etag, timer, context, now);
  };

/** An upload no round kept (or a removed draft's file) is deleted with its text a while after. */
async function deleteUnusedFile(timer: Timer, context: StepContext) {
  const project = await projectsRepo(context).get(timer.subjectId);
  if (project && projectFileIds(project).has(timer.ref)) return;
  await draftTextsRepo(context).remove(timer.subjectId, timer.ref);
  await projectFilesRepo(context).remove(timer.subjectId, timer.ref);
}

const processTimers = Object.fromEntries(
  (Object.keys(TIMERS) as TimerName[]).map((name) => [
    name,
    onProject((project, etag, timer, context, now) => processTimer(name, timer.ref, project, etag, now, context)),
  ]),
);

/** Every kind of timer a project sets, by the name it is scheduled under. */
export const projectTimers: Record<string, TimerHandler<StepContext>> = {
  ...processTimers,
  ...Object.fromEntries(
    Object.values(BEYOND).map(({ timer, carryOut }) => [
      timer,
      onProject((project, _etag, _timer, context) => carryOut(project, context)),
    ]),
  ),
  notify: onProject((project, _etag, timer, context) =>
    send(noticesOfEvent(project, Number(timer.ref)), project, context),
  ),
  retention: onProject((project, etag, _timer, context, now) => deleteContentIfDue(project, etag, now, context)),
  file: (timer, context) => deleteUnusedFile(timer, context),
};

/** A project changed meanwhile: the next run looks again, and nothing needs a log. */
export const changedMeanwhile = (error: unknown) =>
  error instanceof StaleProjectError || (error instanceof HttpError && error.status === 409);

/**
 * A timer of the process: it acts only while the project is still where the transition that set it
 * left it (its states, its round) and its time has come by the project as it is now (keeping a
 * project open moves its final time); what it does is marked on the project so it happens once.
 */
async function processTimer(
  name: TimerName,
  ref: string,
  project: Project,
  etag: string,
  now: Date,
  context: StepContext,
): Promise<void> {
  const timer = TIMERS[name];
  const round = currentRound(project);
  // A project our team made final before any draft has no round: its timers are keyed 0.
  const live =
    String(round?.n ?? 0) === ref &&
    (timer.while as readonly string[]).includes(project.state) &&
    timer.at(project).getTime() <= now.getTime();
  if (!live) return;
  if ('takes' in timer) {
    const t = transitionNamed(timer.takes);
    await commitStep(project, etag, t, { action: t.action } as Step, SYSTEM, context, now);
    return;
  }
  if (!round && !('roundless' in timer)) return;
  const { event, done, change, id } = timer.marks;
  const r = round as Round; // a roundless timer reads none
  // Marked already by a run that could not send: send now (once), without marking again.
  const at = done(project, r)
    ? markedAt(project, event)
    : await mark(project, etag, change(project, r), event, now, context);
  if (Object.keys(timer.notices).length > 0)
    await send(timerNotices(name, id(project, r), project, at), project, context);
  // Once however often it runs: a run the mail failed in is repeated, and finds the mark made.
  if ('tellsOwner' in timer) await tellOwnerOfLateRound(project, r, new Date(at), context);
}
