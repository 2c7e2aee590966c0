/**
 * The student in the loop, through the real endpoints: the parent invites the student on the order,
 * who then signs in with that address (verified) and works on their own projects; orders, money,
 * cancelling and withdrawing stay with the parent; both hear what is meant for them; the parent can
 * end it. People read as a name and a role, never an address.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import orderHandler from '#functions/order';
import projectHandler from '#functions/project';
import projectFile from '#functions/project-file';
import projectsHandler from '#functions/projects';
import studentAccess from '#functions/student-access';
import type { Caller } from '#server/core/auth';
import { projectsRepo } from '../../server/projects.repo';
import { setStudentAccess } from '../../server/student-access';
import { listOutbox } from '#server/core/mail';
import type { ProjectView } from '../../project';
import { studentAccessMessages } from '../../student-access';
import { openOrder } from '#tests/api-fixtures';
import { bearer, createUser, tokenOf } from '#tests/auth-emulator';
import { call, clearStore } from '#tests/functions';
import { selection, student } from '#tests/orders';
import { act, paidOrder, submitText, upload, useDeliveryParties } from '#tests/projects';
import { HOUR_MS } from '#lib/time';

const parties = useDeliveryParties(['limits']);
let sam: Awaited<ReturnType<typeof createUser>>;
let samUnverified: Awaited<ReturnType<typeof createUser>>;

beforeAll(async () => {
  sam = await createUser();
  // Someone else who signed up with Sam's address and never proved it is theirs.
  samUnverified = await createUser(`unverified-${sam.email}`, 'secret-pass', { verified: false });
});

const share = (token: string, orderId: string, method: 'POST' | 'DELETE' = 'POST') =>
  call(studentAccess, `/api/student-access/${orderId}`, { method, params: { orderId }, headers: bearer(token) });
const projectsOf = async (token: string) =>
  (await call(projectsHandler, '/api/projects', { headers: bearer(token) })).body as ProjectView[];
const getProject = (token: string, id: string) =>
  call(projectHandler, `/api/projects/${id}`, { params: { id }, headers: bearer(token) });
const mails = async () => (await listOutbox(undefined, 200)).map((m) => m.value).reverse();

/** A paid order (two supplements) whose student address is Sam's. */
const samsOrder = (studentEmail = sam.email) =>
  paidOrder(
    parties.customer.idToken,
    selection({ services: [{ id: 'supplement-small', quantity: 2 }], student: { ...student, studentEmail } }),
  );

describe('inviting the student', () => {
  it('before the invitation Sam sees nothing; after it, both projects, as the student, with their own steps only', async () => {
    const { orderId, projectIds } = await samsOrder();
    expect(await projectsOf(sam.idToken)).toEqual([]);
    expect((await getProject(sam.idToken, projectIds[0])).status).toBe(404);

    const res = await share(parties.customer.idToken, orderId);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.map((p: ProjectView) => [p.id, p.roles, p.studentAccess?.invitedAt !== undefined])).toEqual(
      projectIds.map((id) => [id, ['customer'], true]),
    );

    const seen = await projectsOf(sam.idToken);
    expect(seen.map((p) => [p.id, p.roles, p.actions])).toEqual(
      projectIds.map((id) => [id, ['student'], ['submit', 'message']]),
    );
    // Not the parent's account, contacts or what was paid; no refund to quote.
    const text = JSON.stringify(seen);
    for (const secret of [parties.customer.email, parties.customer.uid, 'pat@example.com', 'priceCents', 'refund'])
      expect(text).not.toContain(secret);
    expect(seen[0].student).toEqual({ name: 'Sam Rivera', grade: '11', email: sam.email, parentName: 'Pat Rivera' });
    expect(seen[0].history.at(-1)).toMatchObject({ type: 'student_invited', by: 'customer', actor: 'Pat, parent' });
    // The order and its money stay the parent's.
    expect(
      (await call(orderHandler, `/api/orders/${orderId}`, { params: { id: orderId }, headers: bearer(sam.idToken) }))
        .status,
    ).toBe(404);
  });

  it("Sam works on the essay: submits, messages and marks final; cancelling and withdrawing are the parent's, and Sam is told so", async () => {
    const {
      orderId,
      projectIds: [id],
    } = await samsOrder();
    await share(parties.customer.idToken, orderId);
    const submitted = await submitText(sam.idToken, { id, version: 1 }, 'My own draft.');
    expect(submitted.status, JSON.stringify(submitted.body)).toBe(200);
    expect(submitted.body).toMatchObject({
      state: 'submitted',
      roles: ['student'],
      rounds: [{ draft: { kind: 'text', text: 'My own draft.' }, turnaround: 'standard' }],
    });
    for (const [action, who] of [
      ['cancel', 'the parent'],
      ['withdraw', 'the parent or our team'],
    ]) {
      expect(await act(sam.idToken, id, action, { version: submitted.body.version }), action).toMatchObject({
        status: 403,
        body: { error: `Only ${who} can do that: ask the parent to, on their dashboard.` },
      });
    }
    expect((await act(sam.idToken, id, 'message', { text: 'Hi Maya, this is Sam.' })).status).toBe(200);
    const returned = await act(parties.editorToken, id, 'return', {
      version: submitted.body.version,
      notes: 'Good start.',
    });
    expect(returned.status).toBe(200);
    const final = await act(sam.idToken, id, 'finalize', { version: returned.body.version });
    expect(final.body).toMatchObject({ state: 'final' });

    // Everyone reads people by name and role; each reader's own doings are theirs.
    for (const token of [parties.customer.idToken, sam.idToken, parties.editorToken]) {
      const view = (await getProject(token, id)).body as ProjectView;
      expect(view.messages.map((m) => [m.by, m.author])).toEqual([['student', 'Sam, student']]);
      expect(view.history.filter((e) => e.type !== 'created').map((e) => [e.type, e.actor])).toEqual([
        ['student_invited', 'Pat, parent'],
        ['submit', 'Sam, student'],
        ['message', 'Sam, student'],
        ['return', 'Maya Chen, editor'],
        ['finalize', 'Sam, student'],
      ]);
    }
  });

  it('Sam sends a draft as a file, and downloads the feedback file', async () => {
    const {
      orderId,
      projectIds: [id],
    } = await samsOrder();
    await share(parties.customer.idToken, orderId);
    const uploaded = await upload(sam.idToken, id, 'My essay, as a file.', 'essay.txt');
    expect(uploaded.status, JSON.stringify(uploaded.body)).toBe(201);
    const submitted = await act(sam.idToken, id, 'submit', {
      version: 1,
      prompt: 'Why us?',
      draft: { kind: 'file', fileId: uploaded.body.id },
    });
    expect(submitted.status, JSON.stringify(submitted.body)).toBe(200);
    const download = await call(projectFile, `/api/project-files/${id}/${uploaded.body.id}`, {
      params: { id, fileId: uploaded.body.id },
      headers: bearer(sam.idToken),
    });
    expect(download.status).toBe(200);
    // Not once the parent ended the access.
    await share(parties.customer.idToken, orderId, 'DELETE');
    expect(
      (
        await call(projectFile, `/api/project-files/${id}/${uploaded.body.id}`, {
          params: { id, fileId: uploaded.body.id },
          headers: bearer(sam.idToken),
        })
      ).status,
    ).toBe(404);
  });

  it('the invitation is e-mailed to Sam once, with the dashboard; asking again changes nothing', async () => {
    const { orderId, projectIds } = await samsOrder();
    await clearStore('outbox');
    expect((await share(parties.customer.idToken, orderId)).status).toBe(200);
    const again = await share(parties.customer.idToken, orderId);
    expect(again.status).toBe(200);
    const sent = await mails();
    expect(sent.map((m) => [m.to, m.subject])).toEqual([
      [sam.email, 'Pat invited you to work on your essays with Maya Chen'],
    ]);
    expect(sent[0].text).toContain(`with this address, ${sam.email}`);
    expect(sent[0].text).toContain('http://localhost:8888/dashboard');
    expect(sent[0].text).toContain('Pat keeps the order, its payments and any refunds.');
    for (const id of projectIds)
      expect((await projectsRepo().get(id))!.history.filter((e) => e.type === 'student_invited')).toHaveLength(1);
  });

  it('one address gets at most two invitations an hour, whatever the parent does between them', async () => {
    const { orderId } = await samsOrder();
    await clearStore('outbox');
    const customer = { uid: parties.customer.uid, email: parties.customer.email } as Caller;
    const at = (minute: number) => new Date(Date.UTC(2026, 10, 27, 10, minute));
    for (const minute of [0, 10]) {
      await setStudentAccess(orderId, true, customer, undefined, at(minute));
      await setStudentAccess(orderId, false, customer, undefined, at(minute + 1));
    }
    await expect(setStudentAccess(orderId, true, customer, undefined, at(20))).rejects.toMatchObject({ status: 429 });
    expect((await mails()).filter((m) => m.to === sam.email)).toHaveLength(2);
    // The next hour, the next invitation.
    await setStudentAccess(orderId, true, customer, undefined, new Date('2026-11-27T11:00:00Z'));
    expect((await mails()).filter((m) => m.to === sam.email)).toHaveLength(3);
  });

  it.each([
    ['Your bank: verify at https://bank.example.test today', 'A parent', 'verify at'],
    ['<b>Pat</b>', 'A parent', '<b>'],
    ['Pat https://x.test', 'A parent', 'x.test'],
    ["Anne-Marie O'Neil", 'Anne-Marie', "O'Neil"],
    ['Zoë Ørsted', 'Zoë', 'Ørsted'],
  ])(
    'the invitation names a parent typed as %j only as %j, and carries nothing else they typed',
    async (typed, shown, rest) => {
      const { orderId } = await paidOrder(
        parties.customer.idToken,
        selection({
          services: [{ id: 'supplement-small', quantity: 1 }],
          student: { ...student, studentEmail: sam.email, parentName: typed },
        }),
      );
      await clearStore('outbox');
      expect((await share(parties.customer.idToken, orderId)).status).toBe(200);
      const [mail] = await mails();
      expect(mail.subject).toBe(`${shown} invited you to work on your essays with Maya Chen`);
      for (const text of [mail.subject, mail.text, mail.html ?? '']) {
        expect(text).not.toContain(rest);
        if (shown === 'A parent') expect(text).not.toContain('Pat');
      }
    },
  );

  it('what the editor does reaches Sam and the parent; what Sam does reaches the editor', async () => {
    const {
      orderId,
      projectIds: [id],
    } = await samsOrder();
    await share(parties.customer.idToken, orderId);
    await clearStore('outbox');
    const submitted = (await submitText(sam.idToken, { id, version: 1 })).body;
    await act(parties.editorToken, id, 'acknowledge', {
      version: submitted.version,
      message: 'Hi Sam! Notes by Friday.',
    });
    await act(sam.idToken, id, 'message', { text: 'Thank you!' });
    const sent = await mails();
    expect(sent.map((m) => [m.to, m.subject])).toEqual([
      ['maya@example.test', 'New draft: Supplemental Essay Help (Small) for Sam Rivera'],
      [parties.customer.email, 'Maya Chen is working on your Supplemental Essay Help (Small)'],
      [sam.email, 'Maya Chen is working on your Supplemental Essay Help (Small)'],
      ['maya@example.test', 'New message about Supplemental Essay Help (Small) for Sam Rivera'],
    ]);
    expect(sent[2].text).toContain(`/dashboard#project-${id}`);
    expect(sent[3].text).toContain('Sam, student wrote:');
  });

  it('the parent ends it: Sam sees nothing more and is no longer written to', async () => {
    const {
      orderId,
      projectIds: [id],
    } = await samsOrder();
    await share(parties.customer.idToken, orderId);
    const ended = await share(parties.customer.idToken, orderId, 'DELETE');
    expect(ended.status).toBe(200);
    expect(ended.body[0].studentAccess).toBeUndefined();
    expect(await projectsOf(sam.idToken)).toEqual([]);
    expect((await getProject(sam.idToken, id)).status).toBe(404);
    expect((await submitText(sam.idToken, { id, version: 1 })).status).toBe(404);
    expect((await projectsRepo().get(id))!.history.at(-1)).toMatchObject({ type: 'student_removed', by: 'customer' });
    await clearStore('outbox');
    const submitted = (await submitText(parties.customer.idToken, { id, version: 1 })).body;
    await act(parties.editorToken, id, 'acknowledge', { version: submitted.version, message: 'Got it.' });
    expect((await mails()).map((m) => m.to)).toEqual(['maya@example.test', parties.customer.email]);
  });
});

describe('who may', () => {
  it("only an account that proved it holds the order's student address is the student", async () => {
    const {
      orderId,
      projectIds: [id],
    } = await samsOrder(samUnverified.email);
    await share(parties.customer.idToken, orderId);
    expect(await projectsOf(samUnverified.idToken)).toEqual([]);
    expect((await getProject(samUnverified.idToken, id)).status).toBe(404);
    // Sam's own verified account is not the student of an order with another address.
    expect(await projectsOf(sam.idToken)).toEqual([]);
  });

  it('only the parent invites, only for a paid order, never their own address; bad input is told', async () => {
    const { orderId } = await samsOrder();
    expect((await share(sam.idToken, orderId)).status).toBe(404);
    expect((await share(parties.editorToken, orderId)).status).toBe(404);
    expect((await share(parties.customer.idToken, 'BCC-NOPE00')).status).toBe(404);
    expect((await share(parties.customer.idToken, '../orders')).status).toBe(404);
    expect(
      (await call(studentAccess, `/api/student-access/${orderId}`, { method: 'POST', params: { orderId } })).status,
    ).toBe(401);
    expect(
      (
        await call(studentAccess, `/api/student-access/${orderId}`, {
          method: 'GET',
          params: { orderId },
          headers: bearer(parties.customer.idToken),
        })
      ).status,
    ).toBe(405);

    const unpaid = await openOrder(
      parties.customer.idToken,
      selection({ student: { ...student, studentEmail: sam.email } }),
    );
    expect(await share(parties.customer.idToken, unpaid.orderId)).toMatchObject({
      status: 409,
      body: { error: studentAccessMessages.notPaid },
    });

    const own = await paidOrder(
      parties.customer.idToken,
      selection({ student: { ...student, studentEmail: parties.customer.email.toUpperCase() } }),
    );
    expect(await share(parties.customer.idToken, own.orderId)).toMatchObject({
      status: 409,
      body: { error: studentAccessMessages.ownAddress },
    });
  });

  it('ten changes an hour, then 429 with Retry-After', async () => {
    // The window is the clock's hour: the changes that count are those accepted in the refusal's hour.
    const hour = () => Math.floor(Date.now() / HOUR_MS);
    const accepted: number[] = [];
    let refused: Awaited<ReturnType<typeof share>> | null = null;
    let refusedIn = 0;
    // Students each invited and removed once: two changes each, one invitation per address.
    for (let i = 0; !refused && i < 12; i++) {
      const { orderId } = await samsOrder(`student-${i}-${sam.email}`);
      for (const method of ['POST', 'DELETE'] as const) {
        const answer = await share(parties.customer.idToken, orderId, method);
        if (answer.status === 429) {
          [refused, refusedIn] = [answer, hour()];
          break;
        }
        expect(answer.status).toBe(200);
        accepted.push(hour());
      }
    }
    expect(refused?.headers.get('retry-after')).toBeTruthy();
    expect(accepted.filter((h) => h === refusedIn)).toHaveLength(10);
  });

  it('a demo editor is no student of an order that names another address', async () => {
    const {
      orderId,
      projectIds: [id],
    } = await samsOrder();
    await share(parties.customer.idToken, orderId);
    const sofia = await tokenOf('sofia@example.test');
    expect((await getProject(sofia, id)).status).toBe(404);
  });
});
