/**
 * Sample edits through their endpoints: an editor saves one (sent for approval), our team approves,
 * declines or withdraws it with a reason the editor reads, and families read the approved ones, with
 * nothing of the consent. Every save is safe to retry at each write.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import adminSamples from '#functions/admin-samples';
import editorHandler from '#functions/editor';
import editorSamples from '#functions/editor-samples';
import samplesHandler from '#functions/samples';
import { auditPage } from '#server/core/audit-log';
import { editorsRepo } from '../../server/editors.repo';
import { samplesRepo } from '../../server/samples.repo';
import { closeEditorProfile } from '#features/privacy/server/close-editor';
import { SAMPLE_LIMITS, sampleMessages, type Sample } from '../../samples';
import { asAdmin, testTokens } from '#tests/admin-access';
import { editorInput, submittedSampleOf, validSample } from '#tests/api-fixtures';
import { useAtomicBlobsServer } from '#tests/atomic-blobs-server';
import { bearer, createUser, tokenOf } from '#tests/auth-emulator';
import { walkFaults } from '#tests/fault-walk';
import { call, clearStore, context } from '#tests/functions';
import { resetOrderingStores } from '#tests/orders';
import { authenticate } from '#server/core/auth';

let tokens: { customer: string; maya: string };

beforeAll(async () => {
  const { user } = await testTokens();
  tokens = { customer: user, maya: await tokenOf('maya@example.test') };
});
beforeEach(async () => {
  await Promise.all([resetOrderingStores(), clearStore('samples'), clearStore('audit'), clearStore('audit-subjects')]);
});

const save = (body: unknown, token = tokens.maya) =>
  call(editorSamples, '/api/editor/samples', { method: 'PUT', json: body, headers: bearer(token) });
const remove = (id: string) =>
  call(editorSamples, '/api/editor/samples', { method: 'DELETE', json: { id }, headers: bearer(tokens.maya) });
const mine = async (): Promise<Sample[]> =>
  (await call(editorSamples, '/api/editor/samples', { headers: bearer(tokens.maya) })).body.samples;
const decide = async (body: Record<string, unknown>) =>
  call(adminSamples, '/api/admin/samples', {
    method: 'POST',
    json: { editorId: 'maya-chen', ...body },
    headers: await asAdmin(),
  });
const published = async (query = '') => (await call(samplesHandler, `/api/database/samples${query}`)).body;

const family = (id = crypto.randomUUID()) => ({
  ...validSample(id),
  source: 'family',
  consent: { by: 'Dana Whitfield', role: 'parent', givenOn: '2026-11-20', student: 'Jordan Whitfield' },
});

describe('an editor’s samples', () => {
  it('are sent for approval, public once approved, as a family reads them, and the decision is audited', async () => {
    const sample = family();
    const saved = await save(sample);
    expect(saved.status).toBe(200);
    expect(saved.body.samples).toEqual([
      expect.objectContaining({ id: sample.id, state: 'waiting', title: sample.title, source: 'family' }),
    ]);
    expect(saved.body.samples[0].consent).toEqual({ ...sample.consent, recordedAt: expect.any(String) });
    expect(await published()).toEqual([]);

    const approved = await decide({ sampleId: sample.id, decision: 'approve' });
    expect(approved.status).toBe(200);
    expect(approved.body.sample.state).toBe('approved');
    const [shown] = await published();
    expect(Object.keys(shown).sort()).toEqual([
      'approvedAt',
      'blocks',
      'comments',
      'editorId',
      'id',
      'source',
      'title',
    ]);
    expect(shown).toMatchObject({ editorId: 'maya-chen', id: sample.id, source: 'family' });
    // When approved: the profile compares it with the build's to tell a changed list.
    expect(shown.approvedAt).toBe(approved.body.sample.updatedAt);
    expect(shown.comments).toEqual([
      { id: 'c1', anchor: expect.objectContaining({ block: 1, quote: 'before dawn' }), text: sample.comments[0].text },
    ]);
    expect(JSON.stringify(await published())).not.toContain('Whitfield');
    expect(await published('?editor=maya-chen')).toEqual([shown]);
    expect(await published('?editor=sofia-ramirez')).toEqual([]);

    const { items } = await auditPage({ limit: 10 }, {});
    expect(items).toEqual([
      expect.objectContaining({
        action: 'sample-approved',
        subject: { kind: 'editor', id: 'maya-chen' },
        before: expect.objectContaining({ state: 'waiting' }),
        after: expect.objectContaining({ state: 'approved' }),
      }),
    ]);
  });

  it('a save sent twice is one sample; a third sample is refused; an edit takes an approved one off the profile', async () => {
    const first = validSample();
    expect((await save(first)).status).toBe(200);
    expect((await save(first)).status).toBe(200);
    expect(await mine()).toHaveLength(1);
    expect((await mine())[0].history).toHaveLength(1);
    expect((await save(validSample())).status).toBe(200);
    const third = await save(validSample());
    expect(third.status).toBe(409);
    expect(third.body).toEqual({ error: sampleMessages.full });
    expect(await mine()).toHaveLength(SAMPLE_LIMITS.perEditor);

    await decide({ sampleId: first.id, decision: 'approve' });
    // Saved again as it is: it stays on the profile.
    await save(first);
    expect(await published()).toHaveLength(1);
    // Changed: waiting for approval again, off the profile, its history kept.
    await save({ ...first, title: 'A new title' });
    const edited = (await mine()).find((s) => s.id === first.id)!;
    expect(edited.state).toBe('waiting');
    expect(edited.history.map((e) => e.state)).toEqual(['waiting', 'approved', 'waiting']);
    expect(await published()).toEqual([]);
  });

  it('our team declines or withdraws with a reason the editor reads; each only from its state', async () => {
    const sample = validSample();
    await save(sample);
    const noReason = await decide({ sampleId: sample.id, decision: 'decline' });
    expect(noReason.status).toBe(400);
    expect(noReason.body).toEqual({ error: sampleMessages.reasonNeeded });
    const notPublic = await decide({ sampleId: sample.id, decision: 'withdraw', reason: 'Old' });
    expect(notPublic.status).toBe(409);
    expect(notPublic.body).toEqual({ error: sampleMessages.notPublic });

    expect((await decide({ sampleId: sample.id, decision: 'decline', reason: 'Name the prompt.' })).status).toBe(200);
    expect((await mine())[0]).toMatchObject({ state: 'declined', reason: 'Name the prompt.' });
    // Sent again, it waits once more, without the old reason.
    await save({ ...sample, title: 'The prompt: a community you belong to' });
    expect((await mine())[0].state).toBe('waiting');
    expect((await mine())[0].reason).toBeUndefined();
    await decide({ sampleId: sample.id, decision: 'approve' });
    expect((await decide({ sampleId: sample.id, decision: 'withdraw', reason: 'A family asked.' })).status).toBe(200);
    expect((await mine())[0]).toMatchObject({ state: 'withdrawn', reason: 'A family asked.' });
    expect(await published()).toEqual([]);

    const unknown = await decide({ sampleId: crypto.randomUUID(), decision: 'approve' });
    expect(unknown.status).toBe(404);
    const nobody = await decide({ editorId: 'no-such-editor', sampleId: sample.id, decision: 'approve' });
    expect(nobody.status).toBe(404);
  });

  it('refuses a family’s sample that names the student, and stores nothing', async () => {
    const named = { ...family(), text: 'Jordan worked the register.\nEvery morning started before dawn.' };
    const res = await save(named);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: sampleMessages.namesStudent('jordan') });
    expect(await mine()).toEqual([]);
    const noConsent = await save({ ...family(), consent: undefined });
    expect(noConsent.body).toEqual({ error: sampleMessages.consentNeeded });
  });

  it('is the editor’s alone: a family is refused, and no one reads another editor’s samples', async () => {
    expect((await save(validSample(), tokens.customer)).status).toBe(403);
    const stranger = await createUser();
    expect((await call(editorSamples, '/api/editor/samples', { headers: bearer(stranger.idToken) })).status).toBe(403);
  });

  it('deleted, is gone from the profile; deleting it again changes nothing', async () => {
    const sample = validSample();
    await save(sample);
    await decide({ sampleId: sample.id, decision: 'approve' });
    expect((await remove(sample.id)).status).toBe(200);
    expect(await mine()).toEqual([]);
    expect(await published()).toEqual([]);
    expect((await remove(sample.id)).status).toBe(200);
  });

  it('of a hidden editor are not public; an editor closing, or deleted, takes them away', async () => {
    const sample = validSample();
    await save(sample);
    await decide({ sampleId: sample.id, decision: 'approve' });
    await editorsRepo().setHidden('maya-chen', true);
    expect(await published()).toEqual([]);
    expect(await published('?editor=maya-chen')).toEqual([]);
    // A name that is no editor is read no further.
    expect(await published('?editor=..%2Fsecret')).toEqual([]);
    await editorsRepo().setHidden('maya-chen', false);

    const caller = await authenticate(new Request('http://x', { headers: bearer(tokens.maya) }), context());
    await closeEditorProfile(caller, new Date(), context());
    expect(await samplesRepo().list('maya-chen')).toEqual([]);

    const { id } = await editorsRepo().createWithNewId(editorInput('Gone Soon'));
    await submittedSampleOf(id);
    const deleted = await call(editorHandler, `/api/database/editors/${id}`, {
      method: 'DELETE',
      params: { id },
      headers: await asAdmin(),
    });
    expect(deleted.status).toBe(204);
    expect(await samplesRepo().list(id)).toEqual([]);
  });
});

describe('a save or a decision cut off at any write', () => {
  const blobs = useAtomicBlobsServer();
  beforeAll(() => vi.spyOn(console, 'error').mockImplementation(() => {}));
  afterAll(() => vi.restoreAllMocks());

  it('answers 503 or lands, and its retry leaves one sample, decided once', async () => {
    const sample = validSample();
    const writes = await walkFaults(blobs, {
      arrange: async () => {
        await resetOrderingStores();
        await save(sample);
      },
      act: async () => {
        const saved = await save({ ...sample, title: 'Changed' });
        return saved.status === 200
          ? (await decide({ sampleId: sample.id, decision: 'approve' })).status
          : saved.status;
      },
      afterFault: (status) => expect([200, 503]).toContain(status),
      async afterRetry(status) {
        expect(status).toBe(200);
        const [kept] = await samplesRepo().list('maya-chen');
        expect(kept).toMatchObject({ title: 'Changed', state: 'approved' });
        expect(kept.history.map((e) => e.state)).toEqual(['waiting', 'waiting', 'approved']);
        expect((await auditPage({ limit: 10 }, {})).items.filter((e) => e.action === 'sample-approved')).toHaveLength(
          1,
        );
      },
    });
    expect(writes).toBeGreaterThanOrEqual(3);
  });
});
