/**
 * The delivery state machine as a table: every action, every role, every state, and
 * what the rules answer. The function tests drive the same table through the endpoint.
 */
import { describe, expect, it } from 'vitest';
import {
  PROJECT_ACTIONS,
  PROJECT_STATES,
  personName,
  relativeTime,
  type Project,
  type ProjectAction,
  type ProjectState,
  type Role,
  type Round,
} from '../../project';
import {
  dueAt,
  editsLeft,
  openRound,
  autoFinalAt,
  keepOpenLeft,
  messagesCloseAt,
  takesSlot,
  availableActions,
  refusal,
} from '../../process';
import { projectView } from '../../view';

const round = (n: number, returned: boolean): Round => ({
  n,
  submittedAt: '2026-11-01T10:00:00.000Z',
  prompt: 'Prompt',
  draft: { kind: 'text', text: 'Essay' },
  turnaround: 'standard',
  dueAt: '2026-11-06T10:00:00.000Z',
  acknowledgedAt: null,
  returnedAt: returned ? '2026-11-03T10:00:00.000Z' : null,
  notes: returned ? 'Notes' : null,
  files: [],
  late: false,
});
const project = (state: ProjectState, { returns = 0, editsAllowed = 3 as number | null } = {}) => ({
  state,
  editsAllowed,
  rounds: Array.from({ length: returns }, (_, i) => round(i + 1, true)),
});

/** Who may take each step from where; anything else is refused. */
const ALLOWED: Record<ProjectAction, Partial<Record<Role, ProjectState[]>>> = {
  submit: { customer: ['awaiting_draft', 'returned'], student: ['awaiting_draft', 'returned'] },
  acknowledge: { editor: ['submitted'] },
  return: { editor: ['submitted', 'in_review'] },
  finalize: {
    customer: ['returned'],
    student: ['returned'],
    admin: ['awaiting_draft', 'submitted', 'in_review', 'returned', 'help_requested'],
  },
  withdraw: {
    customer: ['awaiting_draft', 'submitted', 'in_review', 'returned', 'help_requested'],
    admin: ['awaiting_draft', 'submitted', 'in_review', 'returned', 'help_requested'],
  },
  extend: { customer: ['returned'], student: ['returned'] },
  cancel: { customer: ['awaiting_draft', 'submitted', 'in_review'] },
  message: {
    customer: ['awaiting_draft', 'submitted', 'in_review', 'returned', 'help_requested'],
    student: ['awaiting_draft', 'submitted', 'in_review', 'returned', 'help_requested'],
    editor: ['awaiting_draft', 'submitted', 'in_review', 'returned', 'help_requested'],
    admin: ['awaiting_draft', 'submitted', 'in_review', 'returned', 'help_requested'],
  },
  reassign: { admin: ['awaiting_draft', 'submitted', 'in_review', 'returned', 'help_requested'] },
  // These projects have no final time, so their review window reads as closed (the process test opens it).
  review: { customer: [], student: [], editor: [] },
  reply: { editor: [] },
  'hide-review': { admin: [] },
  // None of these projects has a review held.
  'publish-review': { admin: [] },
  // Only where a draft is in: of these projects, the returned ones.
  'remove-draft': { customer: ['returned', 'help_requested'], student: ['returned', 'help_requested'] },
  comment: { editor: ['submitted', 'in_review'] },
  // These projects' rounds have no comments to delete or mark (the process test gives its sample one).
  'remove-comment': { editor: [] },
  'mark-comment': { customer: [], student: [] },
  // These projects' feedback came back weeks ago: the window to ask is closed (the process test opens it).
  'ask-for-help': { customer: [], student: [] },
  'grant-round': { admin: ['help_requested'] },
  'close-help': { admin: ['help_requested'] },
};
const ROLES: Role[] = ['customer', 'student', 'editor', 'admin', 'system'];

/** Whom a refusal names: those the process lets take the step through the endpoint. */
const WHO_MAY: Record<ProjectAction, string> = {
  submit: 'the family',
  acknowledge: 'the editor',
  return: 'the editor',
  finalize: 'the family or our team',
  withdraw: 'the parent or our team',
  extend: 'the family',
  cancel: 'the parent',
  message: 'the family, the editor or our team',
  reassign: 'our team',
  review: 'the family or the editor',
  reply: 'the editor',
  'hide-review': 'our team',
  'publish-review': 'our team',
  'remove-draft': 'the family',
  comment: 'the editor',
  'remove-comment': 'the editor',
  'mark-comment': 'the family',
  'ask-for-help': 'the family',
  'grant-round': 'our team',
  'close-help': 'our team',
};
/** The student is told to ask the parent, where the parent may. */
const refused = (action: ProjectAction, role: Role) =>
  role === 'student' && WHO_MAY[action].includes('the parent')
    ? `Only ${WHO_MAY[action]} can do that: ask the parent to, on their dashboard.`
    : `Only ${WHO_MAY[action]} can do that.`;

describe('the delivery state machine', () => {
  for (const action of PROJECT_ACTIONS) {
    for (const role of ROLES) {
      it(`${action} by ${role}`, () => {
        const states = ALLOWED[action][role];
        for (const state of PROJECT_STATES) {
          const returns = state === 'returned' || state === 'help_requested' ? 1 : 0;
          const answer = refusal(project(state, { returns }), action, role);
          if (states?.includes(state)) expect(answer, state).toBeNull();
          else if (!states) expect(answer, state).toEqual({ status: 403, error: refused(action, role) });
          else expect(answer?.status, state).toBe(409);
        }
      });
    }
  }

  it('says why a finished project takes no step, and why a state does not allow one', () => {
    expect(refusal(project('final'), 'submit', 'customer')?.error).toBe(
      'This project is final; nothing more can be done with it.',
    );
    expect(refusal(project('in_review'), 'submit', 'customer')?.error).toBe(
      'Submit Draft is not possible while the project is "In review".',
    );
  });

  it('cancels only while editing has not begun: a revision in review after feedback is past that point', () => {
    expect(
      refusal({ state: 'in_review', editsAllowed: 3, rounds: [round(1, true), round(2, false)] }, 'cancel', 'customer'),
    ).toEqual({
      status: 409,
      error:
        'Feedback has been returned on this project, so it cannot be cancelled here. Please contact us about a refund.',
    });
  });

  it('counts edits: 3 before the draft, 2 after the first return, and refuses a fourth submission', () => {
    expect([0, 1, 2, 3].map((returns) => editsLeft(project('returned', { returns })))).toEqual([3, 2, 1, 0]);
    expect(refusal(project('returned', { returns: 3 }), 'submit', 'customer')).toEqual({
      status: 409,
      error: 'This project has no edits left.',
    });
    expect(refusal(project('returned', { returns: 9, editsAllowed: null }), 'submit', 'customer')).toBeNull();
    expect(editsLeft(project('returned', { returns: 9, editsAllowed: null }))).toBeNull();
  });

  it('offers each role exactly the steps it may take', () => {
    expect(availableActions(project('awaiting_draft'), 'customer')).toEqual([
      'submit',
      'withdraw',
      'cancel',
      'message',
    ]);
    expect(availableActions(project('submitted'), 'editor')).toEqual(['acknowledge', 'return', 'message', 'comment']);
    expect(availableActions(project('returned', { returns: 1 }), 'customer')).toEqual([
      'submit',
      'finalize',
      'extend',
      'withdraw',
      'message',
      'remove-draft',
    ]);
    expect(availableActions(project('final'), 'admin')).toEqual([]);
  });

  it('a returned round becomes final 7 days after its feedback, 7 more for each time it was kept open, three times at most', () => {
    const returned = (keptOpen?: number) => ({
      state: 'returned' as const,
      editsAllowed: null,
      rounds: [{ ...round(1, true), ...(keptOpen !== undefined && { keptOpen }) }],
    });
    expect(autoFinalAt(returned())?.toISOString()).toBe('2026-11-10T10:00:00.000Z');
    expect(autoFinalAt(returned(1))?.toISOString()).toBe('2026-11-17T10:00:00.000Z');
    expect(autoFinalAt(returned(3))?.toISOString()).toBe('2026-12-01T10:00:00.000Z');
    expect([returned(), returned(1), returned(2), returned(3)].map(keepOpenLeft)).toEqual([3, 2, 1, 0]);
    expect(refusal(returned(2), 'extend', 'customer')).toBeNull();
    expect(refusal(returned(3), 'extend', 'customer')).toEqual({
      status: 409,
      error: 'This feedback was kept open 3 times already: submit a revision, or mark it final.',
    });
    // Only the family, only while feedback waits on them; the editor never.
    expect(refusal(returned(), 'extend', 'editor')?.status).toBe(403);
    expect(keepOpenLeft({ state: 'submitted', editsAllowed: null, rounds: [round(1, false)] })).toBe(0);
    // No edit left: no revision to wait for.
    expect(keepOpenLeft(project('returned', { returns: 3 }))).toBe(0);
    expect(refusal(project('returned', { returns: 3 }), 'extend', 'customer')).toEqual({
      status: 409,
      error: 'This project has no edits left.',
    });
  });

  it('a final project takes messages from everyone for 14 days after it became final, then says its thread is closed', () => {
    const finalAt = '2026-11-10T10:00:00.000Z';
    const final = {
      ...project('final', { returns: 1 }),
      history: [
        { type: 'return' as const, at: '2026-11-03T10:00:00.000Z' },
        { type: 'finalize' as const, at: finalAt },
      ],
    };
    expect(messagesCloseAt(final)?.toISOString()).toBe('2026-11-24T10:00:00.000Z');
    for (const role of ['customer', 'editor', 'admin'] as const)
      expect(refusal(final, 'message', role, new Date('2026-11-24T09:59:59Z')), role).toBeNull();
    expect(refusal(final, 'message', 'customer', new Date('2026-11-24T10:00:00Z'))).toEqual({
      status: 409,
      error:
        'This project has been final for more than 14 days: its thread is closed. Please write to us from the contact page.',
    });
    expect(availableActions(final, 'customer', new Date('2026-11-11T00:00:00Z'))).toEqual([
      'message',
      'review',
      'remove-draft',
    ]);
    // Only messages: nothing else opens again, and a project withdrawn or cancelled has no such time.
    expect(refusal(final, 'submit', 'customer', new Date('2026-11-11T00:00:00Z'))?.status).toBe(409);
    expect(messagesCloseAt({ state: 'withdrawn', history: final.history })).toBeNull();
    expect(
      refusal({ ...final, state: 'withdrawn' }, 'message', 'customer', new Date('2026-11-11T00:00:00Z'))?.status,
    ).toBe(409);
  });

  it('rounds are due after the turnaround, and late once past it without feedback', () => {
    expect(dueAt(new Date('2026-11-01T10:00:00Z'), 'standard').toISOString()).toBe('2026-11-06T10:00:00.000Z');
    expect(dueAt(new Date('2026-11-01T10:00:00Z'), '48hr').toISOString()).toBe('2026-11-03T10:00:00.000Z');
    expect(dueAt(new Date('2026-11-01T10:00:00Z'), '24hr').toISOString()).toBe('2026-11-02T10:00:00.000Z');
    const open = { state: 'submitted' as const, rounds: [round(1, false)] };
    expect(openRound(open, new Date('2026-11-06T09:59:59Z'))?.late).toBe(false);
    expect(openRound(open, new Date('2026-11-06T10:00:01Z'))?.late).toBe(true);
    expect(openRound({ state: 'returned', rounds: [round(1, true)] }, new Date('2026-12-01T00:00:00Z'))).toBeNull();
  });

  it('only slot-counting projects take slots: never the activity list, never one bought while the editor was full', () => {
    expect(takesSlot({ service: { id: 'common-app-essay' }, boughtWhileFull: false })).toBe(true);
    expect(takesSlot({ service: { id: 'activity-list' }, boughtWhileFull: false })).toBe(false);
    expect(takesSlot({ service: { id: 'supplement-small' }, boughtWhileFull: true })).toBe(false);
  });

  it('reads countdowns at a glance', () => {
    const now = new Date('2026-11-01T10:00:00Z');
    expect(relativeTime(new Date('2026-11-04T10:00:00Z'), now)).toBe('in 3 days');
    expect(relativeTime(new Date('2026-11-01T15:20:00Z'), now)).toBe('in 5 hours');
    expect(relativeTime(new Date('2026-11-01T09:00:00Z'), now)).toBe('1 hour ago');
    expect(relativeTime(new Date('2026-11-01T10:00:20Z'), now)).toBe('in 1 minute');
  });

  it('never reads less than the promise at the start: a turnaround seconds old still reads in full, on either side', () => {
    const submitted = new Date('2026-11-01T10:00:00Z');
    const seconds = (n: number) => new Date(submitted.getTime() + n * 1000);
    const standardDue = new Date(submitted.getTime() + 5 * 24 * 3600_000);
    expect(relativeTime(standardDue, seconds(30))).toBe('in 5 days');
    expect(relativeTime(new Date(submitted.getTime() + 24 * 3600_000), seconds(30))).toBe('in 24 hours');
    // The editor who just returned feedback and the family who opens it a minute later read the same.
    const finalAt = new Date(submitted.getTime() + 7 * 24 * 3600_000);
    expect(relativeTime(finalAt, seconds(1))).toBe('in 7 days');
    expect(relativeTime(finalAt, seconds(90))).toBe('in 7 days');
  });
});

/** A project awaiting its draft, as stored; `fields` put in what a test is about. */
const storedProject = (fields: Partial<Project>): Project =>
  ({
    id: 'BCC-ABCDEF-1',
    orderId: 'BCC-ABCDEF',
    unit: 1,
    service: { id: 'supplement-small', title: 'Small Supplement' },
    priceCents: 7500,
    customer: { uid: 'parent-uid', email: 'pat@example.com' },
    editor: { id: 'maya-chen', name: 'Maya Chen' },
    assignment: 1,
    previousAssignments: [],
    boughtWhileFull: false,
    state: 'awaiting_draft',
    editsAllowed: 3,
    rounds: [],
    reminders: {},
    version: 1,
    createdAt: '2026-11-01T10:00:00.000Z',
    updatedAt: '2026-11-01T10:00:00.000Z',
    messages: [],
    history: [],
    ...fields,
  }) as unknown as Project;

describe('people in the thread and the history', () => {
  const student = {
    name: 'Sam Rivera',
    email: 'sam@example.com',
    grade: '11',
    parentName: 'Pat Rivera',
    parentEmail: 'pat@example.com',
  };

  it('are a name and a role, our team the business, never an address', () => {
    expect(personName('customer', 'pat@example.com', { student })).toBe('Pat, parent');
    expect(personName('student', '', { student })).toBe('Sam, student');
    expect(personName('editor', 'Maya Chen', { student })).toBe('Maya Chen, editor');
    expect(personName('editor', 'Maya Chen, editor', { student })).toBe('Maya Chen, editor');
    expect(personName('admin', 'Beacon College Counsel', { student })).toBe('Beacon College Counsel');
  });

  it('name no one of a family that closed its account, and still name the editor', () => {
    const closed = { student, accountClosedAt: '2026-11-26T10:00:00.000Z' };
    expect(personName('customer', '', closed)).toBe('Account closed');
    expect(personName('student', '', closed)).toBe('Account closed');
    expect(personName('editor', 'Maya Chen', closed)).toBe('Maya Chen, editor');
  });

  it("read so for every reader, entries stored with the family's address included; the student reads no account, price or contact of the parent", () => {
    const at = '2026-11-01T10:00:00.000Z';
    const record = storedProject({
      student,
      studentAccess: { invitedAt: at },
      messages: [
        { id: 'm1', at, by: 'customer', author: 'pat@example.com', text: 'Hello' },
        { id: 'm2', at, by: 'student', author: 'Sam, student', text: 'Hi!' },
        { id: 'm3', at, by: 'editor', author: 'Maya Chen', text: 'Welcome' },
      ],
      history: [
        {
          at,
          by: 'customer',
          actor: 'pat@example.com',
          type: 'student_invited',
          from: 'awaiting_draft',
          to: 'awaiting_draft',
        },
      ],
    } as unknown as Partial<Project>);
    for (const roles of [['customer'], ['student'], ['editor'], ['admin']] as Role[][]) {
      const view = projectView(record, roles, new Date(at));
      expect(
        view.messages.map((m) => m.author),
        roles.join(),
      ).toEqual(['Pat, parent', 'Sam, student', 'Maya Chen, editor']);
      expect(view.history[0].actor).toBe('Pat, parent');
    }
    const studentsView = JSON.stringify(projectView(record, ['student'], new Date(at)));
    for (const secret of ['parent-uid', 'pat@example.com', 'priceCents', 'parentEmail'])
      expect(studentsView).not.toContain(secret);
    expect(projectView(record, ['student'], new Date(at)).actions).toEqual(['submit', 'message']);
  });
});

describe('the student as their editor reads them', () => {
  const record = (name: string) =>
    storedProject({
      student: {
        name,
        email: 'sam@example.com',
        grade: '11',
        parentName: 'Pat Rivera',
        parentEmail: 'pat@example.com',
      },
    });
  const now = new Date('2026-11-02T10:00:00.000Z');

  it('is the first name and the last initial, so two students called Sam read apart; never the whole surname', () => {
    expect(projectView(record('Sam Rivera'), ['editor'], now).student).toEqual({ name: 'Sam R.', grade: '11' });
    expect(projectView(record('Sam  van der Berg'), ['editor'], now).student.name).toBe('Sam B.');
    expect(projectView(record('Sam'), ['editor'], now).student.name).toBe('Sam');
    // Our team and the family read the whole name.
    expect(projectView(record('Sam Rivera'), ['admin'], now).student.name).toBe('Sam Rivera');
  });
});
