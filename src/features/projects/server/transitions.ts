/**
 * What a transition of the process does: its effects, each once, with its change to the project record
 * (a pure function) and what it changes beyond the record (the slots, an editor's numbers, the money,
 * which `commitStep` carries out once the record is stored), and its history entry. Whether it may be
 * taken at all is decided before, by the process (`src/features/projects/process.ts`).
 */
import {
  type Draft,
  type FileRef,
  type Project,
  type ProjectEvent,
  type ProjectMessage,
  type Role,
  type Round,
  type TurnaroundKind,
} from '../project';
import { currentRound, dueAt, stateAfter, type Effect, type Transition } from '../process';
import type { CommentAnchor, EssayComment } from '#features/essay/essay';
import type { CancellationQuote } from '#lib/refunds';
import type { Scores } from '#features/reviews/rating';
import type { ProjectReviews } from '#features/reviews/reviews';
import { holdReasons } from '#features/reviews/review-hold';
import { site } from '#lib/site';
import { withoutDraft } from './remove-draft';

export interface Actor {
  role: Role;
  /** How people see who did it: 'Pat, parent', 'Sam, student', 'Maya Chen, editor', our team's name, 'system'. */
  name: string;
  /** Which of our team did it, kept for the admin area. */
  adminEmail?: string;
}

/** What the caller asked for, parsed: the input each transition's effects need. */
export type Step =
  | { action: 'submit'; prompt: string; draft: Draft; turnaround: TurnaroundKind; wordLimit?: number | null }
  | { action: 'acknowledge'; text: string }
  | { action: 'return'; notes: string; files: FileRef[] }
  | { action: 'finalize' }
  | { action: 'extend' }
  /** `reason`: why it was withdrawn, read by the family and the editor. */
  | { action: 'withdraw'; reason?: string }
  /** `refund`: what the family's cancel gives back; our team's cancel refunds through the order's refund. */
  | { action: 'cancel'; refund?: CancellationQuote }
  | { action: 'message'; text: string }
  | { action: 'reassign'; editor: { id: string; name: string } }
  /** The family's scores, or the editor's one score of the collaboration; none when the window closes. */
  | { action: 'review'; scores?: Scores; score?: number; text?: string }
  | { action: 'reply'; text: string }
  | { action: 'hide-review'; reason: string }
  | { action: 'publish-review' }
  /** `round`: the number of the round whose draft the family removes. */
  | { action: 'remove-draft'; round: number }
  | { action: 'comment'; anchor: CommentAnchor; text: string }
  | { action: 'remove-comment'; commentId: string }
  | { action: 'mark-comment'; commentId: string; done: boolean }
  /** Why the family asks for help with the feedback, or why our team decided as it did. */
  | { action: 'ask-for-help' | 'grant-round' | 'close-help'; reason: string };

type StepOf<A extends Step['action']> = Extract<Step, { action: A }>;

/** The step's input for an effect that needs `action`'s: a process that names the effect elsewhere is a bug. */
export function inputOf<A extends Step['action']>(step: Step, ...actions: A[]): StepOf<A> {
  if (!(actions as string[]).includes(step.action)) throw new Error(`${step.action} gives no input for this effect`);
  return step as StepOf<A>;
}

const withReviews = (project: Project, change: Partial<ProjectReviews>): Project => ({
  ...project,
  reviews: { ...project.reviews, ...change },
});

/**
 * The family's review goes public, or is held for our team to read first when its words call for it;
 * the same time stands for either.
 */
function revealed(project: Project, now: Date): Project {
  const family = project.reviews?.family;
  if (!family || project.reviews?.publishedAt || project.reviews?.held) return project;
  const reasons = holdReasons(family.text);
  const at = now.toISOString();
  return withReviews(project, reasons.length > 0 ? { held: { at, reasons } } : { publishedAt: at });
}

const withLastRound = (project: Project, change: (round: Round) => Round) =>
  project.rounds.map((round, i) => (i === project.rounds.length - 1 ? change(round) : round));

/** The last round's comments changed: the only round comments are made, removed or marked on. */
const withComments = (project: Project, change: (comments: EssayComment[]) => EssayComment[]): Project => ({
  ...project,
  rounds: withLastRound(project, (round) => ({ ...round, comments: change(round.comments ?? []) })),
});

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

/** 'First draft', 'Revision 1', …: how the history names a round. */
const roundTitle = (n: number) => (n === 1 ? 'First draft' : `Revision ${n - 1}`);

interface EffectInput {
  step: Step;
  actor: Actor;
  now: Date;
  /** The history entry being written: an effect may add its note. */
  event: ProjectEvent;
}

/** What an effect changes beyond the record once the project is stored (`commitStep` carries it out). */
export type Beyond = 'slots' | 'stats' | 'refund' | 'earnings' | 'owner';

/**
 * Each effect once: its change to the record, applied in the transition's compare-and-set, and what it
 * changes beyond the record: the editor's slots, their public numbers (a draft acknowledged, a round
 * returned on time or not, a project made final, a review published, answered or hidden), the money:
 * the family's refund, the editors' earnings; and the owner, told of a request for help.
 */
const EFFECTS: Record<Effect, { record?: (project: Project, input: EffectInput) => Project; beyond?: Beyond }> = {
  'open-round': {
    record: (project, { step, now, event }) => {
      const { prompt, draft, turnaround, wordLimit } = inputOf(step, 'submit');
      // Absent keeps the previous round's limit; null states none. Stored only when there is one.
      const limit = wordLimit === undefined ? (currentRound(project)?.wordLimit ?? null) : wordLimit;
      const round: Round = {
        n: project.rounds.length + 1,
        submittedAt: now.toISOString(),
        prompt: prompt || currentRound(project)?.prompt || '',
        draft,
        turnaround,
        dueAt: dueAt(now, turnaround).toISOString(),
        acknowledgedAt: null,
        returnedAt: null,
        notes: null,
        files: [],
        late: false,
        ...(limit !== null && { wordLimit: limit }),
      };
      event.note = roundTitle(round.n);
      return { ...project, rounds: [...project.rounds, round] };
    },
  },
  'acknowledge-round': {
    record: (project, { now }) => ({
      ...project,
      rounds: withLastRound(project, (round) => ({ ...round, acknowledgedAt: now.toISOString() })),
    }),
    beyond: 'stats',
  },
  'close-round': {
    record: (project, { step, now }) => {
      const { notes, files } = inputOf(step, 'return');
      return {
        ...project,
        rounds: withLastRound(project, (round) => ({
          ...round,
          returnedAt: now.toISOString(),
          notes,
          files,
          late: round.late || now.getTime() > Date.parse(round.dueAt),
          returnedBy: project.editor.id,
        })),
      };
    },
    beyond: 'stats',
  },
  'keep-round-open': {
    record: (project) => ({
      ...project,
      rounds: withLastRound(project, (round) => ({ ...round, keptOpen: (round.keptOpen ?? 0) + 1 })),
    }),
  },
  'post-message': {
    record: (project, { step, actor, now }) => ({
      ...project,
      messages: [...project.messages, messageFrom(actor, inputOf(step, 'acknowledge', 'message').text, now)],
    }),
  },
  'change-editor': {
    record: (project, { step, event }) => {
      const { editor } = inputOf(step, 'reassign');
      event.note = `From ${project.editor.name} to ${editor.name}`;
      return {
        ...project,
        editor,
        assignment: project.assignment + 1,
        previousAssignments: [
          ...project.previousAssignments,
          { editorId: project.editor.id, assignment: project.assignment },
        ],
      };
    },
  },
  'record-reason': {
    record: (project, { step, event }) => {
      const { reason } = inputOf(step, 'withdraw');
      if (reason) event.note = reason;
      return project;
    },
  },
  'record-refund': {
    record: (project, { step, event }) => {
      const { refund } = inputOf(step, 'cancel');
      if (refund) {
        event.refundCents = refund.amountCents;
        event.note = refund.text;
      }
      return project;
    },
  },
  'record-family-review': {
    record: (project, { step, actor, now }) => {
      const { scores, text = '' } = inputOf(step, 'review');
      if (!scores || (actor.role !== 'customer' && actor.role !== 'student'))
        throw new Error('A family review needs scores');
      return withReviews(project, { family: { at: now.toISOString(), by: actor.role, scores, text } });
    },
  },
  'record-editor-review': {
    record: (project, { step, now }) => {
      const { score, text = '' } = inputOf(step, 'review');
      if (score === undefined) throw new Error("An editor's review needs a score");
      return withReviews(project, { editor: { at: now.toISOString(), score, text } });
    },
  },
  'reveal-if-both': {
    record: (project, { now }) => (project.reviews?.editor ? revealed(project, now) : project),
    beyond: 'stats',
  },
  reveal: { record: (project, { now }) => revealed(project, now), beyond: 'stats' },
  'publish-held': {
    record: (project, { now }) => withReviews(project, { publishedAt: now.toISOString() }),
    beyond: 'stats',
  },
  // A review held, or one scored low, is the owner's to hear of (owner-notices.ts decides which).
  'tell-owner': { beyond: 'owner' },
  'record-reply': {
    record: (project, { step, now }) =>
      withReviews(project, { reply: { at: now.toISOString(), text: inputOf(step, 'reply').text } }),
    beyond: 'stats',
  },
  'hide-review': {
    record: (project, { step, now, event }) => {
      const { reason } = inputOf(step, 'hide-review');
      event.note = reason;
      return withReviews(project, { hidden: { at: now.toISOString(), reason } });
    },
    beyond: 'stats',
  },
  'remove-draft': {
    record: (project, { step, now, event }) => {
      const { round: n } = inputOf(step, 'remove-draft');
      event.note = roundTitle(n);
      return {
        ...project,
        rounds: project.rounds.map((round) =>
          round.n === n ? withoutDraft(round, { kind: 'removed', at: now.toISOString(), by: 'family' }) : round,
        ),
      };
    },
  },
  'add-comment': {
    record: (project, { step, now }) => {
      const { anchor, text } = inputOf(step, 'comment');
      const round = project.rounds.length;
      const comment = { id: crypto.randomUUID(), round, anchor, text, createdAt: now.toISOString(), doneAt: null };
      return withComments(project, (comments) => [...comments, comment]);
    },
  },
  'remove-comment': {
    record: (project, { step }) => {
      const { commentId } = inputOf(step, 'remove-comment');
      return withComments(project, (comments) => comments.filter((comment) => comment.id !== commentId));
    },
  },
  'mark-comment': {
    record: (project, { step, now }) => {
      const { commentId, done } = inputOf(step, 'mark-comment');
      const doneAt = done ? now.toISOString() : null;
      return withComments(project, (comments) =>
        comments.map((comment) => (comment.id === commentId ? { ...comment, doneAt } : comment)),
      );
    },
  },
  'record-help-request': {
    // The family's words are kept with the round (deleted with its content), not in the history.
    record: (project, { step, actor, now }) => {
      const { reason } = inputOf(step, 'ask-for-help');
      return {
        ...project,
        rounds: withLastRound(project, (round) => ({
          ...round,
          help: { askedAt: now.toISOString(), by: actor.name, reason },
        })),
      };
    },
    beyond: 'owner',
  },
  'record-help-decision': {
    record: (project, { step, now, event }) => {
      const { action, reason } = inputOf(step, 'grant-round', 'close-help');
      event.note = reason;
      const decision = {
        at: now.toISOString(),
        outcome: action === 'grant-round' ? 'round' : 'closed',
        reason,
      } as const;
      return {
        ...project,
        rounds: withLastRound(project, (round) => ({ ...round, help: round.help && { ...round.help, decision } })),
      };
    },
  },
  // One edit more where edits are counted (a Common App essay's are unlimited already).
  'add-free-round': {
    record: (project) => ({
      ...project,
      editsAllowed: project.editsAllowed === null ? null : project.editsAllowed + 1,
    }),
  },
  'take-slot': { beyond: 'slots' },
  'release-slot': { beyond: 'slots' },
  'move-slot': { beyond: 'slots' },
  'refund-by-policy': { beyond: 'refund' },
  'record-earnings': { beyond: 'earnings' },
  'count-finished': { beyond: 'stats' },
};

/** What `t` changes beyond the record, each once, in the order `commitStep` carries them out. */
export const beyondOf = (t: Transition): Beyond[] =>
  (['slots', 'stats', 'refund', 'earnings', 'owner'] as const).filter((beyond) =>
    t.effects.some((effect) => EFFECTS[effect].beyond === beyond),
  );

/** The project after transition `t`, its effects applied in order, with its history entry. */
export function applyTransition(project: Project, t: Transition, step: Step, actor: Actor, now: Date): Project {
  const at = now.toISOString();
  const to = stateAfter(t, project.state);
  const event: ProjectEvent = {
    at,
    by: actor.role,
    actor: actor.name,
    ...(actor.adminEmail && { adminEmail: actor.adminEmail }),
    type: t.action,
    from: project.state,
    to,
  };
  const changed = t.effects.reduce(
    (next, effect) => EFFECTS[effect].record?.(next, { step, actor, now, event }) ?? next,
    {
      ...project,
      state: to,
      version: project.version + (t.versioned ? 1 : 0),
      updatedAt: at,
    },
  );
  return { ...changed, history: [...project.history, event] };
}

/** One of our team: families and editors see the business's name; the admin area, who it was. */
export const teamActor = (adminEmail: string): Actor => ({ role: 'admin', name: site.name, adminEmail });
