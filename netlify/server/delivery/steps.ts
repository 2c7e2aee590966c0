/**
 * Takes one step on a project for a signed-in caller: checks who they are to the project
 * (404 for strangers, 403 for a role the step is not for), that they acted on the latest version and
 * that the state allows it (409 with the reason), then changes the project by compare-and-set, moves
 * the editor's slots, and tells the other party after the answer (or, failing that, by a timer).
 */
import { isDeepStrictEqual } from 'node:util';
import type { Context } from '@netlify/functions';
import {
  autoFinalAt,
  currentRound,
  personName,
  DELIVERY_LIMITS,
  deliveryMessages,
  dueAt,
  refusal,
  ACK_REMINDER_MS,
  AUTO_FINAL_WARNING_MS,
  type FileRef,
  type Project,
  type ProjectAction,
  type Role,
  type TurnaroundKind,
} from '../../../src/lib/delivery';
import {
  acknowledgeSchema,
  cancelSchema,
  messageSchema,
  reassignSchema,
  returnSchema,
  submitSchema,
  versionOnlySchema,
  withdrawSchema,
} from '../../../src/lib/delivery.schema';
import { quoteFor, refundMessages } from '../../../src/lib/refunds';
import { editorMessages } from '../../../src/lib/messages';
import { audited, projectChange } from '../admin/audit-log';
import type { Caller } from '../core/auth';
import { customersRepo } from '../orders/customers.repo';
import { editorsRepo, isShown } from '../editors/editors.repo';
import { HttpError, parse } from '../core/http';
import { ordersRepo } from '../orders/orders.repo';
import { spend } from '../core/rate-limits';
import { editorOf, requireRoles, roleFor } from './access';
import { refundCancellation } from './cancellation';
import { projectFilesRepo } from './files';
import { noticesOfEvent, owedNotices, send } from './notify';
import { projectsRepo, StaleProjectError } from './projects.repo';
import { syncSlots } from './slots';
import { StorageError } from '../storage/stores';
import { timersRepo } from '../core/timers';
import { applyStep, teamActor, type Actor, type Step } from './transitions';

export type StepContext = Pick<Context, 'deploy' | 'waitUntil'>;

/** How soon a timer looks again at a project whose slots a step moved (a repair, if the step was cut off). */
const SYNC_CHECK_MS = 2 * 60 * 1000;

const stale = () => new HttpError(409, deliveryMessages.stale);

/** The speed upgrade the customer owns when the draft comes in decides the round's turnaround. */
async function turnaroundNow(uid: string, context: StepContext): Promise<TurnaroundKind> {
  const { ownedAddOns } = await customersRepo(context).get(uid);
  return ownedAddOns.speed24hr ? '24hr' : ownedAddOns.speed48hr ? '48hr' : 'standard';
}

/** Files the caller uploaded to this project, by id; 400 naming the first that is not. */
async function ownUploads(
  project: Project,
  fileIds: string[],
  caller: Caller,
  context: StepContext,
): Promise<FileRef[]> {
  const files = projectFilesRepo(context);
  return Promise.all(
    fileIds.map(async (id) => {
      const file = await files.describe(project.id, id);
      if (!file || file.uploadedBy !== caller.uid)
        throw new HttpError(400, 'fileId: no such upload for this project; upload the file again');
      return { id: file.id, name: file.name, kind: file.kind, bytes: file.bytes };
    }),
  );
}

/** The request body as the step it asks for; 400 when it is not valid, 409 when it is stale. */
async function stepOf(
  action: ProjectAction,
  body: unknown,
  project: Project,
  caller: Caller,
  role: Role,
  context: StepContext,
): Promise<Step> {
  const fresh = <T extends { version: number }>(input: T) => {
    if (input.version !== project.version) throw stale();
    return input;
  };
  switch (action) {
    case 'submit': {
      const { prompt, draft } = fresh(parse(submitSchema, body));
      if (project.rounds.length === 0 && !prompt) throw new HttpError(400, 'prompt is required with the first draft');
      const turnaround = await turnaroundNow(project.customer.uid, context);
      if (draft.kind !== 'file') return { action, prompt, draft, turnaround };
      const [file] = await ownUploads(project, [draft.fileId], caller, context);
      return { action, prompt, draft: { kind: 'file', file }, turnaround };
    }
    case 'acknowledge':
      return { action, message: fresh(parse(acknowledgeSchema, body)).message };
    case 'return': {
      const { notes, fileIds } = fresh(parse(returnSchema, body));
      return { action, notes, files: await ownUploads(project, fileIds, caller, context) };
    }
    case 'finalize':
    case 'extend':
      fresh(parse(versionOnlySchema, body));
      return { action };
    case 'withdraw': {
      const { reason } = fresh(parse(withdrawSchema, body));
      if (role === 'admin' && !reason) throw new HttpError(400, deliveryMessages.withdrawReasonRequired);
      return { action, ...(reason && { reason }) };
    }
    case 'cancel': {
      const { refundCents } = fresh(parse(cancelSchema, body));
      const order = await ordersRepo(context).get(project.orderId);
      if (!order) throw new HttpError(404, 'Order not found');
      const refund = quoteFor(project, order, new Date());
      // Never less than the page said: an admin's refund or the 48 hours passing meanwhile change it.
      if (refundCents !== undefined && refundCents !== refund.amountCents)
        throw new HttpError(409, refundMessages.quoteChanged(refund));
      return { action, refund };
    }
    case 'message':
      if (project.messages.length >= DELIVERY_LIMITS.messages) throw new HttpError(409, deliveryMessages.threadFull);
      return { action, text: parse(messageSchema, body).text };
    case 'reassign': {
      const { editorId } = fresh(parse(reassignSchema, body));
      const editor = await editorsRepo(context).get(editorId);
      if (!editor) throw new HttpError(400, 'editorId: no such editor');
      if (!isShown(editor)) throw new HttpError(409, editorMessages.reassignToHidden(editor.name));
      if (editor.id === project.editor.id) throw new HttpError(409, deliveryMessages.sameEditor);
      return { action, editor: { id: editor.id, name: editor.name } };
    }
  }
}

/** The timers a step needs, set before the change (a timer for a change that never happened finds nothing to do). */
function timersFor(step: Step, after: Project, now: Date): Parameters<ReturnType<typeof timersRepo>['schedule']>[] {
  const round = currentRound(after)!;
  const soon = new Date(now.getTime() + SYNC_CHECK_MS);
  switch (step.action) {
    case 'submit':
      return [
        [new Date(now.getTime() + ACK_REMINDER_MS), after.id, 'ack', round.n],
        [dueAt(now, step.turnaround), after.id, 'late', round.n],
        [soon, after.id, 'sync', after.version],
      ];
    case 'return':
    case 'extend': {
      // The timers of an earlier final time find it moved and do nothing.
      const finalAt = autoFinalAt(after)!;
      return [
        [new Date(finalAt.getTime() - AUTO_FINAL_WARNING_MS), after.id, 'warn', round.n],
        [finalAt, after.id, 'final', round.n],
      ];
    }
    case 'finalize':
    case 'withdraw':
    case 'reassign':
      return [[soon, after.id, 'sync', after.version]];
    case 'cancel':
      return [
        [soon, after.id, 'sync', after.version],
        [soon, after.id, 'refund', after.version],
      ];
    case 'acknowledge':
    case 'message':
      return [];
  }
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
 * Applies `step` to the project read with `etag` and does what follows from it; shared by the
 * endpoint and the timers (which finalize as 'system').
 */
export async function commitStep(
  project: Project,
  etag: string,
  step: Step,
  actor: Actor,
  context: StepContext,
  now = new Date(),
): Promise<Project> {
  const applied = applyStep(project, step, actor, now);
  const after: Project = { ...applied, notices: owedNotices(step, project, applied, actor) };
  const owed = noticesOfEvent(after, after.history.length);
  const timers = timersRepo(context);
  const notifyTimer: Parameters<typeof timers.schedule> = [
    new Date(now.getTime() + SYNC_CHECK_MS),
    after.id,
    'notify',
    after.history.length,
  ];
  await Promise.all(
    [...timersFor(step, after, now), ...(owed.length ? [notifyTimer] : [])].map((args) => timers.schedule(...args)),
  );
  try {
    await projectsRepo(context).replace(project, after, etag);
  } catch (error) {
    if (error instanceof StaleProjectError) throw await staleOrStorage(project, context);
    throw error;
  }
  await syncSlots(after, context);
  // After the answer, and never able to undo or fail the step: it is stored, and so are its notices,
  // which the notify timer sends should this fail.
  context.waitUntil(
    send(owed, after, context).catch((error) =>
      console.error(`Project ${after.id}: notices after ${step.action} left to the timer:`, error),
    ),
  );
  return after;
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
  const role: Role | null = roleFor(roles, (r) => refusal(project, action, r)?.status !== 403);
  // Refused in every capacity: the reason given to the caller's own one (a student is told who may).
  if (!role)
    throw new HttpError(
      403,
      refusal(
        project,
        action,
        roleFor(roles, () => true)!,
      )?.error ?? deliveryMessages.notYours,
    );
  const step = await stepOf(action, body, project, caller, role, context);
  const refused = refusal(project, action, role);
  if (refused) throw new HttpError(refused.status, refused.error);
  const actor: Actor =
    role === 'admin' ? teamActor(caller.email) : { role, name: personName(role, project.editor.name, project) };
  const commit = () => commitStep(project, found!.etag, step, actor, context);
  const after =
    role === 'admin' ? await audited(context, caller, projectChange(project, step), commit) : await commit();
  if (step.action === 'cancel') await refundOrRetryLater(after, context);
  return after;
}

/** The cancellation stands whatever the provider says: a refund it could not take yet stays pending for the timer. */
async function refundOrRetryLater(project: Project, context: StepContext) {
  try {
    await refundCancellation(project, context);
  } catch (error) {
    console.error(`Project ${project.id} is cancelled; its refund will be asked for again:`, error);
  }
}
