/**
 * Our team's work on an inquiry through POST /api/admin/inquiries: a reply mailed to the inquiry's own
 * address and kept with it, a note, who looks after it; each audited, each once per request id, two
 * at once both kept, and a reply cut off at any write completed by its retry with one mail.
 */
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import handler from '#functions/admin-inquiries';
import { inquiryWorkMessages } from '#lib/admin-lists';
import { storageMessages } from '#lib/messages';
import { site } from '#lib/site';
import { auditPage } from '#server/core/audit-log';
import { staffRepo } from '#server/core/staff';
import { asAdmin } from '#tests/admin-access';
import { useAtomicBlobsServer } from '#tests/atomic-blobs-server';
import { bearer, createUser } from '#tests/auth-emulator';
import { mailsTo } from '#tests/consults';
import { walkFaults } from '#tests/fault-walk';
import { call, clearStore } from '#tests/functions';
import { inquiriesRepo } from '../../server/inquiries.repo';

const inquiry = {
  parentName: 'Pat Rivera',
  studentInfo: 'Sam Rivera, 11th Grade',
  intendedMajor: 'stem',
  services: ['commonapp'],
  preferredEditor: 'any',
  turnaround: '48hr',
  email: 'pat@example.com',
  phone: '(312) 555-0199',
  details: 'Could we talk on Tuesday?',
};
const newInquiry = async () => (await inquiriesRepo().add(inquiry)).key;
const work = async (json: Record<string, unknown>, headers?: Record<string, string>) =>
  call(handler, '/api/admin/inquiries', { method: 'POST', json, headers: headers ?? (await asAdmin()) });
const reply = (id: string, text = 'Tuesday at 4 works.', requestId: string = crypto.randomUUID()) =>
  work({ id, action: 'reply', requestId, text });
const inquiryMails = async () => (await mailsTo(inquiry.email)).filter((mail) => mail.kind === 'inquiry');

describe('on the local Blobs server', () => {
  beforeEach(async () => {
    await Promise.all(['inquiries', 'outbox', 'audit', 'audit-subjects', 'staff'].map(clearStore));
  });

  it("mails a reply to the inquiry's own address, keeps it with the inquiry, and audits it; the same request again is the same reply", async () => {
    const id = await newInquiry();
    const requestId = crypto.randomUUID();
    const first = await reply(id, 'Tuesday at 4 works.\n\nWe will call you.', requestId);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.work).toEqual([
      {
        id: requestId,
        kind: 'reply',
        at: expect.any(String),
        by: 'boss@example.test',
        text: 'Tuesday at 4 works.\n\nWe will call you.',
      },
    ]);
    expect((await reply(id, 'Tuesday at 4 works.\n\nWe will call you.', requestId)).body.work).toHaveLength(1);
    const [mail, ...more] = await inquiryMails();
    expect(more).toEqual([]);
    expect(mail).toMatchObject({ to: inquiry.email, replyTo: site.email, subject: `Re: your inquiry to ${site.name}` });
    expect(mail.text).toBe(
      `Dear Pat Rivera,\n\nTuesday at 4 works.\n\nWe will call you.\n\n${site.name} · ${site.email}\n\nTo write back, reply to this e-mail.`,
    );
    const entries = (await auditPage({ limit: 10 }, {})).items.filter((e) => e.action === 'inquiry-replied');
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      subject: { kind: 'inquiry', id },
      after: { text: expect.stringMatching(/^Tuesday/) },
    });
  });

  it('keeps a note with no mail, and says what is missing or wrong', async () => {
    const id = await newInquiry();
    const noted = await work({ id, action: 'note', requestId: crypto.randomUUID(), text: 'Left a voicemail.' });
    expect(noted.body.work).toMatchObject([{ kind: 'note', text: 'Left a voicemail.' }]);
    expect(await inquiryMails()).toEqual([]);
    expect(await work({ id, action: 'note', requestId: crypto.randomUUID(), text: '   ' })).toMatchObject({
      status: 400,
      body: { error: expect.stringContaining(inquiryWorkMessages.empty) },
    });
    expect((await work({ id, action: 'forward', to: 'someone@else.test', text: 'Hi' })).status).toBe(400);
    expect((await reply('2025-03-01T09:30:00.000Z-0badc0de')).status).toBe(404);
    // The request names no address: a reply goes where the inquiry came from, whatever else it holds.
    await work({ id, action: 'reply', requestId: crypto.randomUUID(), text: 'Hello', to: 'someone@else.test' });
    expect((await mailsTo('someone@else.test')).length).toBe(0);
  });

  it('is given to someone on the team, or to nobody, with who did it when; not to an address off the team', async () => {
    const id = await newInquiry();
    const staff = await createUser();
    await staffRepo().invite(staff.email, 'staff', 'boss@example.test', new Date());
    expect(await work({ id, action: 'owner', owner: 'stranger@example.test' })).toMatchObject({
      status: 409,
      body: { error: inquiryWorkMessages.ownerNotOnTeam },
    });
    expect((await work({ id, action: 'owner', owner: staff.email })).body.owner).toBe(staff.email);
    // Staff work on inquiries as owners do.
    const back = await work({ id, action: 'owner', owner: null }, bearer(staff.idToken));
    expect(back).toMatchObject({ status: 200, body: { owner: null } });
    expect((await inquiriesRepo().get(id))?.owners).toEqual([
      { at: expect.any(String), by: 'boss@example.test', owner: staff.email },
      { at: expect.any(String), by: staff.email, owner: null },
    ]);
    const entries = (await auditPage({ limit: 10 }, {})).items.filter((e) => e.action === 'inquiry-owner-set');
    expect(entries.map((e) => e.after)).toEqual([{ owner: null }, { owner: staff.email }]);
  });
});

describe('against the in-memory store with real compare-and-set', () => {
  const blobs = useAtomicBlobsServer();
  beforeAll(() => vi.spyOn(console, 'error').mockImplementation(() => {}));
  beforeEach(() => blobs.reset());

  it('two notes at once are both kept', async () => {
    const id = await newInquiry();
    let racing = false;
    let other: Awaited<ReturnType<typeof work>> | undefined;
    // Another admin's note lands between this one's read and its write (its own write passes).
    blobs.beforeWrite(async (key) => {
      if (key !== id || racing) return;
      racing = true;
      other = await work({ id, action: 'note', requestId: crypto.randomUUID(), text: 'Second' });
    });
    let first;
    try {
      first = await work({ id, action: 'note', requestId: crypto.randomUUID(), text: 'First' });
    } finally {
      blobs.beforeWrite(undefined);
    }
    expect([first.status, other?.status]).toEqual([200, 200]);
    expect((await inquiriesRepo().get(id))?.work?.map((w) => w.text).sort()).toEqual(['First', 'Second']);
  });

  it('a reply either fails with 503 or lands; its retry keeps it once and mails it once', async () => {
    let id = '';
    const requestId = crypto.randomUUID();
    const writes = await walkFaults(blobs, {
      async arrange() {
        id = await newInquiry();
      },
      act: () => reply(id, 'Tuesday at 4 works.', requestId),
      afterFault(res) {
        if (res.status !== 200) expect(res).toMatchObject({ status: 503, body: { error: storageMessages.saveFailed } });
      },
      async afterRetry(res) {
        expect(res.status, JSON.stringify(res.body)).toBe(200);
        expect((await inquiriesRepo().get(id))?.work).toHaveLength(1);
        expect(await inquiryMails()).toHaveLength(1);
      },
    });
    expect(writes).toBeGreaterThanOrEqual(3);
  }, 600_000);
});
