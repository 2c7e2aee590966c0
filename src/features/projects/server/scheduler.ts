/**
 * One run of the delivery timers, the expiry of unpaid orders, the new attempts at mail SMTP
 * refused and the waitlists told of an opening: every timer due now, oldest first. Each handler
 * reads the project and acts only if it still needs it, marking what it did in the same
 * compare-and-set, so a run repeated (or two runs at once) changes nothing twice. A timer is
 * removed once handled; one that failed stays for the next run.
 */
import { type Project, type ProjectEvent } from '../project';
import { currentRound, TIMERS, transitionNamed, type TimerName } from '../process';
import { HttpError } from '#server/core/http';
import { retryMail } from '#server/core/mail';
import { expireIfDue } from '#server/orders/unpaid-orders';
import { refundCancellation } from './cancellation';
import { noticesOfEvent, send, timerNotices } from './notify';
import { projectFilesRepo } from '#server/essay/files';
import { projectFileIds } from './remove-draft';
import { deleteContentIfDue } from './retention';
import { draftTextsRepo } from '#server/essay/draft-texts.repo';
import { projectsRepo, StaleProjectError } from './projects.repo';
import { syncSlots } from './slots';
import { syncEditorStats } from '#server/reviews/editor-stats';
import { commitStep, type StepContext } from './steps';
import { timersRepo, type Timer } from '#server/core/timers';
import { tellWaitlist } from '#server/waitlist/waitlist-notify';

const SYSTEM = { role: 'system', name: 'system' } as const;

export interface RunSummary {
  due: number;
  handled: number;
  failed: number;
}

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

async function handle(timer: Timer, now: Date, context: StepContext): Promise<void> {
  if (timer.kind === 'expire') {
    await expireIfDue(timer.subjectId, context, now);
    return;
  }
  if (timer.kind === 'mail') {
    await retryMail(timer.subjectId, Number(timer.ref), context, now);
    return;
  }
  if (timer.kind === 'waitlist') {
    await tellWaitlist(timer.subjectId, Number(timer.ref), context, now);
    return;
  }
  const repo = projectsRepo(context);
  if (timer.kind === 'file') {
    const project = await repo.get(timer.subjectId);
    if (!project || !projectFileIds(project).has(timer.ref)) {
      await draftTextsRepo(context).remove(timer.subjectId, timer.ref);
      await projectFilesRepo(context).remove(timer.subjectId, timer.ref);
    }
    return;
  }
  const found = await repo.getForUpdate(timer.subjectId);
  if (!found) return;
  switch (timer.kind) {
    case 'sync':
      await syncSlots(found.value, context);
      return;
    case 'refund':
      await refundCancellation(found.value, context);
      return;
    case 'notify':
      await send(noticesOfEvent(found.value, Number(timer.ref)), found.value, context);
      return;
    case 'stats':
      await syncEditorStats(found.value, context);
      return;
    case 'retention':
      await deleteContentIfDue(found.value, found.etag, now, context);
      return;
  }
  if (timer.kind in TIMERS)
    await processTimer(timer.kind as TimerName, timer.ref, found.value, found.etag, now, context);
}

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
  switch (timer.does) {
    case 'remind-reviewers': {
      const at = project.reminders.reviewReminder
        ? markedAt(project, 'review_reminder')
        : await mark(
            project,
            etag,
            { reminders: { ...project.reminders, reviewReminder: true } },
            'review_reminder',
            now,
            context,
          );
      await send(timerNotices(name, 'review-reminder', project, at), project, context);
      return;
    }
    case 'close-reviews':
      await commitStep(project, etag, transitionNamed('close-reviews'), { action: 'review' }, SYSTEM, context, now);
      return;
  }
  if (!round) return;
  switch (timer.does) {
    case 'remind-editor': {
      // Marked already by a run that could not send: send now (once), without marking again.
      const at =
        project.reminders.ackRound === round.n
          ? markedAt(project, 'ack_reminder')
          : await mark(
              project,
              etag,
              { reminders: { ...project.reminders, ackRound: round.n } },
              'ack_reminder',
              now,
              context,
            );
      await send(timerNotices(name, `ack-r${round.n}`, project, at), project, context);
      return;
    }
    case 'mark-late':
      if (round.returnedAt !== null || round.late) return;
      await mark(
        project,
        etag,
        { rounds: project.rounds.map((r) => (r.n === round.n ? { ...r, late: true } : r)) },
        'late',
        now,
        context,
      );
      return;
    case 'warn-family': {
      // One warning per final time: a project kept open is warned again before its new one.
      const keptOpen = round.keptOpen ?? 0;
      const warned = project.reminders.warnRound === round.n && (project.reminders.warnKeptOpen ?? 0) === keptOpen;
      const at = warned
        ? markedAt(project, 'auto_final_warning')
        : await mark(
            project,
            etag,
            { reminders: { ...project.reminders, warnRound: round.n, warnKeptOpen: keptOpen } },
            'auto_final_warning',
            now,
            context,
          );
      await send(
        timerNotices(name, `warn-r${round.n}${keptOpen ? `-k${keptOpen}` : ''}`, project, at),
        project,
        context,
      );
      return;
    }
    case 'auto-finalize':
      await commitStep(project, etag, transitionNamed('auto-finalize'), { action: 'finalize' }, SYSTEM, context, now);
      return;
  }
}

export async function runDeliveryTimers(context: StepContext, now = new Date()): Promise<RunSummary> {
  const timers = timersRepo(context);
  const due = await timers.due(now);
  let handled = 0;
  let failed = 0;
  for (const timer of due) {
    try {
      await handle(timer, now, context);
      await timers.remove(timer.key);
      handled += 1;
    } catch (error) {
      failed += 1;
      // A project changed meanwhile is looked at again on the next run; anything else is logged.
      const changedMeanwhile =
        error instanceof StaleProjectError || (error instanceof HttpError && error.status === 409);
      if (!changedMeanwhile) console.error(`Timer ${timer.key} failed:`, error);
    }
  }
  return { due: due.length, handled, failed };
}
