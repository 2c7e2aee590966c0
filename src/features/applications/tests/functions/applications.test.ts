/**
 * Applying to edit for us and our team's pipeline, through the real endpoints: the form posted natively
 * or as JSON, refused with what to fix, limited per address; the pipeline by stage, a decline mailed
 * with its note, an acceptance that makes one hidden editor and invites them, whole after a storage fault.
 */
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import applicationsHandler from '#functions/applications';
import adminApplications from '#functions/admin-applications';
import { APPLICATION_SENT_PATH, applicationTexts, type ApplicationItem } from '../../application';
import { editorsRepo, forgetEditorLists } from '#features/editors/server/editors.repo';
import { seedDemoEditors } from '#features/editors/server/seed';
import { INVITE_FRAGMENT } from '#features/editors/invitation';
import { storageMessages } from '#lib/messages';
import { asAdmin } from '#tests/admin-access';
import { useAtomicBlobsServer } from '#tests/atomic-blobs-server';
import { mailsTo } from '#tests/consults';
import { walkFaults } from '#tests/fault-walk';
import { call, postForm } from '#tests/functions';
import { validApplication } from '#tests/api-fixtures';

const blobs = useAtomicBlobsServer();
beforeAll(() => vi.spyOn(console, 'error').mockImplementation(() => {}));
beforeEach(() => {
  blobs.reset();
  forgetEditorLists();
});

/** A valid application from a new address, with `overrides`. */
const application = (overrides: Record<string, unknown> = {}) => ({ ...validApplication(), ...overrides });

const apply = (body: unknown) => call(applicationsHandler, '/api/applications', { method: 'POST', json: body });
const pipeline = async (query = '') =>
  (await call(adminApplications, `/api/admin/applications${query}`, { headers: await asAdmin() })).body as {
    items: ApplicationItem[];
  };
const decide = async (json: Record<string, unknown>) =>
  call(adminApplications, '/api/admin/applications', { method: 'PATCH', json, headers: await asAdmin() });

/** The one application stored, as the pipeline lists it. */
const onlyApplication = async () => {
  const { items } = await pipeline();
  expect(items).toHaveLength(1);
  return items[0];
};

describe('applying to edit for us', () => {
  it('posted natively, lands on the confirmation page, is stored as new, and the applicant is told we have it', async () => {
    const sent = application();
    const res = await postForm(
      applicationsHandler,
      '/api/applications',
      Object.fromEntries(Object.entries(sent).map(([k, v]) => [k, String(v)])),
    );
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe(APPLICATION_SENT_PATH);
    expect(await onlyApplication()).toMatchObject({ ...sent, stage: 'new' });
    const [told] = await mailsTo(sent.email);
    expect(told).toMatchObject({ subject: applicationTexts.received, kind: 'editor' });
    // The address confirmed nothing: none of what was typed is mailed to it.
    for (const typed of [sent.name, sent.college, sent.activities]) expect(told.text).not.toContain(typed);
  });

  it('with something to fix, answers a page that says what, with everything entered; nothing is stored', async () => {
    const res = await postForm(applicationsHandler, '/api/applications', {
      ...Object.fromEntries(Object.entries(application()).map(([k, v]) => [k, String(v)])),
      writingSample: 'Too short.',
      capacity: '0',
    });
    expect(res.status).toBe(400);
    const page = res.body as string;
    expect(page).toContain(applicationTexts.notSent);
    expect(page).toContain('Writing sample must be at least 300 characters');
    expect(page).toContain('Students you can take at once must be at least 1');
    expect(page).toContain('Cornell University');
    expect((await pipeline()).items).toEqual([]);
  });

  it('is limited to three a day from one address', async () => {
    const { email } = validApplication();
    for (let i = 0; i < 3; i++) expect((await apply(application({ email }))).status).toBe(201);
    const fourth = await apply(application({ email }));
    expect(fourth.status).toBe(429);
    expect(fourth.body.error).toMatch(/^Too many applications from this address/);
  });
});

describe("our team's pipeline", () => {
  it('moves an application to interviewing, then declines it with a note the applicant is mailed; a declined one is not accepted', async () => {
    const sent = application();
    expect((await apply(sent)).status).toBe(201);
    const { key } = await onlyApplication();
    expect((await decide({ key, stage: 'interviewing' })).status).toBe(200);
    expect((await pipeline('?stage=interviewing')).items.map((a) => a.key)).toEqual([key]);
    expect((await pipeline('?stage=new')).items).toEqual([]);

    expect(await decide({ key, stage: 'declined' })).toMatchObject({
      status: 400,
      body: { error: 'note is required to decline' },
    });
    const note = 'We are looking for editors in the humanities this season.';
    const declined = await decide({ key, stage: 'declined', note });
    expect(declined.status, JSON.stringify(declined.body)).toBe(200);
    expect(declined.body.history.map((h: { stage: string }) => h.stage)).toEqual(['new', 'interviewing', 'declined']);
    expect((await decide({ key, stage: 'declined', note })).status).toBe(200); // a retry: the same decision
    const mails = (await mailsTo(sent.email)).filter((m) => m.subject === applicationTexts.declinedSubject);
    expect(mails).toHaveLength(1);
    expect(mails[0].text).toContain(note);
    expect(await decide({ key, stage: 'accepted' })).toMatchObject({
      status: 409,
      body: { error: applicationTexts.notNext('declined', 'accepted') },
    });
    expect((await pipeline('?stage=declined')).items.map((a) => a.key)).toEqual([key]);
  });

  it('accepting makes one hidden editor who signs in with the address applied with, and invites them', async () => {
    const sent = application({ capacity: 3 });
    expect((await apply(sent)).status).toBe(201);
    const { key } = await onlyApplication();
    const accepted = await decide({ key, stage: 'accepted' });
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
    expect((await decide({ key, stage: 'accepted' })).status).toBe(200);
    const editors = (await editorsRepo().list({ fresh: true })).filter((e) => e.accountEmail === sent.email);
    expect(editors).toHaveLength(1);
    expect(editors[0]).toMatchObject({
      id: accepted.body.editorId,
      name: 'Priya Raman',
      college: 'Cornell University',
      hidden: true,
      slotsOpen: 0,
      totalSlots: 3,
      application: key,
    });
    const invitations = (await mailsTo(sent.email)).filter((m) => m.text.includes(`/editor#${INVITE_FRAGMENT}`));
    expect(invitations).toHaveLength(1);
  });

  it('refuses to accept an address that is already an editor’s, and anyone but our team', async () => {
    await seedDemoEditors();
    expect((await apply(application({ email: 'maya@example.test' }))).status).toBe(201);
    const { key } = await onlyApplication();
    expect(await decide({ key, stage: 'accepted' })).toMatchObject({
      status: 409,
      body: { error: applicationTexts.alreadyEditor('Maya Chen') },
    });
    expect((await onlyApplication()).stage).toBe('new');
    expect(
      (await call(adminApplications, '/api/admin/applications', { method: 'PATCH', json: { key, stage: 'accepted' } }))
        .status,
    ).toBe(401);
    expect(await decide({ key: 'not-a-key', stage: 'accepted' })).toMatchObject({ status: 404 });
  });
});

describe('accepting an application, under storage faults', () => {
  let key: string;
  let email: string;

  it('fails with 503 or accepts; the retry always leaves one editor, invited', async () => {
    const writes = await walkFaults(blobs, {
      async arrange() {
        forgetEditorLists();
        const sent = application();
        email = sent.email;
        expect((await apply(sent)).status).toBe(201);
        key = (await onlyApplication()).key;
      },
      act: () => decide({ key, stage: 'accepted' }),
      afterFault(res) {
        if (res.status !== 200) expect(res).toMatchObject({ status: 503, body: { error: storageMessages.saveFailed } });
      },
      async afterRetry(res) {
        expect(res.status, JSON.stringify(res.body)).toBe(200);
        forgetEditorLists();
        const editors = (await editorsRepo().list({ fresh: true })).filter((e) => e.accountEmail === email);
        expect(editors.map((e) => e.application)).toEqual([key]);
        expect(editors[0].invitation?.email).toBe(email);
        expect((await pipeline('?stage=accepted')).items.map((a) => a.key)).toEqual([key]);
      },
    });
    expect(writes).toBeGreaterThanOrEqual(4);
  }, 600_000);
});
