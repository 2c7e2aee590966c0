/** The admin's Privacy tab, through the real endpoint: a request by mail, looked up and exported, each audited. */
import { strFromU8, unzipSync } from 'fflate';
import { beforeEach, describe, expect, it } from 'vitest';
import adminPrivacy from '#functions/admin-privacy';
import { auditPage } from '#server/core/audit-log';
import { subscribersRepo } from '#features/contact/server/subscribers.repo';
import { asAdmin, itRefusesAllButAdmins } from '#tests/admin-access';
import { BASE, call, clearStore } from '#tests/functions';
import { selection } from '#tests/orders';
import { paidOrder, useDeliveryParties } from '#tests/projects';

const parties = useDeliveryParties(['subscribers', 'audit']);
const ADMIN_EMAIL = 'boss@example.test';
const ask = async (json: unknown, headers?: Record<string, string>) =>
  call(adminPrivacy, '/api/admin/privacy', { method: 'POST', json, headers: headers ?? (await asAdmin()) });
const auditEntries = async (email: string) => (await auditPage({ limit: 50 }, { subject: email })).items;

beforeEach(() => clearStore('limits'));

describe('POST /api/admin/privacy', () => {
  itRefusesAllButAdmins((headers) => ask({ email: 'a@example.com', action: 'lookup' }, headers));

  it('finds a family by address, counts what we hold, and logs who looked, when', async () => {
    const { orderId } = await paidOrder(parties.customer.idToken, selection());
    await subscribersRepo().subscribe(parties.customer.email);
    const res = await ask({ email: parties.customer.email.toUpperCase(), action: 'lookup' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      email: parties.customer.email,
      hasAccount: true,
      roles: ['parent'],
      orders: 1,
      newsletter: 'active',
      consults: 0,
      inquiries: 0,
    });
    expect(res.body.projects).toBeGreaterThan(0);
    expect(JSON.stringify(res.body)).not.toContain(orderId); // counts, not the records themselves
    const [entry] = await auditEntries(parties.customer.email);
    expect(entry).toMatchObject({ by: ADMIN_EMAIL, action: 'person-looked-up', confirmed: true });
    expect(Date.parse(entry.at)).not.toBeNaN();
  });

  it("downloads the same zip the family would, and logs it; the admin's address is nowhere in it", async () => {
    const { orderId } = await paidOrder(parties.customer.idToken, selection());
    const res = await adminPrivacy(
      new Request(`${BASE}/api/admin/privacy`, {
        method: 'POST',
        headers: { ...(await asAdmin()), 'content-type': 'application/json' },
        body: JSON.stringify({ email: parties.customer.email, action: 'export' }),
      }),
      { deploy: { context: '' }, params: {} } as never,
    );
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="beacon-data-/);
    const text = strFromU8(unzipSync(new Uint8Array(await res.arrayBuffer()))['data.json']);
    const data = JSON.parse(text);
    expect(data.account).toEqual({ uid: parties.customer.uid, email: parties.customer.email, emailVerified: true });
    expect(data.orders.map((o: { id: string }) => o.id)).toEqual([orderId]);
    expect(text).not.toContain(ADMIN_EMAIL);
    expect((await auditEntries(parties.customer.email)).map((e) => [e.action, e.by])).toEqual([
      ['data-exported', ADMIN_EMAIL],
    ]);
  });

  it('answers an address we know nothing about with nothing held', async () => {
    const res = await ask({ email: 'stranger@example.com', action: 'lookup' });
    expect(res.body).toMatchObject({ hasAccount: false, roles: [], orders: 0, projects: 0, newsletter: 'none' });
  });

  it.each([
    ['a bad address', { email: 'nope', action: 'lookup' }],
    ['an unknown action', { email: 'a@example.com', action: 'delete' }],
  ])('answers 400 { error } for %s', async (_, body) => {
    const res = await ask(body);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: expect.any(String) });
  });
});
