/**
 * The team's writes against the in-memory store with real compare-and-set: two owners inviting one
 * address at once make one member and one mail, and an invitation or a role change cut off at any
 * write is completed by its retry, with one record and one mail.
 */
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import handler from '#functions/admin-staff';
import { storageMessages } from '#lib/messages';
import { staffRepo } from '#server/core/staff';
import { asAdmin } from '#tests/admin-access';
import { useAtomicBlobsServer } from '#tests/atomic-blobs-server';
import { mailsTo } from '#tests/consults';
import { walkFaults } from '#tests/fault-walk';
import { call } from '#tests/functions';

const blobs = useAtomicBlobsServer();
beforeAll(() => vi.spyOn(console, 'error').mockImplementation(() => {}));
beforeEach(() => blobs.reset());

let addresses = 0;
const newAddress = () => `team${Date.now()}${addresses++}@example.test`;
const invite = async (email: string, role = 'staff') =>
  call(handler, '/api/admin/staff', { method: 'POST', json: { email, role }, headers: await asAdmin() });
const invitations = async (email: string) => (await mailsTo(email)).filter((mail) => mail.kind === 'staff');

describe('two owners inviting one address at once', () => {
  it('make one member with one history entry, and one mail; the other is told the address is on the team', async () => {
    const email = newAddress();
    let second: Awaited<ReturnType<typeof invite>> | undefined;
    let racing = false;
    // The other owner's invitation lands between this one's read and its write (its own write passes).
    blobs.beforeWrite(async (key) => {
      if (key !== encodeURIComponent(email) || racing) return;
      racing = true;
      second = await invite(email, 'owner');
    });
    let first;
    try {
      first = await invite(email, 'staff');
    } finally {
      blobs.beforeWrite(undefined);
    }
    expect([first.status, second?.status].sort()).toEqual([200, 409]);
    const record = await staffRepo().get(email);
    expect(record?.history).toHaveLength(1);
    expect(record?.role).toBe(second?.status === 200 ? 'owner' : 'staff');
    expect(await invitations(email)).toHaveLength(1);
  });
});

describe('the team under storage faults', () => {
  let email: string;

  it('an invitation either fails with 503 or lands; its retry makes one member and one mail', async () => {
    const writes = await walkFaults(blobs, {
      async arrange() {
        email = newAddress();
      },
      act: () => invite(email),
      afterFault(res) {
        if (res.status !== 200) expect(res).toMatchObject({ status: 503, body: { error: storageMessages.saveFailed } });
      },
      async afterRetry(res) {
        expect(res.status, JSON.stringify(res.body)).toBe(200);
        expect((await staffRepo().get(email))?.history).toHaveLength(1);
        expect(await invitations(email)).toHaveLength(1);
      },
    });
    expect(writes).toBeGreaterThanOrEqual(3);
  }, 600_000);

  it('a role change either fails with 503 or lands; its retry leaves the new role once in the history', async () => {
    const writes = await walkFaults(blobs, {
      async arrange() {
        email = newAddress();
        await staffRepo().invite(email, 'staff', 'owner@example.test', new Date());
      },
      act: async () =>
        call(handler, '/api/admin/staff', {
          method: 'PATCH',
          json: { email, role: 'owner' },
          headers: await asAdmin(),
        }),
      afterFault(res) {
        if (res.status !== 200) expect(res).toMatchObject({ status: 503, body: { error: storageMessages.saveFailed } });
      },
      async afterRetry(res) {
        expect(res.status, JSON.stringify(res.body)).toBe(200);
        expect((await staffRepo().get(email))?.history.map((change) => change.role)).toEqual(['staff', 'owner']);
      },
    });
    expect(writes).toBeGreaterThanOrEqual(2);
  }, 600_000);
});
