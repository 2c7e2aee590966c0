/**
 * The invited student hears what happens to their work: mailed when the parent cancels a project of
 * theirs, mailed once and told on their dashboard when the parent closes the account; and the pages
 * know them as a student (no orders of their own), so they are shown their work and not the shop.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import closeHandler from '#functions/account-close';
import meHandler from '#functions/me';
import projectsHandler from '#functions/projects';
import studentAccess from '#functions/student-access';
import { listOutbox } from '#server/core/mail';
import { projectsRepo } from '../../server/projects.repo';
import { studentAccessMessages } from '../../student-access';
import { bearer, createUser } from '#tests/auth-emulator';
import { call, clearStore } from '#tests/functions';
import { selection, student } from '#tests/orders';
import { act, paidOrder, useDeliveryParties } from '#tests/projects';

const parties = useDeliveryParties(['outbox', 'limits', 'customers']);
beforeEach(() => clearStore('limits'));

const me = async (token: string) => (await call(meHandler, '/api/me', { headers: bearer(token) })).body;
const mailsTo = async (email: string) =>
  (await listOutbox(undefined, 500)).map((m) => m.value).filter((m) => [m.to].flat().includes(email));

/** A parent's order of two supplements for Sam, shared with Sam. */
async function sharedWithSam() {
  const sam = await createUser();
  const { orderId, projectIds } = await paidOrder(
    parties.customer.idToken,
    selection({
      services: [{ id: 'supplement-small', quantity: 2 }],
      student: { ...student, studentEmail: sam.email },
    }),
  );
  const shared = await call(studentAccess, `/api/student-access/${orderId}`, {
    method: 'POST',
    params: { orderId },
    headers: bearer(parties.customer.idToken),
  });
  expect(shared.status, JSON.stringify(shared.body)).toBe(200);
  return { sam, orderId, projectIds };
}

describe('the invited student is told what happens to their work', () => {
  it('is known as only a student: no orders of their own', async () => {
    const { sam } = await sharedWithSam();
    expect(await me(sam.idToken)).toMatchObject({ studentOnly: true, parentClosedAt: null });
    expect(await me(parties.customer.idToken)).toMatchObject({ studentOnly: false, parentClosedAt: null });
  });

  it('is mailed when the parent cancels a project of theirs', async () => {
    const { sam, projectIds } = await sharedWithSam();
    const project = (await projectsRepo().get(projectIds[0]))!;
    const res = await act(parties.customer.idToken, project.id, 'cancel', {
      version: project.version,
      refundCents: project.priceCents,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const told = (await mailsTo(sam.email)).filter((m) => m.subject === `Cancelled: ${project.service.title}`);
    expect(told).toHaveLength(1);
    expect(told[0].text).toContain(studentAccessMessages.parentCancelled(project.service.title));
  });

  it('is mailed once when the parent closes the account, and told so on the dashboard', async () => {
    const { sam, projectIds } = await sharedWithSam();
    const preview = await call(closeHandler, '/api/account/close', { headers: bearer(parties.customer.idToken) });
    const endings = (preview.body.endings as { projectId: string; refund: { amountCents: number } | null }[]).map(
      (e) => ({ projectId: e.projectId, refundCents: e.refund?.amountCents ?? 0 }),
    );
    expect(endings).toHaveLength(2);
    const closed = await call(closeHandler, '/api/account/close', {
      method: 'POST',
      headers: bearer(parties.customer.idToken),
      json: { endings },
    });
    expect(closed.status, JSON.stringify(closed.body)).toBe(200);

    const told = (await mailsTo(sam.email)).filter((m) => m.subject === studentAccessMessages.parentClosedSubject);
    expect(told.map((m) => m.text)).toEqual([studentAccessMessages.parentClosed]);
    // No mail of the projects' own endings besides it: the closure says it once.
    expect((await mailsTo(sam.email)).filter((m) => m.subject.startsWith('Cancelled'))).toEqual([]);
    const projects = await call(projectsHandler, '/api/projects', { headers: bearer(sam.idToken) });
    expect(projects.body).toEqual([]);
    expect(await me(sam.idToken)).toMatchObject({ studentOnly: true, parentClosedAt: expect.any(String) });
    expect(projectIds).toHaveLength(2);
  });
});
