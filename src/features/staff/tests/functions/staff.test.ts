import { beforeEach, describe, expect, it } from 'vitest';
import { roleMessages, STAFF_REFUND_LIMIT_CENTS } from '#lib/roles';
import handler from '#functions/admin-staff';
import privacy from '#functions/admin-privacy';
import refunds from '#functions/admin-order-refunds';
import payouts from '#functions/admin-payouts';
import { staffRepo } from '#server/core/staff';
import { listOutbox } from '#server/core/mail';
import { asAdmin, resetAdminWriteStores, testTokens } from '#tests/admin-access';
import { bearer, createUser } from '#tests/auth-emulator';
import { call, clearStore } from '#tests/functions';

/** A call of /api/admin/staff as the owner unless `headers` say otherwise; DELETE's address goes in the query. */
const staffCall = async (method: string, json?: Record<string, string>, headers?: Record<string, string>) =>
  method === 'DELETE'
    ? call(handler, `/api/admin/staff?${new URLSearchParams(json)}`, { method, headers: headers ?? (await asAdmin()) })
    : call(handler, '/api/admin/staff', { method, json, headers: headers ?? (await asAdmin()) });

beforeEach(async () => {
  await Promise.all([resetAdminWriteStores(), clearStore('staff'), clearStore('outbox')]);
});

describe('/api/admin/staff', () => {
  it('an owner invites a verified address as staff: mailed once, and that address is an admin with the staff role', async () => {
    const person = await createUser();
    expect((await call(handler, '/api/admin/staff', { headers: bearer(person.idToken) })).status).toBe(403);
    const res = await staffCall('POST', { email: person.email, role: 'staff' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ email: person.email, role: 'staff', fromSettings: false });
    const mails = (await listOutbox()).filter(({ value }) => value.kind === 'staff');
    expect(mails.map(({ value }) => value.to)).toEqual([person.email]);
    const team = await call(handler, '/api/admin/staff', { headers: bearer(person.idToken) });
    expect(team.status).toBe(200);
    expect(team.body.yourRole).toBe('staff');
    expect(team.body.members.map((m: { email: string }) => m.email)).toContain(person.email);
    expect(
      await staffCall('POST', { email: 'another@example.test', role: 'staff' }, bearer(person.idToken)),
    ).toMatchObject({ status: 403, body: { error: roleMessages.ownersOnly } });
    expect(await staffCall('POST', { email: person.email, role: 'owner' })).toMatchObject({
      status: 409,
      body: { error: roleMessages.alreadyOnTeam },
    });
  });

  it('an unverified address holds no role, even when invited', async () => {
    const person = await createUser(undefined, undefined, { verified: false });
    await staffCall('POST', { email: person.email, role: 'owner' });
    expect((await call(handler, '/api/admin/staff', { headers: bearer(person.idToken) })).status).toBe(403);
  });

  it('a removed member is an admin no more; the record keeps its history', async () => {
    const person = await createUser();
    await staffCall('POST', { email: person.email, role: 'staff' });
    expect((await staffCall('PATCH', { email: person.email, role: 'owner' })).body).toMatchObject({ role: 'owner' });
    expect((await staffCall('DELETE', { email: person.email })).status).toBe(200);
    expect((await call(handler, '/api/admin/staff', { headers: bearer(person.idToken) })).status).toBe(403);
    expect((await staffRepo().get(person.email))?.history.map((h) => h.role)).toEqual(['staff', 'owner', null]);
    expect(await staffCall('DELETE', { email: person.email })).toMatchObject({
      status: 404,
      body: { error: roleMessages.notOnTeam },
    });
  });

  it('the owners the settings name are not changed here', async () => {
    const { admin } = await testTokens();
    const email = JSON.parse(Buffer.from(admin.split('.')[1], 'base64url').toString()).email as string;
    for (const [method, body] of [
      ['POST', { email, role: 'staff' }],
      ['PATCH', { email, role: 'staff' }],
      ['DELETE', { email }],
    ] as const)
      expect(await staffCall(method, body)).toMatchObject({
        status: 409,
        body: { error: roleMessages.fromEnvironment },
      });
  });
});

describe('what staff may not do', () => {
  it('refunds above the limit, closing accounts and payouts are refused to staff', async () => {
    const person = await createUser();
    await staffCall('POST', { email: person.email, role: 'staff' });
    const staff = bearer(person.idToken);
    const refund = await call(refunds, '/api/admin/orders/BCC-7KQ2MX/refunds', {
      method: 'POST',
      params: { id: 'BCC-7KQ2MX' },
      json: {
        requestId: crypto.randomUUID(),
        amountCents: STAFF_REFUND_LIMIT_CENTS + 1,
        reason: 'Too much for staff.',
        projectIds: [],
        forProjectIds: [],
      },
      headers: staff,
    });
    expect(refund).toMatchObject({ status: 403, body: { error: roleMessages.refundAboveLimit } });
    const closing = await call(privacy, '/api/admin/privacy', {
      method: 'POST',
      json: { email: 'pat@example.com', action: 'close-preview' },
      headers: staff,
    });
    expect(closing).toMatchObject({ status: 403, body: { error: roleMessages.ownersOnly } });
    const payout = await call(payouts, '/api/admin/payouts', { method: 'POST', json: {}, headers: staff });
    expect(payout).toMatchObject({ status: 403, body: { error: roleMessages.ownersOnly } });
  });
});
