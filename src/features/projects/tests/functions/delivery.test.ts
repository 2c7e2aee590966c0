/**
 * Delivery through the real endpoints: projects from paid orders, every step
 * for every role from every state, edit limits, stale requests, slots, reassignment, messages and
 * the e-mails that follow each step.
 */
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import adminProjects from '#functions/admin-projects';
import editorProjects from '#functions/editor-projects';
import projectHandler from '#functions/project';
import projectsHandler from '#functions/projects';
import studentAccess from '#functions/student-access';
import { editorsRepo } from '#features/editors/server/editors.repo';
import { listOutbox } from '#server/core/mail';
import { ordersRepo } from '#features/orders/server/orders.repo';
import { projectsRepo } from '../../server/projects.repo';
import {
  PROJECT_ACTIONS,
  PROJECT_STATES,
  type ProjectAction,
  type ProjectState,
  type ProjectView,
  type Role,
} from '../../project';
import { deliveryMessages, endpointTransition, refusal, stateAfter } from '../../process';
import { DAY_MS } from '#lib/time';
import { testTokens } from '#tests/admin-access';
import { bearer, createUser, tokenOf } from '#tests/auth-emulator';
import { call, clearStore } from '#tests/functions';
import { FULL_EDITOR, OPEN_EDITOR, resetOrderingStores, selection, student } from '#tests/orders';
import { act, paidOrder, submitText } from '#tests/projects';

let tokens: { customer: string; student: string; other: string; admin: string; editor: string; otherEditor: string };
let customerEmail: string;
let studentEmail: string;

beforeAll(async () => {
  const [customer, student, other, { admin }] = await Promise.all([
    createUser(),
    createUser(),
    createUser(),
    testTokens(),
  ]);
  customerEmail = customer.email;
  studentEmail = student.email;
  tokens = {
    customer: customer.idToken,
    student: student.idToken,
    other: other.idToken,
    admin,
    editor: await tokenOf('maya@example.test'),
    otherEditor: await tokenOf('sofia@example.test'),
  };
});

/** An order whose student signs in as `tokens.student`, shared with them by the parent. */
async function sharedOrder(services: { id: string; quantity: number }[]) {
  const paid = await paidOrder(tokens.customer, selection({ services, student: { ...student, studentEmail } }));
  const shared = await call(studentAccess, `/api/student-access/${paid.orderId}`, {
    method: 'POST',
    params: { orderId: paid.orderId },
    headers: bearer(tokens.customer),
  });
  expect(shared.status, JSON.stringify(shared.body)).toBe(200);
  return paid;
}

beforeEach(async () => {
  await resetOrderingStores();
  await Promise.all(['projects', 'timers', 'files'].map(clearStore));
});

const getProject = async (token: string, id: string) =>
  (await call(projectHandler, `/api/projects/${id}`, { params: { id }, headers: bearer(token) })).body as ProjectView;
const slotsOf = async (editorId: string) => (await editorsRepo().get(editorId))!.slotsOpen;

/** A valid body for each step on `project`, as its rightful role would send it. */
function bodyFor(action: ProjectAction, project: Pick<ProjectView, 'version' | 'rounds'>): Record<string, unknown> {
  const version = project.version;
  switch (action) {
    case 'submit':
      return {
        version,
        prompt: 'Describe a challenge you faced.',
        draft: { kind: 'text', text: `Draft ${project.rounds.length + 1}` },
      };
    case 'acknowledge':
      return { version, message: 'Hi! I have your draft and will return notes by Friday.' };
    case 'return':
      return { version, notes: 'Strong opening; tighten the middle paragraph.' };
    case 'message':
      return { text: 'A question about the prompt.' };
    case 'reassign':
      return { version, editorId: 'sofia-ramirez' };
    case 'withdraw':
      return { version, reason: 'The student chose another topic with their school counsellor.' };
    case 'finalize':
    case 'extend':
    case 'cancel':
      return { version };
    case 'review':
      return { scores: { feedback: 5, communication: 4, onTime: 5 }, score: 5, text: 'Clear, kind notes.' };
    case 'reply':
      return { text: 'Thank you!' };
    case 'hide-review':
      return { reason: 'It named another student.' };
    case 'publish-review':
      return {};
    case 'remove-draft':
      return { round: 1 };
    case 'comment':
      return { anchor: { block: 0, start: 0, end: 5, quote: 'Draft', prefix: '', suffix: ' 1' }, text: 'Say more.' };
    case 'remove-comment':
      return { commentId: firstComment(project) };
    case 'mark-comment':
      return { commentId: firstComment(project), done: true };
    case 'ask-for-help':
      return { version, reason: 'The notes did not address the prompt at all.' };
    case 'grant-round':
    case 'close-help':
      return { version, reason: 'We read the feedback with the prompt: it missed what the prompt asks.' };
  }
}

/** The first comment on the last round, as the editor made it on the way to the state under test. */
const firstComment = (project: Pick<ProjectView, 'rounds'>) =>
  project.rounds.at(-1)?.comments?.[0]?.id ?? crypto.randomUUID();

const ROLE_TOKENS: Record<Exclude<Role, 'system'>, () => string> = {
  customer: () => tokens.customer,
  student: () => tokens.student,
  editor: () => tokens.editor,
  admin: () => tokens.admin,
};

/**
 * Drives a fresh project of the customer's to `state` through the real steps, with a comment on its
 * round when `action` needs one (the editor's other steps stay within their rate limit).
 */
async function projectIn(state: ProjectState, id: string, action: ProjectAction): Promise<ProjectView> {
  const path: [ProjectAction, Exclude<Role, 'system'>][] = {
    awaiting_draft: [],
    submitted: [
      ['submit', 'customer'],
      ['comment', 'editor'],
    ],
    in_review: [
      ['submit', 'customer'],
      ['acknowledge', 'editor'],
      ['comment', 'editor'],
    ],
    // Returned without acknowledging first: the editor's two steps a project, and one try of each
    // action, stay within their 60 a minute across every action.
    returned: [
      ['submit', 'customer'],
      ['comment', 'editor'],
      ['return', 'editor'],
    ],
    help_requested: [
      ['submit', 'customer'],
      ['comment', 'editor'],
      ['return', 'editor'],
      ['ask-for-help', 'customer'],
    ],
    final: [
      ['submit', 'customer'],
      ['return', 'editor'],
      ['finalize', 'customer'],
    ],
    withdrawn: [['withdraw', 'customer']],
    cancelled: [],
  }[state] as [ProjectAction, Exclude<Role, 'system'>][];
  const needsComment = action === 'remove-comment' || action === 'mark-comment';
  let project = await getProject(tokens.customer, id);
  for (const [step, role] of path.filter(([step]) => step !== 'comment' || needsComment)) {
    const res = await act(ROLE_TOKENS[role](), id, step, bodyFor(step, project));
    expect(res.status, `${step} as ${role}: ${JSON.stringify(res.body)}`).toBe(200);
    project = res.body;
  }
  expect(project.state).toBe(state);
  return project;
}

describe('projects from paid orders', () => {
  it('makes one project per unit of editing, each waiting for its draft with its edits, editor and price', async () => {
    const { orderId } = await paidOrder(
      tokens.customer,
      selection({
        services: [
          { id: 'common-app-essay', quantity: 1 },
          { id: 'supplement-small', quantity: 2 },
        ],
      }),
    );
    const res = await call(projectsHandler, '/api/projects', { headers: bearer(tokens.customer) });
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toContain('no-store');
    expect(
      res.body.map((p: ProjectView) => [p.id, p.service.id, p.state, p.editsLeft, p.editor.id, p.priceCents]),
    ).toEqual([
      [`${orderId}-1`, 'common-app-essay', 'awaiting_draft', null, OPEN_EDITOR, 30000],
      [`${orderId}-2`, 'supplement-small', 'awaiting_draft', 3, OPEN_EDITOR, 7500],
      [`${orderId}-3`, 'supplement-small', 'awaiting_draft', 3, OPEN_EDITOR, 7500],
    ]);
    expect(res.body[1].actions).toEqual(['submit', 'withdraw', 'cancel', 'message']);
    expect((await call(projectsHandler, '/api/projects', { headers: bearer(tokens.other) })).body).toEqual([]);
  });

  it('an order paid before projects existed gets them the first time they are read, once', async () => {
    const { orderId, projectIds } = await paidOrder(tokens.customer);
    await clearStore('projects'); // as if paid before this feature
    expect(await projectsRepo().get(projectIds[0])).toBeNull();
    const first = await call(projectsHandler, '/api/projects', { headers: bearer(tokens.customer) });
    const again = await call(projectsHandler, '/api/projects', { headers: bearer(tokens.customer) });
    expect(first.body.map((p: ProjectView) => p.id)).toEqual([`${orderId}-1`]);
    expect(again.body).toEqual(first.body);
  });

  it('an unpaid order has no project', async () => {
    const { openOrder } = await import('#tests/api-fixtures');
    await openOrder(tokens.customer);
    expect((await call(projectsHandler, '/api/projects', { headers: bearer(tokens.customer) })).body).toEqual([]);
  });
});

describe('the state machine through the endpoint, every step, every role, every state', () => {
  // Every state a family's steps lead to (a cancelled project takes none but removing its draft).
  const STATES = PROJECT_STATES.filter((state) => state !== 'cancelled');

  it.each(STATES)('from %s', async (state) => {
    const units = PROJECT_ACTIONS.length;
    const { projectIds } = await sharedOrder([{ id: 'supplement-large', quantity: units }]);
    for (const [i, action] of PROJECT_ACTIONS.entries()) {
      const project = await projectIn(state, projectIds[i], action);
      // A stranger learns nothing; an editor of someone else's project neither.
      for (const stranger of [tokens.other, tokens.otherEditor]) {
        const res = await act(stranger, project.id, action, bodyFor(action, project));
        expect(res, `${action} by a stranger`).toMatchObject({ status: 404, body: { error: 'Project not found' } });
      }
      // Refused roles first (a refusal changes nothing), then the role the step is for, if any: the
      // student before the parent, so the student's own steps go through the endpoint.
      const roles = (['student', 'customer', 'editor', 'admin'] as const)
        .slice()
        .sort((a, b) => Number(!refusal(project, action, a)) - Number(!refusal(project, action, b)));
      for (const role of roles) {
        const expected = refusal(project, action, role);
        const res = await act(ROLE_TOKENS[role](), project.id, action, bodyFor(action, project));
        if (expected) {
          expect(res, `${action} by ${role} from ${state}`).toMatchObject({
            status: expected.status,
            body: { error: expected.error },
          });
          continue;
        }
        expect(res.status, `${action} by ${role} from ${state}: ${JSON.stringify(res.body)}`).toBe(200);
        expect(res.body.state).toBe(stateAfter(endpointTransition(action, role)!, state));
        expect(res.body.version).toBe(project.version + (endpointTransition(action, role)!.versioned ? 1 : 0));
        expect(res.body.history.at(-1)).toMatchObject({ type: action, from: state, to: res.body.state, by: role });
        break;
      }
    }
  });
});

describe('rules', () => {
  it('a supplement takes a draft and two revisions; the fourth submission is refused', async () => {
    const {
      projectIds: [id],
    } = await paidOrder(tokens.customer, selection({ services: [{ id: 'supplement-small', quantity: 1 }] }));
    let project = await getProject(tokens.customer, id);
    const editsLeft: (number | null)[] = [project.editsLeft];
    for (let round = 1; round <= 3; round++) {
      project = (await act(tokens.customer, id, 'submit', bodyFor('submit', project))).body;
      project = (await act(tokens.editor, id, 'return', bodyFor('return', project))).body;
      editsLeft.push(project.editsLeft);
    }
    expect(editsLeft).toEqual([3, 2, 1, 0]);
    // The last feedback can still be questioned: a free round, if our team grants one, is an edit more.
    expect((await getProject(tokens.customer, id)).actions).toEqual([
      'finalize',
      'withdraw',
      'message',
      'remove-draft',
      'ask-for-help',
    ]);
    const fourth = await act(tokens.customer, id, 'submit', bodyFor('submit', project));
    expect(fourth).toMatchObject({ status: 409, body: { error: deliveryMessages.noEditsLeft } });
    expect((await getProject(tokens.customer, id)).version).toBe(project.version);
  });

  it('the Common App essay has no limit', async () => {
    const {
      projectIds: [id],
    } = await paidOrder(tokens.customer);
    let project = await getProject(tokens.customer, id);
    for (let round = 1; round <= 5; round++) {
      project = (await act(tokens.customer, id, 'submit', bodyFor('submit', project))).body;
      project = (await act(tokens.editor, id, 'return', bodyFor('return', project))).body;
    }
    expect(project).toMatchObject({ editsLeft: null, state: 'returned' });
    expect(project.rounds).toHaveLength(5);
    expect((await getProject(tokens.customer, id)).actions).toContain('submit');
  });

  it('a repeated or stale request changes nothing and says why', async () => {
    const {
      projectIds: [id],
    } = await paidOrder(tokens.customer);
    const fresh = await getProject(tokens.customer, id);
    const first = await submitText(tokens.customer, fresh);
    const repeated = await submitText(tokens.customer, fresh);
    expect(first.status).toBe(200);
    expect(repeated).toMatchObject({ status: 409, body: { error: deliveryMessages.stale } });
    const now = await getProject(tokens.customer, id);
    expect(now.rounds).toHaveLength(1);
    expect(now.version).toBe(first.body.version);
  });

  it('the first draft needs its prompt; links must be https; text is capped', async () => {
    const {
      projectIds: [id],
    } = await paidOrder(tokens.customer);
    const { version } = await getProject(tokens.customer, id);
    const bad = [
      { version, prompt: '', draft: { kind: 'text', text: 'Essay' } },
      { version, prompt: 'Prompt', draft: { kind: 'link', url: 'http://docs.example.com/essay' } },
      { version, prompt: 'Prompt', draft: { kind: 'link', url: 'javascript:alert(1)' } },
      { version, prompt: 'Prompt', draft: { kind: 'text', text: 'x'.repeat(20_001) } },
      { version, prompt: 'Prompt', draft: { kind: 'file', fileId: crypto.randomUUID() } },
    ];
    for (const body of bad)
      expect((await act(tokens.customer, id, 'submit', body)).status, JSON.stringify(body).slice(0, 80)).toBe(400);
    const link = await act(tokens.customer, id, 'submit', {
      version,
      prompt: 'Prompt',
      draft: { kind: 'link', url: 'https://docs.example.com/d/essay' },
    });
    expect(link.body.rounds[0].draft).toEqual({ kind: 'link', url: 'https://docs.example.com/d/essay' });
  });

  it('each round is due after the turnaround the customer owns when the draft comes in', async () => {
    const {
      projectIds: [id],
    } = await paidOrder(tokens.customer, selection({ addOns: ['speed24hr'] }));
    const before = Date.now();
    const project = (await submitText(tokens.customer, await getProject(tokens.customer, id))).body as ProjectView;
    const due = Date.parse(project.rounds[0].dueAt) - before;
    expect(project.rounds[0].turnaround).toBe('24hr');
    expect(due).toBeGreaterThanOrEqual(24 * 3600_000 - 1000);
    expect(due).toBeLessThan(24 * 3600_000 + 60_000);
    expect(project.due).toEqual({ at: project.rounds[0].dueAt, late: false });
  });
});

describe('slots follow the work', () => {
  it('a submitted supplement takes one of its editor’s slots; final gives it back; the activity list takes none', async () => {
    const start = await slotsOf(OPEN_EDITOR);
    const {
      projectIds: [essay, list],
    } = await paidOrder(
      tokens.customer,
      selection({
        services: [
          { id: 'supplement-large', quantity: 1 },
          { id: 'activity-list', quantity: 1 },
        ],
      }),
    );
    let project = (await submitText(tokens.customer, await getProject(tokens.customer, essay))).body;
    expect(await slotsOf(OPEN_EDITOR)).toBe(start - 1);
    await submitText(tokens.customer, await getProject(tokens.customer, list));
    expect(await slotsOf(OPEN_EDITOR)).toBe(start - 1);
    // A revision keeps the same slot.
    project = (await act(tokens.editor, essay, 'return', bodyFor('return', project))).body;
    project = (await act(tokens.customer, essay, 'submit', bodyFor('submit', project))).body;
    expect(await slotsOf(OPEN_EDITOR)).toBe(start - 1);
    project = (await act(tokens.editor, essay, 'return', bodyFor('return', project))).body;
    await act(tokens.customer, essay, 'finalize', { version: project.version });
    expect(await slotsOf(OPEN_EDITOR)).toBe(start);
  });

  it('a project bought while the editor was full takes none, and withdrawing gives none back', async () => {
    expect(await slotsOf(FULL_EDITOR)).toBe(0);
    const {
      projectIds: [id],
    } = await paidOrder(
      tokens.customer,
      selection({ editorId: FULL_EDITOR, services: [{ id: 'supplement-small', quantity: 1 }] }),
    );
    const project = await getProject(tokens.customer, id);
    expect(project).toMatchObject({ boughtWhileFull: true, priceCents: 11250 });
    const submitted = (await submitText(tokens.customer, project)).body;
    await act(tokens.customer, id, 'withdraw', { version: submitted.version });
    expect(await slotsOf(FULL_EDITOR)).toBe(0);
  });

  it('never below 0: a draft that comes while the editor is full holds no slot and gives none back', async () => {
    const {
      projectIds: [id],
    } = await paidOrder(tokens.customer, selection({ services: [{ id: 'supplement-small', quantity: 1 }] }));
    const editor = (await editorsRepo().get(OPEN_EDITOR))!;
    await editorsRepo().update(OPEN_EDITOR, { ...editor, slotsOpen: 0 });
    const submitted = (await submitText(tokens.customer, await getProject(tokens.customer, id))).body;
    expect(await slotsOf(OPEN_EDITOR)).toBe(0);
    await act(tokens.customer, id, 'withdraw', { version: submitted.version });
    expect(await slotsOf(OPEN_EDITOR)).toBe(0);
  });

  it('reassigning moves the slot and the project to the other editor’s inbox', async () => {
    const [mayaBefore, sofiaBefore] = [await slotsOf(OPEN_EDITOR), await slotsOf('sofia-ramirez')];
    const {
      projectIds: [id],
    } = await paidOrder(tokens.customer, selection({ services: [{ id: 'supplement-small', quantity: 1 }] }));
    const submitted = (await submitText(tokens.customer, await getProject(tokens.customer, id))).body;
    const moved = await act(tokens.admin, id, 'reassign', { version: submitted.version, editorId: 'sofia-ramirez' });
    expect(moved.body).toMatchObject({ editor: { id: 'sofia-ramirez', name: 'Sofia Ramirez' }, state: 'submitted' });
    expect([await slotsOf(OPEN_EDITOR), await slotsOf('sofia-ramirez')]).toEqual([mayaBefore, sofiaBefore - 1]);
    const inbox = (editorToken: string) =>
      call(editorProjects, '/api/editor/projects', { headers: bearer(editorToken) });
    expect((await inbox(tokens.otherEditor)).body.projects.map((p: ProjectView) => p.id)).toEqual([id]);
    expect((await inbox(tokens.editor)).body.projects).toEqual([]);
    // The former editor can no longer touch it; the new one can.
    expect((await act(tokens.editor, id, 'acknowledge', { version: moved.body.version, message: 'Hi' })).status).toBe(
      404,
    );
    expect(
      (await act(tokens.otherEditor, id, 'acknowledge', { version: moved.body.version, message: 'Hi, I am Sofia.' }))
        .status,
    ).toBe(200);
    expect(
      (await act(tokens.admin, id, 'reassign', { version: moved.body.version + 1, editorId: 'sofia-ramirez' })).body
        .error,
    ).toBe(deliveryMessages.sameEditor);
  });
});

describe('what each side sees and hears', () => {
  it('the editor’s inbox lists only their open projects, with their slots; customers are not editors', async () => {
    const {
      projectIds: [id],
    } = await paidOrder(tokens.customer);
    const inbox = await call(editorProjects, '/api/editor/projects', { headers: bearer(tokens.editor) });
    expect(inbox.status).toBe(200);
    expect(inbox.body.editor).toMatchObject({ id: OPEN_EDITOR, totalSlots: 5 });
    expect(inbox.body.projects.map((p: ProjectView) => [p.id, p.roles, p.actions])).toEqual([
      [id, ['editor'], ['message']],
    ]);
    expect((await call(editorProjects, '/api/editor/projects', { headers: bearer(tokens.customer) })).status).toBe(403);
    expect(
      (await call(editorProjects, '/api/editor/projects?shelf=done', { headers: bearer(tokens.editor) })).body,
    ).toMatchObject({ projects: [], nextCursor: null });
  });

  it("the editor reads what editing needs: the student's first name and grade, the drafts and the thread; never the family's account, addresses, price or refund", async () => {
    const {
      projectIds: [id, second],
    } = await paidOrder(tokens.customer, selection({ services: [{ id: 'supplement-small', quantity: 2 }] }));
    const submitted: ProjectView = (
      await submitText(tokens.customer, (await projectsRepo().get(id)) as ProjectView, 'My draft about robots.')
    ).body;
    expect((await act(tokens.customer, id, 'message', { text: 'Thanks for taking this on!' })).status).toBe(200);
    const cancelled: ProjectView = (await act(tokens.customer, second, 'cancel', { version: 1 })).body;
    expect(cancelled.state).toBe('cancelled');

    const inbox = (await call(editorProjects, '/api/editor/projects', { headers: bearer(tokens.editor) })).body
      .projects as ProjectView[];
    const views = [await getProject(tokens.editor, id), await getProject(tokens.editor, second), ...inbox];
    for (const view of views) {
      const seen = JSON.stringify(view);
      for (const secret of [
        customerEmail,
        'pat@example.com',
        'sam@example.com',
        'Pat Rivera',
        'Rivera',
        '"uid"',
        '"priceCents"',
        '"refundCents"',
        'refund',
      ])
        expect(seen).not.toContain(secret);
      expect(view.student).toEqual({ name: 'Sam R.', grade: '11' });
    }
    const editorsView = await getProject(tokens.editor, id);
    expect(editorsView.rounds[0].draft).toEqual(submitted.rounds[0].draft);
    expect(editorsView.messages.map((m) => [m.author, m.text])).toEqual([
      ['Pat, parent', 'Thanks for taking this on!'],
    ]);
    expect(editorsView.history.filter((e) => e.by === 'customer').map((e) => [e.type, e.actor])).toEqual([
      ['submit', 'Pat, parent'],
      ['message', 'Pat, parent'],
    ]);

    // The family and our team read the whole record.
    for (const token of [tokens.customer, tokens.admin]) {
      const full = await getProject(token, id);
      expect(full).toMatchObject({
        customer: { email: customerEmail },
        student: { name: 'Sam Rivera', parentEmail: 'pat@example.com' },
        priceCents: expect.any(Number),
      });
    }
  });

  it('every step and every message e-mails the other party, with a link to where they act', async () => {
    await clearStore('outbox');
    const {
      projectIds: [id],
    } = await paidOrder(tokens.customer);
    await clearStore('outbox'); // the order confirmations
    let project = (await submitText(tokens.customer, await getProject(tokens.customer, id))).body;
    project = (await act(tokens.editor, id, 'acknowledge', bodyFor('acknowledge', project))).body;
    await act(tokens.customer, id, 'message', { text: 'Thank you <b>so</b> much!' });
    await act(tokens.editor, id, 'return', bodyFor('return', project));
    const mails = (await listOutbox()).map((m) => m.value).reverse();
    expect(mails.map((m) => [m.to, m.subject])).toEqual([
      ['maya@example.test', 'New draft: Common App Essay Editing for Sam Rivera'],
      [customerEmail, 'Maya Chen is working on your Common App Essay Editing'],
      ['maya@example.test', 'New message about Common App Essay Editing for Sam Rivera'],
      [customerEmail, 'Feedback returned: Common App Essay Editing'],
    ]);
    expect(mails[0].text).toContain(`/editor#project-${id}`);
    expect(mails[1].text).toContain(`/dashboard#project-${id}`);
    expect(mails[2].html).toContain('Thank you &lt;b&gt;so&lt;/b&gt; much!');
  });

  it('our team withdraws only with a reason, which the family and the editor read in their e-mail and the history; the family need give none', async () => {
    const {
      projectIds: [first, second],
    } = await paidOrder(tokens.customer, selection({ services: [{ id: 'supplement-small', quantity: 2 }] }));
    const refused = await act(tokens.admin, first, 'withdraw', { version: 1 });
    expect(refused).toMatchObject({ status: 400, body: { error: deliveryMessages.withdrawReasonRequired } });
    expect((await act(tokens.admin, first, 'withdraw', { version: 1, reason: '   ' })).status).toBe(400);
    await clearStore('outbox');
    const reason = 'Maya is unwell; we will be in touch about a new editor.';
    const done = await act(tokens.admin, first, 'withdraw', { version: 1, reason });
    expect(done.status).toBe(200);
    const mails = (await listOutbox()).map((m) => m.value);
    expect(mails.map((m) => m.to).sort()).toEqual([customerEmail, 'maya@example.test'].sort());
    for (const mail of mails) expect(mail.text).toContain(`The reason: ${reason}`);
    for (const token of [tokens.customer, tokens.editor])
      expect((await getProject(token, first)).history.at(-1)).toMatchObject({ note: reason });
    expect((await act(tokens.customer, second, 'withdraw', { version: 1 })).status).toBe(200);
  });

  it('a final project’s thread stays open 14 days for both sides, then is closed with a reason', async () => {
    const {
      projectIds: [id],
    } = await paidOrder(tokens.customer, selection({ services: [{ id: 'supplement-small', quantity: 1 }] }));
    let project = (await submitText(tokens.customer, await getProject(tokens.customer, id))).body;
    project = (await act(tokens.editor, id, 'return', bodyFor('return', project))).body;
    project = (await act(tokens.customer, id, 'finalize', { version: project.version })).body;
    // Messages, the review it may now have, and removing the draft the family gave.
    expect(project.actions).toEqual(['message', 'review', 'remove-draft']);
    await clearStore('outbox');
    expect((await act(tokens.customer, id, 'message', { text: 'Can we talk on Friday as planned?' })).status).toBe(200);
    expect((await act(tokens.editor, id, 'message', { text: 'Yes, 4 pm.' })).status).toBe(200);
    expect((await listOutbox()).map((m) => m.value.subject)).toEqual(
      expect.arrayContaining(['New message about Supplemental Essay Help (Small) for Sam Rivera']),
    );

    // Fifteen days on: the thread is closed, for both.
    const found = (await projectsRepo().getForUpdate(id))!;
    const history = found.value.history.map((event) =>
      event.type === 'finalize' ? { ...event, at: new Date(Date.now() - 15 * DAY_MS).toISOString() } : event,
    );
    await projectsRepo().replace(found.value, { ...found.value, history }, found.etag);
    expect((await getProject(tokens.customer, id)).actions).toEqual(['remove-draft']);
    for (const token of [tokens.customer, tokens.editor]) {
      expect(await act(token, id, 'message', { text: 'One more thing' })).toMatchObject({
        status: 409,
        body: { error: deliveryMessages.threadClosed },
      });
    }
  });

  it('an editor without an account is reached through the business inbox', async () => {
    const {
      projectIds: [id],
    } = await paidOrder(tokens.customer, selection({ editorId: 'ethan-park' }));
    await clearStore('outbox');
    await submitText(tokens.customer, await getProject(tokens.customer, id));
    const [mail] = (await listOutbox()).map((m) => m.value);
    expect(mail).toMatchObject({
      to: 'hello@beaconcollegecounsel.com',
      subject: '[Editor inbox] New draft: Common App Essay Editing for Sam Rivera',
    });
    expect(mail.text).toMatch(/^For Ethan Park \(no editor account yet\): /);
  });

  it('the admin lists every project and filters by state and editor; a total counts the matches where one page holds them', async () => {
    const { projectIds } = await paidOrder(
      tokens.customer,
      selection({ services: [{ id: 'supplement-small', quantity: 2 }] }),
    );
    await paidOrder(tokens.customer, selection({ editorId: 'sofia-ramirez' }));
    await submitText(tokens.customer, await getProject(tokens.customer, projectIds[0]));
    const list = (query: string) =>
      call(adminProjects, `/api/admin/projects${query}`, { headers: bearer(tokens.admin) });
    expect((await list('')).body.items).toHaveLength(3);
    expect((await list('?state=submitted')).body.items.map((p: ProjectView) => p.id)).toEqual([projectIds[0]]);
    expect((await list('?editor=sofia-ramirez')).body.items.map((p: ProjectView) => p.editor.id)).toEqual([
      'sofia-ramirez',
    ]);
    expect((await list('?late=true')).body.items).toEqual([]);
    expect((await list('?state=nope')).status).toBe(400);
    // An editor id no editor could have names nobody: an empty list, never a key of its own making.
    expect((await list('?editor=..%2Fmaya-chen')).body).toMatchObject({ items: [], total: 0 });
    // Every project, newest month first: counted only where one page held them all.
    expect((await list('?limit=1')).body).toMatchObject({ total: null, nextCursor: expect.any(String) });
    expect((await list('')).body).toMatchObject({ total: 3, nextCursor: null });
    const first = (await list('?editor=maya-chen&limit=1')).body;
    expect(first).toMatchObject({
      total: null,
      items: [{ editor: { id: 'maya-chen' } }],
      nextCursor: expect.any(String),
    });
    const second = (await list(`?editor=maya-chen&limit=1&cursor=${encodeURIComponent(first.nextCursor)}`)).body;
    expect(second).toMatchObject({ total: null, items: [{ editor: { id: 'maya-chen' } }], nextCursor: null });
    expect((await list('?editor=maya-chen')).body).toMatchObject({ total: 2, nextCursor: null });
    expect(second.items[0].id).not.toBe(first.items[0].id);
    expect((await list('?state=submitted')).body.total).toBe(1);
  });

  it('an order read back still matches its projects', async () => {
    const { orderId, projectIds } = await paidOrder(tokens.customer);
    expect((await ordersRepo().get(orderId))?.status).toBe('paid');
    expect((await getProject(tokens.admin, projectIds[0])).roles).toEqual(['admin']);
  });
});
