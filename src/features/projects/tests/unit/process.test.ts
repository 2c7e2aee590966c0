/**
 * The project process, transition by transition: who may take it from which state (and the refusal
 * otherwise), what it does to the record, and who is told what, named as who acted. The expectations
 * are written here by hand, apart from the module, so a change to the process shows up as a diff.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { noticesOf, timerNotices } from '../../server/notify';
import { applyTransition, teamActor, type Actor, type Step } from '../../server/transitions';
import { LIMITED_EDITS, SERVICES } from '#lib/catalogue';
import { editRules, editsIncluded, PROJECT_STATES, type Project, type ProjectState, type Role } from '../../project';
import {
  ACK_REMINDER_MS,
  AUTO_FINAL_MS,
  AUTO_FINAL_WARNING_MS,
  deliveryMessages,
  DELIVERY_LIMITS,
  endpointTransition,
  inputRefusal,
  OPEN_STATES,
  TIMERS,
  transitionNamed,
  transitionRefusal,
  TRANSITIONS,
  type TransitionName,
} from '../../process';
import { COMMENT_LIMITS, commentMessages } from '#features/essay/essay-comments';
import { projectView } from '../../view';
import { editorMessages } from '#lib/messages';
import { refundMessages, type CancellationQuote } from '#lib/refunds';
import { reviewMessages } from '#features/reviews/reviews';
import { site } from '#lib/site';
import { ARCHITECTURE, processSection, withProcessSection } from '../../../../../scripts/docs/process-doc';

const OPEN: ProjectState[] = ['awaiting_draft', 'submitted', 'in_review', 'returned', 'help_requested'];
const ROLES: Role[] = ['customer', 'student', 'editor', 'admin', 'system'];
const AT = '2026-11-02T15:00:00.000Z';
/** 'essay' in the sample's draft, 'My essay'. */
const ANCHOR = { block: 0, start: 3, end: 8, quote: 'essay', prefix: 'My ', suffix: '' };
const COMMENT_ID = '6f1c2a9e-4b7d-4e0a-9c3b-2d5e8f1a7b40';
const NOW = new Date(AT);

/** Who takes each transition, how it is asked for, from where, and where it leads (null: stays). */
const EXPECTED: Record<
  TransitionName,
  { by: Role[]; via: 'endpoint' | 'refund' | 'timer'; from: ProjectState[]; to: ProjectState | null }
> = {
  submit: { by: ['customer', 'student'], via: 'endpoint', from: ['awaiting_draft', 'returned'], to: 'submitted' },
  acknowledge: { by: ['editor'], via: 'endpoint', from: ['submitted'], to: 'in_review' },
  return: { by: ['editor'], via: 'endpoint', from: ['submitted', 'in_review'], to: 'returned' },
  'keep-open': { by: ['customer', 'student'], via: 'endpoint', from: ['returned'], to: null },
  finalize: { by: ['customer', 'student'], via: 'endpoint', from: ['returned'], to: 'final' },
  'auto-finalize': { by: ['system'], via: 'timer', from: ['returned'], to: 'final' },
  'team-finalize': { by: ['admin'], via: 'endpoint', from: OPEN, to: 'final' },
  withdraw: { by: ['customer'], via: 'endpoint', from: OPEN, to: 'withdrawn' },
  'team-withdraw': { by: ['admin'], via: 'endpoint', from: OPEN, to: 'withdrawn' },
  // Only before feedback came back: a project returned once is past that point.
  cancel: { by: ['customer'], via: 'endpoint', from: ['awaiting_draft', 'submitted', 'in_review'], to: 'cancelled' },
  'team-cancel': { by: ['admin'], via: 'refund', from: OPEN, to: 'cancelled' },
  'message-from-family': { by: ['customer', 'student'], via: 'endpoint', from: [...OPEN, 'final'], to: null },
  'message-from-editor': { by: ['editor'], via: 'endpoint', from: [...OPEN, 'final'], to: null },
  'message-from-team': { by: ['admin'], via: 'endpoint', from: [...OPEN, 'final'], to: null },
  reassign: { by: ['admin'], via: 'endpoint', from: OPEN, to: null },
  review: { by: ['customer', 'student'], via: 'endpoint', from: ['final'], to: null },
  'editor-review': { by: ['editor'], via: 'endpoint', from: ['final'], to: null },
  'close-reviews': { by: ['system'], via: 'timer', from: ['final'], to: null },
  // Only once a review is on the site: the sample's final project has none yet.
  reply: { by: ['editor'], via: 'endpoint', from: [], to: null },
  'hide-review': { by: ['admin'], via: 'endpoint', from: [], to: null },
  // Only once a review is held: the sample's final project has none.
  'publish-review': { by: ['admin'], via: 'endpoint', from: [], to: null },
  // Wherever a draft is in: the sample waiting for its draft has none.
  'remove-draft': {
    by: ['customer', 'student'],
    via: 'endpoint',
    from: ['submitted', 'in_review', 'returned', 'help_requested', 'final', 'withdrawn', 'cancelled'],
    to: null,
  },
  comment: { by: ['editor'], via: 'endpoint', from: ['submitted', 'in_review'], to: null },
  'remove-comment': { by: ['editor'], via: 'endpoint', from: ['submitted', 'in_review'], to: null },
  'mark-comment': { by: ['customer', 'student'], via: 'endpoint', from: ['returned'], to: null },
  'ask-for-help': { by: ['customer', 'student'], via: 'endpoint', from: ['returned'], to: 'help_requested' },
  'grant-round': { by: ['admin'], via: 'endpoint', from: ['help_requested'], to: 'returned' },
  'close-help': { by: ['admin'], via: 'endpoint', from: ['help_requested'], to: 'returned' },
};

/** A supplement in `state`, as it gets there: a draft in, feedback on it once returned. */
function sample(state: ProjectState, { invited = false } = {}): Project {
  const submitted = state !== 'awaiting_draft';
  const returned = state === 'returned' || state === 'final' || state === 'help_requested';
  return {
    id: 'ord_1-1',
    orderId: 'ord_1',
    unit: 1,
    service: { id: 'supplement-large', title: 'Supplemental Essay Help (Large)' },
    priceCents: 10000,
    customer: { uid: 'parent-uid', email: 'pat@example.com' },
    student: {
      name: 'Sam Lee',
      email: 'sam@example.com',
      grade: '12',
      parentName: 'Pat Lee',
      parentEmail: 'pat@example.com',
    },
    editor: { id: 'maya-chen', name: 'Maya Chen' },
    ...(invited && { studentAccess: { invitedAt: '2026-11-01T09:00:00.000Z' } }),
    assignment: 1,
    previousAssignments: [],
    boughtWhileFull: false,
    state,
    editsAllowed: 3,
    rounds: submitted
      ? [
          {
            n: 1,
            submittedAt: '2026-11-01T10:00:00.000Z',
            prompt: 'Why us?',
            draft: { kind: 'text', text: 'My essay' },
            turnaround: 'standard',
            dueAt: '2026-11-06T10:00:00.000Z',
            acknowledgedAt: state === 'submitted' ? null : '2026-11-01T12:00:00.000Z',
            returnedAt: returned ? '2026-11-02T10:00:00.000Z' : null,
            notes: returned ? 'Notes' : null,
            files: [],
            late: false,
            comments: [
              {
                id: COMMENT_ID,
                round: 1,
                anchor: ANCHOR,
                text: 'Which essay?',
                createdAt: '2026-11-01T13:00:00.000Z',
                doneAt: null,
              },
            ],
            ...(state === 'help_requested' && {
              help: { askedAt: '2026-11-02T12:00:00.000Z', by: 'Pat, parent', reason: 'It missed the prompt.' },
            }),
          },
        ]
      : [],
    messages: [],
    history: [
      {
        at: '2026-11-02T14:00:00.000Z',
        by: 'customer',
        actor: 'Pat, parent',
        type: state === 'final' ? 'finalize' : 'created',
        from: 'returned',
        to: state,
      },
    ],
    reminders: {},
    version: 4,
    createdAt: '2026-11-01T09:00:00.000Z',
    updatedAt: '2026-11-02T14:00:00.000Z',
  };
}

/** The step each action asks for, as the endpoint would have parsed it. */
const STEPS: Record<Step['action'], Step> = {
  submit: { action: 'submit', prompt: '', draft: { kind: 'text', text: 'Revised' }, turnaround: 'standard' },
  acknowledge: { action: 'acknowledge', text: 'On it!' },
  return: { action: 'return', notes: 'Tighten the opening.', files: [] },
  finalize: { action: 'finalize' },
  extend: { action: 'extend' },
  withdraw: { action: 'withdraw', reason: 'The family asked us to.' },
  cancel: {
    action: 'cancel',
    refund: { amountCents: 10000, withinWindow: true, text: 'a full refund within 48 hours of payment' },
  },
  message: { action: 'message', text: 'A question' },
  reassign: { action: 'reassign', editor: { id: 'ravi-patel', name: 'Ravi Patel' } },
  review: { action: 'review', scores: { feedback: 5, communication: 4, onTime: 5 }, score: 4, text: 'Kind and clear.' },
  reply: { action: 'reply', text: 'Thank you, Sam!' },
  'hide-review': { action: 'hide-review', reason: 'It named another student.' },
  'publish-review': { action: 'publish-review' },
  'remove-draft': { action: 'remove-draft', round: 1 },
  comment: {
    action: 'comment',
    anchor: ANCHOR,
    text: 'Which essay? Name it.',
  },
  'remove-comment': { action: 'remove-comment', commentId: COMMENT_ID },
  'mark-comment': { action: 'mark-comment', commentId: COMMENT_ID, done: true },
  'ask-for-help': { action: 'ask-for-help', reason: 'The feedback missed what the prompt asks.' },
  'grant-round': { action: 'grant-round', reason: 'The feedback did not answer the prompt: a new round is on us.' },
  'close-help': { action: 'close-help', reason: 'The feedback answers the prompt; we refunded a third of it.' },
};

const actorFor = (role: Role): Actor =>
  role === 'admin'
    ? teamActor('owner@beacon.example')
    : {
        role,
        name: { customer: 'Pat, parent', student: 'Sam, student', editor: 'Maya Chen, editor', system: 'system' }[role],
      };

describe('who may take each transition, from where', () => {
  for (const t of TRANSITIONS) {
    it(`${t.name}: by ${EXPECTED[t.name].by.join(', ')} through ${EXPECTED[t.name].via}`, () => {
      const expected = EXPECTED[t.name];
      expect([...t.actors].sort()).toEqual([...expected.by].sort());
      expect(t.via).toBe(expected.via);
      expect(t.to).toBe(expected.to);
      // The endpoint takes it for its actors, and only when it is an endpoint transition.
      for (const role of ROLES)
        expect(endpointTransition(t.action, role) === t, role).toBe(
          expected.via === 'endpoint' && expected.by.includes(role),
        );
      for (const state of PROJECT_STATES) {
        const refused = transitionRefusal(sample(state), t, NOW);
        if (expected.from.includes(state)) expect(refused, state).toBeNull();
        else if (state === 'final' && (t.from as readonly ProjectState[]).includes('final'))
          expect(refused, state).toEqual({
            status: 409,
            error:
              t.name === 'reply'
                ? reviewMessages.notPublished
                : t.name === 'publish-review'
                  ? reviewMessages.notHeld
                  : reviewMessages.notShown,
          });
        else
          expect(refused, state).toEqual({
            status: 409,
            error:
              state === 'final' || state === 'withdrawn' || state === 'cancelled'
                ? deliveryMessages.finished(state)
                : t.name === 'cancel'
                  ? refundMessages.editingBegun
                  : t.name === 'remove-draft'
                    ? deliveryMessages.noDraftToRemove
                    : deliveryMessages.wrongState(t.action, state),
          });
      }
    });
  }

  it('each guard refuses with its reason', () => {
    const noEdits = { ...sample('returned'), editsAllowed: 1 };
    expect(transitionRefusal(noEdits, transitionNamed('submit'), NOW)?.error).toBe(deliveryMessages.noEditsLeft);
    expect(transitionRefusal(noEdits, transitionNamed('keep-open'), NOW)?.error).toBe(deliveryMessages.noEditsLeft);
    const keptOpen = sample('returned');
    keptOpen.rounds[0].keptOpen = 3;
    expect(transitionRefusal(keptOpen, transitionNamed('keep-open'), NOW)?.error).toBe(deliveryMessages.keptOpenEnough);
    const revision = { ...sample('in_review'), rounds: [...sample('returned').rounds, sample('in_review').rounds[0]] };
    expect(transitionRefusal(revision, transitionNamed('cancel'), NOW)?.error).toBe(refundMessages.editingBegun);
    // Our team's cancel is not bound by that.
    expect(transitionRefusal(revision, transitionNamed('team-cancel'), NOW)).toBeNull();
    const twoWeeksLater = new Date(Date.parse('2026-11-02T14:00:00.000Z') + 14 * 24 * 3600_000);
    for (const name of ['message-from-family', 'message-from-editor', 'message-from-team'] as const) {
      expect(transitionRefusal(sample('final'), transitionNamed(name), new Date(twoWeeksLater.getTime() - 1))).toBe(
        null,
      );
      expect(transitionRefusal(sample('final'), transitionNamed(name), twoWeeksLater)?.error).toBe(
        deliveryMessages.threadClosed,
      );
      const full = { ...sample('submitted'), messages: Array.from({ length: DELIVERY_LIMITS.messages }, () => ({})) };
      expect(transitionRefusal(full, transitionNamed(name), NOW)?.error).toBe(deliveryMessages.threadFull);
    }
  });

  it("each check of a step's input refuses with its reason (400), and only the transitions that name it", () => {
    const first = sample('awaiting_draft');
    expect(inputRefusal(first, transitionNamed('submit'), {})).toEqual({
      status: 400,
      error: deliveryMessages.promptRequired,
    });
    expect(inputRefusal(first, transitionNamed('submit'), { prompt: 'Why us?' })).toBeNull();
    // A revision answers the prompt the first draft gave.
    expect(inputRefusal(sample('returned'), transitionNamed('submit'), {})).toBeNull();
    expect(inputRefusal(sample('submitted'), transitionNamed('team-withdraw'), {})).toEqual({
      status: 400,
      error: deliveryMessages.withdrawReasonRequired,
    });
    expect(inputRefusal(sample('submitted'), transitionNamed('withdraw'), {})).toBeNull();
    expect(inputRefusal(sample('returned'), transitionNamed('remove-draft'), { round: 2 })).toEqual({
      status: 400,
      error: deliveryMessages.noSuchDraft,
    });
    expect(inputRefusal(sample('returned'), transitionNamed('remove-draft'), { round: 1 })).toBeNull();
    // No draft at all: the guard refuses it (409), not the round named.
    expect(inputRefusal(sample('awaiting_draft'), transitionNamed('remove-draft'), { round: 2 })).toBeNull();
    expect(TRANSITIONS.filter((t) => t.checks.length > 0).map((t) => t.name)).toEqual([
      'submit',
      'return',
      'team-withdraw',
      'cancel',
      'reassign',
      'remove-draft',
      'comment',
      'remove-comment',
      'mark-comment',
      'ask-for-help',
      'grant-round',
      'close-help',
    ]);
    // The family says why it asks for help, and our team why it decided as it did: each side reads it.
    expect(inputRefusal(sample('returned'), transitionNamed('ask-for-help'), {})).toEqual({
      status: 400,
      error: deliveryMessages.helpReasonRequired,
    });
    for (const name of ['grant-round', 'close-help'] as const)
      expect(inputRefusal(sample('help_requested'), transitionNamed(name), { reason: '' })).toEqual({
        status: 400,
        error: deliveryMessages.decisionReasonRequired,
      });
    expect(inputRefusal(sample('help_requested'), transitionNamed('grant-round'), { reason: 'Ours.' })).toBeNull();
  });

  it('each check of what a step names, as the server looked it up, refuses with its reason', () => {
    const returnIt = transitionNamed('return');
    const mine = { uploadedBy: 'editor-uid' };
    expect(inputRefusal(sample('in_review'), returnIt, { by: 'editor-uid', uploads: [mine, mine] })).toBeNull();
    for (const uploads of [[mine, null], [{ uploadedBy: 'someone-else' }]])
      expect(inputRefusal(sample('in_review'), returnIt, { by: 'editor-uid', uploads })).toEqual({
        status: 400,
        error: deliveryMessages.noSuchUpload,
      });

    const reassign = transitionNamed('reassign');
    const sofia = { id: 'sofia-ramirez', name: 'Sofia Ramirez', shown: true };
    expect(inputRefusal(sample('submitted'), reassign, { editor: sofia })).toBeNull();
    expect(inputRefusal(sample('submitted'), reassign, { editor: null })).toEqual({
      status: 400,
      error: deliveryMessages.noSuchEditor,
    });
    expect(inputRefusal(sample('submitted'), reassign, { editor: { ...sofia, shown: false } })).toEqual({
      status: 409,
      error: editorMessages.reassignToHidden('Sofia Ramirez'),
    });
    expect(
      inputRefusal(sample('submitted'), reassign, { editor: { id: 'maya-chen', name: 'Maya Chen', shown: true } }),
    ).toEqual({ status: 409, error: deliveryMessages.sameEditor });

    const quote: CancellationQuote = { amountCents: 10000, withinWindow: true, text: 'All of it.' };
    const cancel = transitionNamed('cancel');
    expect(inputRefusal(sample('submitted'), cancel, { quote })).toBeNull();
    expect(inputRefusal(sample('submitted'), cancel, { quote, refundCents: 10000 })).toBeNull();
    expect(inputRefusal(sample('submitted'), cancel, { quote, refundCents: 5000 })).toEqual({
      status: 409,
      error: refundMessages.quoteChanged(quote),
    });

    const comment = transitionNamed('comment');
    expect(inputRefusal(sample('in_review'), comment, { passage: 'in-draft' })).toBeNull();
    expect(inputRefusal(sample('in_review'), comment, { passage: 'not-in-draft' })?.error).toBe(
      commentMessages.notInDraft,
    );
    expect(inputRefusal(sample('in_review'), comment, { passage: 'no-text' })?.error).toBe(commentMessages.noText);

    const removeComment = transitionNamed('remove-comment');
    expect(inputRefusal(sample('in_review'), removeComment, { commentId: COMMENT_ID })).toBeNull();
    expect(inputRefusal(sample('in_review'), removeComment, { commentId: 'another' })).toEqual({
      status: 409,
      error: commentMessages.noSuchComment,
    });
    // A round with no comments at all: its guard refuses it (409), not the comment named.
    const reading = sample('in_review');
    const uncommented = { ...reading, rounds: [{ ...reading.rounds[0], comments: [] }] };
    expect(inputRefusal(uncommented, removeComment, { commentId: 'another' })).toBeNull();
  });
});

/** Who reads each transition's e-mails: audience and which editor, in order; 'student' only once invited. */
const TOLD: Record<TransitionName, string[]> = {
  submit: ['editor:maya-chen'],
  acknowledge: ['customer', 'student'],
  return: ['customer', 'student'],
  'keep-open': ['editor:maya-chen'],
  // The family who made it final is invited to review by e-mail too.
  finalize: ['editor:maya-chen', 'customer', 'student'],
  'auto-finalize': ['customer', 'student', 'editor:maya-chen'],
  'team-finalize': ['customer', 'student', 'editor:maya-chen'],
  withdraw: ['editor:maya-chen'],
  'team-withdraw': ['customer', 'student', 'editor:maya-chen'],
  cancel: ['editor:maya-chen', 'customer', 'student'],
  'team-cancel': ['editor:maya-chen', 'customer', 'student'],
  'message-from-family': ['editor:maya-chen'],
  'message-from-editor': ['customer', 'student'],
  'message-from-team': ['customer', 'student', 'editor:maya-chen'],
  reassign: ['customer', 'student', 'editor:ravi-patel', 'editor:maya-chen'],
  // The family's review is published only with the editor's, or when the window closes.
  review: ['editor:maya-chen'],
  'editor-review': [],
  'close-reviews': [],
  reply: ['customer', 'student'],
  'hide-review': ['customer', 'student'],
  // Published now: the family and the editor may read it.
  'publish-review': ['customer', 'student', 'editor:maya-chen'],
  'remove-draft': ['editor:maya-chen'],
  // No notice per comment: the family reads them with the returned feedback.
  comment: [],
  'remove-comment': [],
  'mark-comment': [],
  // The family who asked hears it was received; our team's decision reaches both sides.
  'ask-for-help': ['editor:maya-chen', 'customer', 'student'],
  'grant-round': ['customer', 'student', 'editor:maya-chen'],
  'close-help': ['customer', 'student', 'editor:maya-chen'],
};

/** The final sample with the family's review held for our team. */
const withHeldReview = (project: Project): Project => ({
  ...project,
  reviews: {
    family: { at: AT, by: 'customer', scores: { feedback: 1, communication: 2, onTime: 2 }, text: 'SCAM. Call me.' },
    held: { at: AT, reasons: ['abuse'] },
  },
});

describe('what each transition does, and who is told', () => {
  for (const t of TRANSITIONS) {
    const from = EXPECTED[t.name].from.at(-1) ?? 'final';
    for (const role of t.actors) {
      it(`${t.name} by ${role} from ${from}`, () => {
        const before =
          t.name === 'publish-review'
            ? withHeldReview(sample(from, { invited: true }))
            : sample(from, { invited: true });
        const step = STEPS[t.action];
        const actor = actorFor(role);
        const after = applyTransition(before, t, step, actor, NOW);
        expect(after.state).toBe(EXPECTED[t.name].to ?? from);
        const unversioned = [
          'message',
          'review',
          'reply',
          'hide-review',
          'publish-review',
          'remove-draft',
          'comment',
          'remove-comment',
          'mark-comment',
        ].includes(t.action);
        expect(after.version).toBe(before.version + (unversioned ? 0 : 1));
        expect(after.history.at(-1)).toMatchObject({ at: AT, by: role, actor: actor.name, type: t.action, from });
        expect(after.history.at(-1)?.adminEmail).toBe(role === 'admin' ? 'owner@beacon.example' : undefined);

        const told = noticesOf(t, step, before, after, actor);
        const audiences = told.map((n) => (n.audience === 'editor' ? `editor:${n.editorId}` : n.audience));
        expect(audiences).toEqual(TOLD[t.name]);
        // Without the student invited, nobody writes to the student.
        const alone = noticesOf(t, step, sample(from), { ...after, studentAccess: undefined }, actor);
        expect(alone.map((n) => n.audience)).not.toContain('student');
        for (const notice of told) {
          const text = [notice.subject, ...notice.lines].join('\n');
          // Our team is named as the business; no admin's address reaches a family or an editor.
          expect(text).not.toContain('owner@beacon.example');
          if (role === 'admin' && notice.audience !== 'editor') expect(text).not.toMatch(/\bYou\b/);
          if (role === 'admin' && t.action !== 'reassign') expect(text, t.name).toContain(site.name);
          if (role !== 'admin') expect(text).not.toContain(`${site.name} `);
        }
      });
    }
  }

  it("our team's cancel names our team to the family and the editor, and the student does not read of money", () => {
    const before = sample('returned', { invited: true });
    const t = transitionNamed('team-cancel');
    const after = applyTransition(before, t, { action: 'cancel' }, teamActor('owner@beacon.example'), NOW);
    const [editor, parent, student] = noticesOf(t, { action: 'cancel' }, before, after, teamActor('o@b.example'));
    expect(editor.lines[0]).toBe(
      `${site.name} cancelled Supplemental Essay Help (Large). Nothing more is needed from you.`,
    );
    expect(parent.lines).toEqual([
      `${site.name} cancelled Supplemental Essay Help (Large) for Sam Lee.`,
      'Any refund with it is shown under Your Orders on your dashboard.',
    ]);
    expect(student.lines).toEqual([parent.lines[0]]);
  });

  it("the family's cancel says the family did it, and tells the parent what comes back", () => {
    const before = sample('submitted', { invited: true });
    const t = transitionNamed('cancel');
    const after = applyTransition(before, t, STEPS.cancel, actorFor('customer'), NOW);
    expect(after.history.at(-1)).toMatchObject({
      refundCents: 10000,
      note: 'a full refund within 48 hours of payment',
    });
    const [editor, parent] = noticesOf(t, STEPS.cancel, before, after, actorFor('customer'));
    expect(editor.lines[0]).toBe(
      "Sam Lee's family cancelled Supplemental Essay Help (Large). Nothing more is needed from you.",
    );
    expect(parent.lines).toEqual([
      'You cancelled Supplemental Essay Help (Large) for Sam Lee.',
      '$100.00 comes back to your card: you can follow it under Your Orders on your dashboard.',
    ]);
  });

  it('the record effects: a round opens, is acknowledged, closes, is kept open; messages; the editor changes', () => {
    const submitted = applyTransition(
      sample('returned'),
      transitionNamed('submit'),
      STEPS.submit,
      actorFor('student'),
      NOW,
    );
    expect(submitted.rounds.at(-1)).toMatchObject({ n: 2, prompt: 'Why us?', submittedAt: AT, returnedAt: null });
    expect(submitted.history.at(-1)?.note).toBe('Revision 1');
    const acknowledged = applyTransition(
      submitted,
      transitionNamed('acknowledge'),
      STEPS.acknowledge,
      actorFor('editor'),
      NOW,
    );
    expect(acknowledged.rounds.at(-1)?.acknowledgedAt).toBe(AT);
    expect(acknowledged.messages.at(-1)).toMatchObject({ by: 'editor', author: 'Maya Chen, editor', text: 'On it!' });
    const returned = applyTransition(acknowledged, transitionNamed('return'), STEPS.return, actorFor('editor'), NOW);
    expect(returned.rounds.at(-1)).toMatchObject({ returnedAt: AT, notes: 'Tighten the opening.', late: false });
    const kept = applyTransition(returned, transitionNamed('keep-open'), STEPS.extend, actorFor('customer'), NOW);
    expect(kept.rounds.at(-1)?.keptOpen).toBe(1);
    const moved = applyTransition(kept, transitionNamed('reassign'), STEPS.reassign, actorFor('admin'), NOW);
    expect(moved).toMatchObject({
      editor: { id: 'ravi-patel', name: 'Ravi Patel' },
      assignment: 2,
      previousAssignments: [{ editorId: 'maya-chen', assignment: 1 }],
    });
    expect(moved.history.at(-1)?.note).toBe('From Maya Chen to Ravi Patel');
    const withdrawn = applyTransition(moved, transitionNamed('team-withdraw'), STEPS.withdraw, actorFor('admin'), NOW);
    expect(withdrawn.history.at(-1)?.note).toBe('The family asked us to.');
  });
});

describe('the timers', () => {
  it('each is set by the transitions that name it, and fires at its time from the project', () => {
    const setBy = (name: string) =>
      TRANSITIONS.filter((t) => (t.timers as readonly string[]).includes(name)).map((t) => t.name);
    expect(setBy('ack')).toEqual(['submit']);
    expect(setBy('late')).toEqual(['submit']);
    // Our team's decision on a request for help starts the family's clock again.
    expect(setBy('warn')).toEqual(['return', 'keep-open', 'grant-round', 'close-help']);
    expect(setBy('final')).toEqual(['return', 'keep-open', 'grant-round', 'close-help']);
    const submitted = sample('submitted');
    expect(TIMERS.ack.at(submitted).getTime()).toBe(Date.parse('2026-11-01T10:00:00.000Z') + ACK_REMINDER_MS);
    expect(TIMERS.late.at(submitted).toISOString()).toBe('2026-11-06T10:00:00.000Z');
    const returnedAt = Date.parse('2026-11-02T10:00:00.000Z');
    expect(TIMERS.final.at(sample('returned')).getTime()).toBe(returnedAt + AUTO_FINAL_MS);
    expect(TIMERS.warn.at(sample('returned')).getTime()).toBe(returnedAt + AUTO_FINAL_MS - AUTO_FINAL_WARNING_MS);
    expect(TIMERS.final.takes).toBe('auto-finalize');
    expect(transitionNamed('auto-finalize').via).toBe('timer');
  });

  it('the warning goes to the family, the reminder to the editor', () => {
    const returned = sample('returned', { invited: true });
    expect(timerNotices('warn', 'warn-r1', returned, AT).map((n) => [n.audience, n.id])).toEqual([
      ['customer', 'warn-r1'],
      ['student', 'warn-r1-student'],
    ]);
    expect(timerNotices('ack', 'ack-r1', sample('submitted'), AT).map((n) => [n.audience, n.editorId])).toEqual([
      ['editor', 'maya-chen'],
    ]);
  });
});

describe('what the process is read from', () => {
  it('every open state is where work goes on', () => {
    expect([...OPEN_STATES]).toEqual(OPEN);
  });

  it('the edit allowance lives in the catalogue, and what is sold says it', () => {
    for (const service of SERVICES) {
      expect(editsIncluded(service.id)).toBe(service.edits);
      if (service.edits !== null) expect(service.note).toContain(`${service.edits} edits`);
    }
    expect(LIMITED_EDITS).toBe(3);
    expect(editRules([{ id: 'supplement-small', quantity: 2 }])).toBe('3 edits for each supplemental essay');
  });

  it("docs/architecture.md's process section is generated from the module (npm run docs:process)", () => {
    const markdown = readFileSync(ARCHITECTURE, 'utf8');
    expect(withProcessSection(markdown), 'run npm run docs:process').toBe(markdown);
    expect(markdown).toContain(processSection());
  });
});

describe('comments on passages of the draft', () => {
  const editor = actorFor('editor');
  const comment = (project: Project, text = 'Which essay? Name it.') =>
    applyTransition(project, transitionNamed('comment'), { ...STEPS.comment, text } as Step, editor, NOW);

  it('the editor drafts and deletes comments on the round being edited; each is kept with its round', () => {
    const once = comment(sample('in_review'));
    const twice = comment(once, 'Cut this sentence.');
    const comments = twice.rounds[0].comments!.slice(1);
    expect(twice.rounds[0].comments![0].id).toBe(COMMENT_ID);
    expect(comments).toEqual([
      {
        id: expect.any(String),
        round: 1,
        anchor: ANCHOR,
        text: 'Which essay? Name it.',
        createdAt: AT,
        doneAt: null,
      },
      expect.objectContaining({ round: 1, text: 'Cut this sentence.' }),
    ]);
    expect(comments[0].id).not.toBe(comments[1].id);
    const removed = applyTransition(
      twice,
      transitionNamed('remove-comment'),
      { action: 'remove-comment', commentId: comments[0].id },
      editor,
      NOW,
    );
    expect(removed.rounds[0].comments!.map((c) => c.text)).toEqual(['Which essay?', 'Cut this sentence.']);
    expect(removed.history.slice(-3).map((e) => e.type)).toEqual(['comment', 'comment', 'remove-comment']);
  });

  it(`refuses the comment after ${COMMENT_LIMITS.perRound} on a round`, () => {
    let project = sample('in_review');
    // The sample's round has one comment already.
    for (let i = 0; i < COMMENT_LIMITS.perRound - 2; i++) project = comment(project);
    expect(transitionRefusal(project, transitionNamed('comment'), NOW)).toBeNull();
    project = comment(project);
    expect(transitionRefusal(project, transitionNamed('comment'), NOW)).toEqual({
      status: 409,
      error: commentMessages.full,
    });
  });

  it('deleting or marking needs a comment on the round', () => {
    const bare = sample('returned');
    bare.rounds[0].comments = [];
    expect(transitionRefusal(bare, transitionNamed('mark-comment'), NOW)?.error).toBe(commentMessages.none);
    const editing = sample('in_review');
    delete editing.rounds[0].comments;
    expect(transitionRefusal(editing, transitionNamed('remove-comment'), NOW)?.error).toBe(commentMessages.none);
  });

  it('the family marks a returned comment done and not done again', () => {
    const returned = applyTransition(
      comment(sample('in_review')),
      transitionNamed('return'),
      STEPS.return,
      editor,
      NOW,
    );
    const id = returned.rounds[0].comments![1].id;
    const mark = (project: Project, done: boolean, at: Date) =>
      applyTransition(
        project,
        transitionNamed('mark-comment'),
        { action: 'mark-comment', commentId: id, done },
        actorFor('student'),
        at,
      );
    const later = new Date(NOW.getTime() + 60_000);
    const done = mark(returned, true, later);
    expect(done.rounds[0].comments!.map((c) => c.doneAt)).toEqual([null, later.toISOString()]);
    expect(done.state).toBe('returned');
    expect(mark(done, false, later).rounds[0].comments![1].doneAt).toBeNull();
  });

  it('the family reads neither the comments nor their making until the round is returned', () => {
    const drafted = comment(sample('in_review', { invited: true }));
    for (const roles of [['customer'], ['student']] as Role[][]) {
      const view = projectView(drafted, roles, NOW);
      expect(view.rounds[0].comments, roles[0]).toBeUndefined();
      expect(
        view.history.map((e) => e.type),
        roles[0],
      ).not.toContain('comment');
    }
    expect(projectView(drafted, ['editor'], NOW).rounds[0].comments).toHaveLength(2);
    expect(projectView(drafted, ['admin'], NOW).rounds[0].comments).toHaveLength(2);
    const returned = applyTransition(drafted, transitionNamed('return'), STEPS.return, editor, NOW);
    expect(projectView(returned, ['student'], NOW).rounds[0].comments).toEqual(returned.rounds[0].comments);
  });
});

describe('the notice of returned feedback', () => {
  const lineOf = (project: Project, files: number) => {
    const t = transitionNamed('return');
    const step: Step = {
      action: 'return',
      notes: 'Notes',
      files: Array.from({ length: files }, (_, i) => ({ id: `f${i}`, name: 'notes.pdf', kind: 'pdf', bytes: 10 })),
    };
    const after = applyTransition(project, t, step, actorFor('editor'), NOW);
    return noticesOf(t, step, project, after, actorFor('editor'))[0].lines[0];
  };

  it('says how many comments came back with the notes, and files', () => {
    const none = sample('in_review');
    delete none.rounds[0].comments;
    expect(lineOf(none, 0)).toBe('Maya Chen returned feedback on Supplemental Essay Help (Large).');
    expect(lineOf(sample('in_review'), 0)).toBe(
      'Maya Chen returned feedback on Supplemental Essay Help (Large) with 1 comment on the draft.',
    );
    expect(lineOf(sample('in_review'), 2)).toBe(
      'Maya Chen returned feedback on Supplemental Essay Help (Large) with 2 files and 1 comment on the draft.',
    );
  });
});

describe('a project whose family closed its account', () => {
  it('offers no message to the family, to the editor or our team, and refuses one with the reason', () => {
    const closed = { ...sample('in_review'), accountClosedAt: new Date().toISOString() };
    for (const name of ['message-from-editor', 'message-from-team'] as const)
      expect(transitionRefusal(closed, transitionNamed(name))).toEqual({
        status: 409,
        error: deliveryMessages.familyClosed,
      });
    expect(projectView(closed, ['editor'], new Date()).actions).not.toContain('message');
    expect(projectView(sample('in_review'), ['editor'], new Date()).actions).toContain('message');
  });
});

describe('a family review whose words call for it is held, never for its score alone', () => {
  const family = actorFor('customer');
  const editor = actorFor('editor');
  const team = teamActor('owner@beacon.example');
  const review = (scores: { feedback: number; communication: number; onTime: number }, text: string): Step => ({
    action: 'review',
    scores,
    text,
  });
  const LOW = { feedback: 1, communication: 2, onTime: 2 };
  const bothReviewed = (text: string, scores = LOW) => {
    const reviewed = applyTransition(sample('final'), transitionNamed('review'), review(scores, text), family, NOW);
    const step: Step = { action: 'review', score: 4, text: '' };
    return applyTransition(reviewed, transitionNamed('editor-review'), step, editor, NOW);
  };

  it('held when both are in, with its reasons; not published, and only our team may decide', () => {
    const held = bothReviewed('A scam: call 312 555 0100 instead.');
    expect(held.reviews?.publishedAt).toBeUndefined();
    expect(held.reviews?.held).toEqual({ at: AT, reasons: ['contact', 'abuse'] });
    expect(transitionRefusal(held, transitionNamed('reply'), NOW)?.error).toBe(reviewMessages.notPublished);
    expect(transitionRefusal(held, transitionNamed('publish-review'), NOW)).toBeNull();
    expect(transitionRefusal(held, transitionNamed('hide-review'), NOW)).toBeNull();
    // The editor does not read it, nor hears of it; the family is told why it waits.
    expect(projectView(held, ['editor'], NOW).reviews?.family).toBeUndefined();
    const before = { ...held, reviews: { family: held.reviews!.family } };
    const told = noticesOf(transitionNamed('editor-review'), { action: 'review', score: 4 }, before, held, editor);
    expect(told.map((n) => [n.audience, n.subject, n.lines])).toEqual([
      ['customer', 'Your review of Maya Chen is with our team', [reviewMessages.heldForFamily(['contact', 'abuse'])]],
    ]);
  });

  it('published by our team once, then on the site; or hidden instead, and then never published', () => {
    const held = bothReviewed('Text me at 312-555-0100.');
    const published = applyTransition(held, transitionNamed('publish-review'), { action: 'publish-review' }, team, NOW);
    expect(published.reviews?.publishedAt).toBe(AT);
    expect(transitionRefusal(published, transitionNamed('publish-review'), NOW)?.error).toBe(reviewMessages.notHeld);
    expect(transitionRefusal(published, transitionNamed('reply'), NOW)).toBeNull();
    expect(projectView(published, ['editor'], NOW).reviews?.family?.text).toBe('Text me at 312-555-0100.');
    const hideStep: Step = { action: 'hide-review', reason: 'It gave a phone number.' };
    const hidden = applyTransition(held, transitionNamed('hide-review'), hideStep, team, NOW);
    expect(hidden.reviews?.publishedAt).toBeUndefined();
    expect(transitionRefusal(hidden, transitionNamed('publish-review'), NOW)?.error).toBe(reviewMessages.notHeld);
    expect(transitionRefusal(hidden, transitionNamed('hide-review'), NOW)?.error).toBe(reviewMessages.notShown);
  });

  it('a review scored 1.7 in plain words is published like any other', () => {
    const published = bothReviewed('Disappointing: late and thin feedback.');
    expect(published.reviews?.publishedAt).toBe(AT);
    expect(published.reviews?.held).toBeUndefined();
  });

  it('held when the window closes with the family alone having reviewed', () => {
    const reviewed = applyTransition(
      sample('final'),
      transitionNamed('review'),
      review(LOW, 'www.other.example'),
      family,
      NOW,
    );
    expect(reviewed.reviews?.held).toBeUndefined();
    const closed = applyTransition(
      reviewed,
      transitionNamed('close-reviews'),
      { action: 'review' },
      actorFor('system'),
      NOW,
    );
    expect(closed.reviews).toMatchObject({ held: { at: AT, reasons: ['link'] } });
    expect(closed.reviews?.publishedAt).toBeUndefined();
  });
});
