/**
 * One run of the delivery timers, the expiry of unpaid orders, the new attempts at mail SMTP
 * refused and the waitlists told of an opening: every timer due now, oldest first. Each handler
 * reads the project and acts only if it still needs it, marking what it did in the same
 * compare-and-set, so a run repeated (or two runs at once) changes nothing twice. A timer is
 * removed once handled; one that failed stays for the next run.
 */
import {
  autoFinalAt,
  AUTO_FINAL_WARNING_MS,
  currentRound,
  type Project,
  type ProjectEvent,
} from '../../../src/lib/delivery';
import { HttpError } from '../core/http';
import { retryMail } from '../core/mail';
import { expireIfDue } from '../orders/unpaid-orders';
import { refundCancellation } from './cancellation';
import { ackReminder, autoFinalWarnings, noticesOfEvent, send } from './notify';
import { projectFilesRepo } from './files';
import { projectsRepo, StaleProjectError } from './projects.repo';
import { syncSlots } from './slots';
import { commitStep, type StepContext } from './steps';
import { timersRepo, type Timer } from '../core/timers';
import { tellWaitlist } from '../waitlist/waitlist-notify';

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

/** Whether the round a timer is about is still the project's current one. */
const isCurrentRound = (project: Project, ref: string) => String(currentRound(project)?.n) === ref;

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
    const used = project?.rounds.some(
      (r) => (r.draft.kind === 'file' && r.draft.file.id === timer.ref) || r.files.some((f) => f.id === timer.ref),
    );
    if (!used) await projectFilesRepo(context).remove(timer.subjectId, timer.ref);
    return;
  }
  const found = await repo.getForUpdate(timer.subjectId);
  if (!found) return;
  const { value: project, etag } = found;
  const round = currentRound(project);
  switch (timer.kind) {
    case 'sync':
      await syncSlots(project, context);
      return;
    case 'refund':
      await refundCancellation(project, context);
      return;
    case 'notify':
      await send(noticesOfEvent(project, Number(timer.ref)), project, context);
      return;
    case 'ack': {
      if (project.state !== 'submitted' || !isCurrentRound(project, timer.ref)) return;
      // Marked already by a run that could not send: send now (once), without marking again.
      const at =
        project.reminders.ackRound === round!.n
          ? markedAt(project, 'ack_reminder')
          : await mark(
              project,
              etag,
              { reminders: { ...project.reminders, ackRound: round!.n } },
              'ack_reminder',
              now,
              context,
            );
      await send([ackReminder(project, at)], project, context);
      return;
    }
    case 'late':
      if (
        !isCurrentRound(project, timer.ref) ||
        round!.returnedAt !== null ||
        round!.late ||
        (project.state !== 'submitted' && project.state !== 'in_review')
      )
        return;
      await mark(
        project,
        etag,
        { rounds: project.rounds.map((r) => (r.n === round!.n ? { ...r, late: true } : r)) },
        'late',
        now,
        context,
      );
      return;
    case 'warn': {
      const finalAt = autoFinalAt(project);
      // Too early for the final time now: the family kept it open after this timer was set.
      if (!finalAt || !isCurrentRound(project, timer.ref) || finalAt.getTime() - now.getTime() > AUTO_FINAL_WARNING_MS)
        return;
      const keptOpen = round!.keptOpen ?? 0;
      const warned = project.reminders.warnRound === round!.n && (project.reminders.warnKeptOpen ?? 0) === keptOpen;
      const at = warned
        ? markedAt(project, 'auto_final_warning')
        : await mark(
            project,
            etag,
            { reminders: { ...project.reminders, warnRound: round!.n, warnKeptOpen: keptOpen } },
            'auto_final_warning',
            now,
            context,
          );
      await send(autoFinalWarnings(project, at), project, context);
      return;
    }
    case 'final': {
      const finalAt = autoFinalAt(project);
      if (!finalAt || !isCurrentRound(project, timer.ref) || finalAt.getTime() > now.getTime()) return;
      await commitStep(project, etag, { action: 'finalize' }, SYSTEM, context, now);
      return;
    }
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
