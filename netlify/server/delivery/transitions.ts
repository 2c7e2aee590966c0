/**
 * What each step does to a project, as pure functions: the new record and its history
 * entry. Whether the step is allowed at all is decided before, by `refusal` in src/lib/delivery.ts.
 */
import {
  currentRound,
  dueAt,
  nextState,
  type Draft,
  type FileRef,
  type Project,
  type ProjectEvent,
  type ProjectMessage,
  type Role,
  type Round,
  type TurnaroundKind,
} from '../../../src/lib/delivery';
import type { CancellationQuote } from '../../../src/lib/refunds';
import { site } from '../../../src/lib/site';

export interface Actor {
  role: Role;
  /** How people see who did it: 'Pat, parent', 'Sam, student', 'Maya Chen, editor', our team's name, 'system'. */
  name: string;
  /** Which of our team did it, kept for the admin area. */
  adminEmail?: string;
}

export type Step =
  | { action: 'submit'; prompt: string; draft: Draft; turnaround: TurnaroundKind }
  | { action: 'acknowledge'; message: string }
  | { action: 'return'; notes: string; files: FileRef[] }
  | { action: 'finalize' }
  | { action: 'extend' }
  /** `reason`: why our team withdrew it, read by the family and the editor. */
  | { action: 'withdraw'; reason?: string }
  /** `refund`: what the family's cancel gives back; an admin's cancel refunds through the admin's own refund. */
  | { action: 'cancel'; refund?: CancellationQuote }
  | { action: 'message'; text: string }
  | { action: 'reassign'; editor: { id: string; name: string } };

const withLastRound = (project: Project, change: (round: Round) => Round) =>
  project.rounds.map((round, i) => (i === project.rounds.length - 1 ? change(round) : round));

function messageFrom(actor: Actor, text: string, now: Date): ProjectMessage {
  return {
    id: crypto.randomUUID(),
    at: now.toISOString(),
    by: actor.role === 'system' ? 'admin' : actor.role,
    author: actor.name,
    ...(actor.adminEmail && { adminEmail: actor.adminEmail }),
    text,
  };
}

/**
 * The project after `step`, with its history entry. Every step but a message bumps the version: a
 * message changes nothing anyone acts on, so it must not make the other party's next step stale.
 */
export function applyStep(project: Project, step: Step, actor: Actor, now: Date): Project {
  const at = now.toISOString();
  const to = nextState(step.action, project.state);
  const event: ProjectEvent = {
    at,
    by: actor.role,
    actor: actor.name,
    ...(actor.adminEmail && { adminEmail: actor.adminEmail }),
    type: step.action,
    from: project.state,
    to,
  };
  let next: Project = {
    ...project,
    state: to,
    version: project.version + (step.action === 'message' ? 0 : 1),
    updatedAt: at,
  };

  switch (step.action) {
    case 'submit': {
      const round: Round = {
        n: project.rounds.length + 1,
        submittedAt: at,
        prompt: step.prompt || currentRound(project)?.prompt || '',
        draft: step.draft,
        turnaround: step.turnaround,
        dueAt: dueAt(now, step.turnaround).toISOString(),
        acknowledgedAt: null,
        returnedAt: null,
        notes: null,
        files: [],
        late: false,
      };
      next = { ...next, rounds: [...project.rounds, round] };
      event.note = round.n === 1 ? 'First draft' : `Revision ${round.n - 1}`;
      break;
    }
    case 'acknowledge':
      next = {
        ...next,
        rounds: withLastRound(project, (round) => ({ ...round, acknowledgedAt: at })),
        messages: [...project.messages, messageFrom(actor, step.message, now)],
      };
      break;
    case 'return':
      next = {
        ...next,
        rounds: withLastRound(project, (round) => ({
          ...round,
          returnedAt: at,
          notes: step.notes,
          files: step.files,
          late: round.late || now.getTime() > Date.parse(round.dueAt),
        })),
      };
      break;
    case 'extend':
      next = {
        ...next,
        rounds: withLastRound(project, (round) => ({ ...round, keptOpen: (round.keptOpen ?? 0) + 1 })),
      };
      break;
    case 'message':
      next = { ...next, messages: [...project.messages, messageFrom(actor, step.text, now)] };
      break;
    case 'reassign':
      next = {
        ...next,
        editor: step.editor,
        assignment: project.assignment + 1,
        previousAssignments: [
          ...project.previousAssignments,
          { editorId: project.editor.id, assignment: project.assignment },
        ],
      };
      event.note = `From ${project.editor.name} to ${step.editor.name}`;
      break;
    case 'cancel':
      if (step.refund) {
        event.refundCents = step.refund.amountCents;
        event.note = step.refund.text;
      }
      break;
    case 'withdraw':
      if (step.reason) event.note = step.reason;
      break;
    case 'finalize':
      break;
  }
  return { ...next, history: [...project.history, event] };
}

/** One of our team: families and editors see the business's name; the admin area, who it was. */
export const teamActor = (adminEmail: string): Actor => ({ role: 'admin', name: site.name, adminEmail });
