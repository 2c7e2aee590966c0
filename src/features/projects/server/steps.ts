/**
 * Takes one step on a project for a signed-in caller: checks who they are to the project
 * (404 for strangers, 403 for a role the step is not for), that they acted on the latest version and
 * that the state allows it (409 with the reason), then changes the project by compare-and-set, moves
 * the editor's slots, and tells the other party after the answer (or, failing that, by a timer).
 */
import { isDeepStrictEqual } from 'node:util';
import type { Context } from '@netlify/functions';
import { personName, type FileRef, type Project, type ProjectAction, type Role, type TurnaroundKind } from '../project';
import {
  currentRound,
  isTerminal,
  deliveryMessages,
  conflictRefusal,
  endpointTransition,
  inputRefusal,
  refusal,
  stateAfter,
  TIMERS,
  transitionRefusal,
  type StepInput,
  type Transition,
} from '../process';
import {
  acknowledgeSchema,
  cancelSchema,
  helpSchema,
  messageSchema,
  reassignSchema,
  returnSchema,
  submitSchema,
  versionOnlySchema,
  withdrawSchema,
} from '../project.schema';
import { removeDraftSchema } from '#features/privacy/privacy.schema';
import { commentSchema, markCommentSchema, removeCommentSchema } from '#features/essay/essay-comments.schema';
import { anchorFits } from '#features/essay/essay-anchor';
import type { CommentAnchor } from '#features/essay/essay';
import {
  editorReviewSchema,
  familyReviewSchema,
  hideReviewSchema,
  publishReviewSchema,
  replySchema,
} from '#features/reviews/reviews.schema';
import { quoteFor } from '#lib/refunds';
import { contentDeletesAt } from '../retention';
import type { AuditAction } from '#lib/audit';
import { audited, type AuditedChange } from '#server/core/audit-log';
import type { Caller } from '#server/core/auth';
import { customersRepo } from '#features/orders/server/customers.repo';
import { editorsRepo, isShown } from '#features/editors/server/editors.repo';
import { HttpError, parse } from '#server/core/http';
import { ordersRepo } from '#features/orders/server/orders.repo';
import { spend } from '#server/core/rate-limits';
import { requireRoles, roleFor } from './access';
import { editorOf } from '#features/editors/server/signed-in-editor';
import { refundCancellation } from './cancellation';
import { recordProjectEarnings } from './earnings';
import { tellOwnerOfProject } from './owner-notices';
import { projectFilesRepo } from '#features/essay/server/files';
import { noticesOfEvent, owedNotices, send } from './notify';
import { projectsRepo, StaleProjectError } from './projects.repo';
import { syncSlots } from './slots';
import { syncEditorStats } from '#features/reviews/server/editor-stats';
import { StorageError } from '#server/storage/stores';
import { timersRepo } from '#server/core/timers';
import { applyTransition, beyondOf, teamActor, type Actor, type Beyond, type Step } from './transitions';
import { deleteDroppedFiles, droppedFileIds, scheduleFileRepairs } from './remove-draft';
import { draftText } from '#features/essay/server/draft-text';

export type StepContext = Pick<Context, 'deploy' | 'waitUntil'>;

/** How soon a timer looks again at a project whose slots a step moved (a repair, if the step was cut off). */
const SYNC_CHECK_MS = 2 * 60 * 1000;

const stale = () => new HttpError(409, deliveryMessages.stale);

/** The speed upgrade the customer owns when the draft comes in decides the round's turnaround. */
async function turnaroundNow(uid: string, context: StepContext): Promise<TurnaroundKind> {
  const { ownedAddOns } = await customersRepo(context).get(uid);
  return ownedAddOns.speed24hr ? '24hr' : ownedAddOns.speed48hr ? '48hr' : 'standard';
}

/** The uploads a step names, as stored for this project: null for an id there is none of. */
const uploadsNamed = (project: Project, fileIds: string[], context: StepContext) => {
  const files = projectFilesRepo(context);
  return Promise.all(fileIds.map((id) => files.describe(project.id, id)));
};

/** What the project keeps of an upload the process let through (its check refuses a missing one). */
const fileRef = (file: Awaited<ReturnType<typeof uploadsNamed>>[number]): FileRef => ({
  id: file!.id,
  name: file!.name,
  kind: file!.kind,
  bytes: file!.bytes,
});

/** Where a comment's passage stands against the round's draft as the page showed it. */
async function passageOf(project: Project, anchor: CommentAnchor, context: StepContext): Promise<StepInput['passage']> {
  const round = project.rounds.at(-1);
  if (!round || round.draft.kind === 'removed') return 'no-text';
  const draft = await draftText(project, round, context);
  if (draft.status !== 'ready') return 'no-text';
  return anchorFits(draft.blocks, anchor) ? 'in-draft' : 'not-in-draft';
}

/** The request body as the step it asks for: its shape (400), then its version (409 when stale). */
function requestOf(t: Transition, body: unknown, project: Project) {
  const fresh = <T extends { version: number }>(input: T) => {
    if (t.versioned && input.version !== project.version) throw stale();
    return input;
  };
  switch (t.action) {
    case 'submit':
      return { action: t.action, ...fresh(parse(submitSchema, body)) };
    case 'acknowledge':
      return { action: t.action, ...fresh(parse(acknowledgeSchema, body)) };
    case 'return':
      return { action: t.action, ...fresh(parse(returnSchema, body)) };
    case 'finalize':
    case 'extend':
      return { action: t.action, ...fresh(parse(versionOnlySchema, body)) };
    case 'withdraw':
      return { action: t.action, ...fresh(parse(withdrawSchema, body)) };
    case 'ask-for-help':
    case 'grant-round':
    case 'close-help':
      return { action: t.action, ...fresh(parse(helpSchema, body)) };
    case 'cancel':
      return { action: t.action, ...fresh(parse(cancelSchema, body)) };
    case 'message':
      return { action: t.action, ...parse(messageSchema, body) };
    case 'reassign':
      return { action: t.action, ...fresh(parse(reassignSchema, body)) };
    case 'review':
      return t.name === 'editor-review'
        ? { action: t.action, ...parse(editorReviewSchema, body) }
        : { action: t.action, ...parse(familyReviewSchema, body) };
    case 'reply':
      return { action: t.action, ...parse(replySchema, body) };
    case 'hide-review':
      return { action: t.action, ...parse(hideReviewSchema, body) };
    case 'publish-review':
      return { action: t.action, ...parse(publishReviewSchema, body) };
    case 'remove-draft':
      return { action: t.action, ...parse(removeDraftSchema, body) };
    case 'comment':
      return { action: t.action, ...parse(commentSchema, body) };
    case 'remove-comment':
      return { action: t.action, ...parse(removeCommentSchema, body) };
    case 'mark-comment':
      return { action: t.action, ...parse(markCommentSchema, body) };
  }
}
type StepRequest = ReturnType<typeof requestOf>;

/**
 * The step a request asks for, once what it names is looked up and the process's checks of both
 * hold (their refusals otherwise).
 */
async function stepOf(
  t: Transition,
  request: StepRequest,
  project: Project,
  caller: Caller,
  context: StepContext,
): Promise<Step> {
  const judge = (input: StepInput) => {
    const refused = inputRefusal(project, t, input);
    if (refused) throw new HttpError(refused.status, refused.error);
  };
  switch (request.action) {
    case 'submit': {
      const { action, prompt, draft, wordLimit } = request;
      const uploads = draft.kind === 'file' ? await uploadsNamed(project, [draft.fileId], context) : [];
      judge({ prompt, by: caller.uid, uploads });
      const turnaround = await turnaroundNow(project.customer.uid, context);
      if (draft.kind !== 'file') return { action, prompt, draft, turnaround, wordLimit };
      return { action, prompt, draft: { kind: 'file', file: fileRef(uploads[0]) }, turnaround, wordLimit };
    }
    case 'return': {
      const uploads = await uploadsNamed(project, request.fileIds, context);
      judge({ by: caller.uid, uploads });
      return { action: request.action, notes: request.notes, files: uploads.map(fileRef) };
    }
    case 'withdraw': {
      const { action, reason } = request;
      judge({ reason });
      return { action, ...(reason && { reason }) };
    }
    case 'ask-for-help':
    case 'grant-round':
    case 'close-help':
      judge({ reason: request.reason });
      return { action: request.action, reason: request.reason! };
    case 'cancel': {
      const order = await ordersRepo(context).get(project.orderId);
      if (!order) throw new HttpError(404, 'Order not found');
      const quote = quoteFor(project, order, new Date());
      judge({ refundCents: request.refundCents, quote });
      return { action: request.action, refund: quote };
    }
    case 'reassign': {
      const found = await editorsRepo(context).get(request.editorId);
      const editor = found && { id: found.id, name: found.name, shown: isShown(found) };
      judge({ editor });
      return { action: request.action, editor: { id: editor!.id, name: editor!.name } };
    }
    case 'remove-draft':
      judge({ round: request.round });
      return { action: request.action, round: request.round };
    case 'comment': {
      const { action, anchor, text } = request;
      judge({ passage: await passageOf(project, anchor, context) });
      return { action, anchor, text };
    }
    case 'remove-comment':
    case 'mark-comment':
      judge({ commentId: request.commentId });
      return request;
  }
  // The rest name nothing to look up, and still meet whatever their transition checks.
  judge({});
  switch (request.action) {
    case 'acknowledge':
      return { action: request.action, text: request.message };
    case 'finalize':
    case 'extend':
    case 'publish-review':
      return { action: request.action };
    case 'message':
    case 'reply':
      return { action: request.action, text: request.text };
    case 'hide-review':
      return { action: request.action, reason: request.reason };
    case 'review':
      return request;
  }
}

type TimerArgs = Parameters<ReturnType<typeof timersRepo>['schedule']>;

interface CarriedOut {
  /** The timer that carries it out again should the step be cut off; `ref` keys it, so a repeat finds it done. */
  timer: string;
  ref: (after: Project) => number;
  carryOut: (after: Project, context: StepContext) => Promise<unknown>;
  /** Its failure leaves it to the timer instead of failing the step. */
  mayWait?: true;
}

/** How each change beyond the record is carried out, once the record is stored. */
export const BEYOND: Record<Beyond, CarriedOut> = {
  slots: { timer: 'sync', ref: (after) => after.version, carryOut: syncSlots },
  stats: { timer: 'stats', ref: (after) => after.history.length, carryOut: syncEditorStats },
  // The cancellation stands whatever the provider says: a refund it could not take yet stays pending.
  refund: { timer: 'refund', ref: (after) => after.version, carryOut: refundCancellation, mayWait: true },
  // The step stands whatever the ledger says: what the project earned is recorded by the timer if not now.
  earnings: { timer: 'earnings', ref: (after) => after.version, carryOut: recordProjectEarnings, mayWait: true },
  // The step stands whatever the mail says: the timer tells the owner if not now. Keyed by the history
  // entry, as a review's steps leave the version as it was.
  owner: { timer: 'owner', ref: (after) => after.history.length, carryOut: tellOwnerOfProject, mayWait: true },
};

async function carryOut(beyond: Beyond, after: Project, context: StepContext) {
  const { carryOut, mayWait } = BEYOND[beyond];
  if (!mayWait) return carryOut(after, context);
  try {
    await carryOut(after, context);
  } catch (error) {
    console.error(`Project ${after.id}: ${beyond} left to its timer:`, error);
  }
}

/**
 * The timers a transition needs, set before the change (a timer for a change that never happened
 * finds nothing to do): the process's own, keyed by the round, the repairs of its slots and refund,
 * and, for a project it ends, the deletion of its content when the retention period is over.
 */
function timersFor(t: Transition, before: Project, after: Project, now: Date): TimerArgs[] {
  const soon = new Date(now.getTime() + SYNC_CHECK_MS);
  const round = currentRound(after)?.n ?? 0;
  const timers: TimerArgs[] = t.timers.map((name) => [TIMERS[name].at(after), after.id, name, round]);
  for (const beyond of beyondOf(t)) timers.push([soon, after.id, BEYOND[beyond].timer, BEYOND[beyond].ref(after)]);
  const deletesAt = contentDeletesAt(after);
  if (deletesAt && !isTerminal(before.state)) timers.push([deletesAt, after.id, 'retention', 'content']);
  return timers;
}

/**
 * A conflict on a project nobody changed is storage answering wrongly: the caller may try again (503)
 * rather than be told to reload a project that is as they saw it.
 */
async function staleOrStorage(project: Project, context: StepContext): Promise<Error> {
  const now = await projectsRepo(context).get(project.id);
  return now && isDeepStrictEqual(now, project)
    ? new StorageError(`Project ${project.id} was refused as changed, yet it is not`)
    : stale();
}

/**
 * Takes transition `t` on the project read with `etag`, for every caller alike (the endpoint, the
 * timers, our team's refund): refuses it when the process does, then stores the project with its
 * history and owed notices by compare-and-set, moves the slots, and asks for the refund.
 */
export async function commitStep(
  project: Project,
  etag: string,
  t: Transition,
  step: Step,
  actor: Actor,
  context: StepContext,
  now = new Date(),
): Promise<Project> {
  if (!t.actors.includes(actor.role) || t.action !== step.action)
    throw new Error(`${actor.role} cannot take ${t.name} with ${step.action}`);
  const refused = transitionRefusal(project, t, now);
  if (refused) throw new HttpError(refused.status, refused.error);
  const applied = applyTransition(project, t, step, actor, now);
  const after: Project = { ...applied, notices: owedNotices(t, step, project, applied, actor) };
  const owed = noticesOfEvent(after, after.history.length);
  const dropped = droppedFileIds(project, after);
  await scheduleFileRepairs(after.id, dropped, now, context);
  const timers = timersRepo(context);
  const notifyTimer: Parameters<typeof timers.schedule> = [
    new Date(now.getTime() + SYNC_CHECK_MS),
    after.id,
    'notify',
    after.history.length,
  ];
  await Promise.all(
    [...timersFor(t, project, after, now), ...(owed.length ? [notifyTimer] : [])].map((args) =>
      timers.schedule(...args),
    ),
  );
  try {
    await projectsRepo(context).replace(project, after, etag);
  } catch (error) {
    if (error instanceof StaleProjectError) throw await staleOrStorage(project, context);
    throw error;
  }
  for (const beyond of beyondOf(t)) await carryOut(beyond, after, context);
  await deleteDroppedFiles(after.id, dropped, context);
  // After the answer, and never able to undo or fail the step: it is stored, and so are its notices,
  // which the notify timer sends should this fail.
  context.waitUntil(
    send(owed, after, context).catch((error) =>
      console.error(`Project ${after.id}: notices after ${t.name} left to the timer:`, error),
    ),
  );
  return after;
}

/**
 * Whether `step` was taken already (an answer lost on the way): the review its side already wrote,
 * score for score and word for word, or the removal of a draft already removed.
 */
function isRepeated(project: Project, step: StepRequest): boolean {
  if (step.action === 'remove-draft')
    return project.rounds.some((r) => r.n === step.round && r.draft.kind === 'removed');
  if (step.action !== 'review') return false;
  const { family, editor } = project.reviews ?? {};
  if ('scores' in step)
    return !!family && isDeepStrictEqual(family.scores, step.scores) && family.text === (step.text ?? '');
  return !!editor && editor.score === step.score && editor.text === (step.text ?? '');
}

/** One step of a signed-in caller on project `id`. */
export async function takeStep(
  id: string,
  action: ProjectAction,
  body: unknown,
  caller: Caller,
  context: StepContext,
): Promise<Project> {
  await spend(action === 'message' ? 'message' : 'step', caller.uid, context);
  const [editor, found] = await Promise.all([editorOf(caller, context), projectsRepo(context).getForUpdate(id)]);
  const roles = requireRoles(found?.value ?? null, caller, editor?.id ?? null);
  const project = found!.value;
  const conflict = conflictRefusal(action, roles);
  if (conflict) throw new HttpError(conflict.status, conflict.error);
  const role: Role | null = roleFor(roles, (r) => refusal(project, action, r)?.status !== 403);
  // Refused in every capacity: the refusal names who may (a student is told to ask the parent).
  if (!role)
    throw new HttpError(
      403,
      refusal(
        project,
        action,
        roleFor(roles, () => true)!,
      )!.error,
    );
  const t = endpointTransition(action, role)!;
  const request = requestOf(t, body, project);
  // The same review or removal sent again (an answer lost on the way) finds it done: nothing more happens.
  if (isRepeated(project, request)) return project;
  const refused = refusal(project, action, role);
  if (refused) throw new HttpError(refused.status, refused.error);
  const step = await stepOf(t, request, project, caller, context);
  const actor: Actor =
    role === 'admin' ? teamActor(caller.email) : { role, name: personName(role, project.editor.name, project) };
  const commit = () => commitStep(project, found!.etag, t, step, actor, context);
  return role === 'admin' ? audited(context, caller, projectChange(project, t, step), commit) : commit();
}

const STEP_ACTIONS: Partial<Record<ProjectAction, AuditAction>> = {
  reassign: 'project-reassigned',
  finalize: 'project-finalized',
  withdraw: 'project-withdrawn',
  cancel: 'project-cancelled',
  extend: 'project-extended',
  message: 'project-message',
  'hide-review': 'review-hidden',
  'publish-review': 'review-published',
  'grant-round': 'project-round-granted',
  'close-help': 'project-help-closed',
};

/** A step our team takes on a project: its state and editor, the family's review on the site, and what was said. */
function projectChange(project: Project, t: Transition, step: Step): AuditedChange {
  const action = STEP_ACTIONS[step.action];
  if (!action) throw new Error(`${step.action} is not a step for our team`);
  const publishing = step.action === 'publish-review';
  return {
    action,
    subject: { kind: 'project', id: project.id },
    before: { state: project.state, editor: project.editor.name, ...(publishing && { review: 'held' }) },
    after: {
      ...(publishing && { review: 'published' }),
      state: stateAfter(t, project.state),
      editor: step.action === 'reassign' ? step.editor.name : project.editor.name,
      ...(step.action === 'message' && { message: step.text }),
      ...((step.action === 'hide-review' || step.action === 'grant-round' || step.action === 'close-help') && {
        reason: step.reason,
      }),
    },
  };
}
