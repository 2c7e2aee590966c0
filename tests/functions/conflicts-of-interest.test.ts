/**
 * Conflicts of interest, through the real endpoints: an editor signed in with their own account does
 * not buy editing from themself, an order's student is never its editor (at checkout and when the
 * parent invites the student), and nobody who edits a project reviews it, as its family or as the
 * student, whenever the editor's sign-in address was set. Addresses compare as one rule writes them.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import createSession from '../../netlify/functions/create-payment-session';
import projectHandler from '../../netlify/functions/project';
import studentAccess from '../../netlify/functions/student-access';
import { projectsRepo } from '../../src/features/projects/server/projects.repo';
import { editorsRepo } from '../../src/features/editors/server/editors.repo';
import { ordersRepo } from '../../src/features/orders/server/orders.repo';
import { conflictMessages } from '../../src/lib/conflicts';
import type { ProjectView } from '../../src/features/projects/project';
import { bearer, createUser } from '../helpers/auth-emulator';
import { call } from '../helpers/functions';
import { OPEN_EDITOR, selection, student } from '../helpers/orders';
import { roundWithContent } from '../helpers/project-content';
import { act, paidOrder, useDeliveryParties } from '../helpers/projects';

const parties = useDeliveryParties(['reviews']);
let sam: Awaited<ReturnType<typeof createUser>>;
beforeAll(async () => {
  sam = await createUser();
});

const checkout = (token: string, body: unknown) =>
  call(createSession, '/api/stripe/create-payment-session', { method: 'POST', json: body, headers: bearer(token) });
const invite = (token: string, orderId: string) =>
  call(studentAccess, `/api/student-access/${orderId}`, {
    method: 'POST',
    params: { orderId },
    headers: bearer(token),
  });
const view = async (token: string, id: string) =>
  (await call(projectHandler, `/api/projects/${id}`, { params: { id }, headers: bearer(token) })).body as ProjectView;

/** What the admin's edit form does to the address an editor signs in with. */
async function setAccount(id: string, accountEmail: string) {
  const editor = (await editorsRepo().get(id))!;
  expect(await editorsRepo().update(id, { ...editor, accountEmail })).toBeTruthy();
}

const familyReview = { scores: { feedback: 5, communication: 5, onTime: 5 }, text: 'The best editor there is.' };
const editorReview = { score: 5, text: 'A pleasure.' };

/** The customer's supplement with Maya for the student at `studentEmail`, taken to final by the real editor. */
async function finalProject(studentEmail: string = student.studentEmail) {
  const { orderId, projectIds } = await paidOrder(
    parties.customer.idToken,
    selection({ services: [{ id: 'supplement-small', quantity: 1 }], student: { ...student, studentEmail } }),
  );
  await roundWithContent(parties.customer.idToken, parties.editorToken, projectIds[0], { final: true });
  return { orderId, id: projectIds[0] };
}

describe('checkout', () => {
  it('refuses an editor ordering editing from themself (409), whatever the case of the address, and stores nothing', async () => {
    const editor = await createUser(`Editor.Self.${Date.now()}@Example.test`);
    await setAccount(OPEN_EDITOR, ` ${editor.email.toUpperCase()} `);
    const res = await checkout(editor.idToken, selection());
    expect(res.status).toBe(409);
    expect(res.body).toEqual({ error: conflictMessages.ownEditor });
    expect(await ordersRepo().listForCustomer(editor.uid)).toEqual([]);
    // Another editor is theirs to order from, as anyone's.
    expect((await checkout(editor.idToken, selection({ editorId: 'sofia-ramirez' }))).status).toBe(200);
  });

  it("refuses a student address that is the chosen editor's sign-in address (409), and stores nothing", async () => {
    const res = await checkout(
      parties.customer.idToken,
      selection({ student: { ...student, studentEmail: 'MAYA@example.test' } }),
    );
    expect(res.status).toBe(409);
    expect(res.body).toEqual({ error: conflictMessages.studentIsEditor });
    expect(await ordersRepo().listForCustomer(parties.customer.uid)).toEqual([]);
  });
});

describe('inviting the student', () => {
  it("refuses a student address that became an editor's sign-in address after the order (409), and shares nothing", async () => {
    const { orderId, projectIds } = await paidOrder(
      parties.customer.idToken,
      selection({
        services: [{ id: 'supplement-small', quantity: 1 }],
        student: { ...student, studentEmail: sam.email },
      }),
    );
    await setAccount(OPEN_EDITOR, sam.email);
    const res = await invite(parties.customer.idToken, orderId);
    expect(res.status).toBe(409);
    expect(res.body).toEqual({ error: conflictMessages.studentIsEditor });
    expect((await projectsRepo().get(projectIds[0]))!.studentAccess).toBeUndefined();
  });
});

describe('reviewing', () => {
  it("refuses the family's review by a customer who is the project's editor, made so after the order (403)", async () => {
    const { id } = await finalProject();
    // The admin links Maya's profile to the customer's own account once the project is final.
    await setAccount(OPEN_EDITOR, parties.customer.email);
    for (const body of [familyReview, editorReview]) {
      const res = await act(parties.customer.idToken, id, 'review', body);
      expect(res.status).toBe(403);
      expect(res.body).toEqual({ error: conflictMessages.ownReview });
    }
    expect((await projectsRepo().get(id))!.reviews).toBeUndefined();
    // Nor does the page offer it.
    expect((await view(parties.customer.idToken, id)).actions).not.toContain('review');
  });

  it("refuses the review of an invited student who is the project's editor (403)", async () => {
    const { orderId, id } = await finalProject(sam.email);
    expect((await invite(parties.customer.idToken, orderId)).status).toBe(200);
    await setAccount(OPEN_EDITOR, sam.email);
    const res = await act(sam.idToken, id, 'review', familyReview);
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ error: conflictMessages.ownReview });
    expect((await projectsRepo().get(id))!.reviews).toBeUndefined();
    expect((await view(sam.idToken, id)).actions).not.toContain('review');
  });

  it('still takes the reviews of a family and an editor who are different people', async () => {
    const { id } = await finalProject();
    expect((await view(parties.customer.idToken, id)).actions).toContain('review');
    expect((await act(parties.customer.idToken, id, 'review', familyReview)).status).toBe(200);
    expect((await act(parties.editorToken, id, 'review', editorReview)).status).toBe(200);
  });
});
