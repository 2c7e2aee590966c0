/** PUT /api/editor/profile: an editor writes the bio on their own profile; the admin keeps the rest. */
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import editorHandler from '#functions/editor';
import editorProfile from '#functions/editor-profile';
import editorProjects from '#functions/editor-projects';
import editorsHandler from '#functions/editors';
import { editorsRepo } from '../../server/editors.repo';
import { DEMO_EDITORS } from '../../server/seed';
import { BIO_MAX_LENGTH } from '../../editor-input';
import type { Editor } from '../../editor-rules';
import { testTokens } from '#tests/admin-access';
import { bearer, tokenOf } from '#tests/auth-emulator';
import { call } from '#tests/functions';
import { resetOrderingStores } from '#tests/orders';

let tokens: { admin: string; customer: string; maya: string };

beforeAll(async () => {
  const { admin, user } = await testTokens();
  tokens = { admin, customer: user, maya: await tokenOf('maya@example.test') };
});
beforeEach(resetOrderingStores);

const save = (token: string, body: unknown) =>
  call(editorProfile, '/api/editor/profile', { method: 'PUT', json: body, headers: bearer(token) });
const publicMaya = async () =>
  ((await call(editorsHandler, '/api/database/editors?fresh=1')).body as Editor[]).find((e) => e.id === 'maya-chen')!;

describe('PUT /api/editor/profile', () => {
  it('saves the editor’s own bio, trimmed; the public list and their inbox show it; nothing else changes', async () => {
    const before = await editorsRepo().get('maya-chen');
    const res = await save(tokens.maya, { bio: '  I read every draft twice.  ' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ bio: 'I read every draft twice.' });
    const after = await editorsRepo().get('maya-chen');
    // Saved by the editor: our team's card says so (profileSavedAt).
    expect(after).toEqual({
      ...before,
      bio: 'I read every draft twice.',
      profileSavedAt: after!.updatedAt,
      updatedAt: expect.any(String),
    });
    expect((await publicMaya()).bio).toBe('I read every draft twice.');
    const inbox = await call(editorProjects, '/api/editor/projects', { headers: bearer(tokens.maya) });
    expect(inbox.body.editor.bio).toBe('I read every draft twice.');
  });

  it('may be emptied', async () => {
    expect((await save(tokens.maya, { bio: '' })).body).toEqual({ bio: '' });
    expect((await publicMaya()).bio).toBe('');
  });

  it.each([
    ['too long', { bio: 'x'.repeat(BIO_MAX_LENGTH + 1) }, `bio must be at most ${BIO_MAX_LENGTH} characters`],
    ['not text', { bio: 42 }, 'bio must be text'],
    ['missing', {}, 'bio must be text'],
  ])('answers 400 for a bio %s, and keeps the stored one', async (_, body, message) => {
    const res = await save(tokens.maya, body);
    expect(res.status).toBe(400);
    expect(res.body.error).toContain(message);
    expect((await publicMaya()).bio).toBe(DEMO_EDITORS.find((e) => e.id === 'maya-chen')!.bio);
  });

  it('is for editors only: a customer gets 403, and nobody’s bio changes', async () => {
    const res = await save(tokens.customer, { bio: 'Not an editor' });
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ error: 'Editors only' });
    expect((await publicMaya()).bio).toBe(DEMO_EDITORS.find((e) => e.id === 'maya-chen')!.bio);
  });
});

describe('the admin and the bio', () => {
  const { id: _, accountEmail: __, ...maya } = DEMO_EDITORS.find((e) => e.id === 'maya-chen')!;
  const put = (body: unknown) =>
    call(editorHandler, '/api/database/editors/maya-chen', {
      method: 'PUT',
      json: body,
      params: { id: 'maya-chen' },
      headers: bearer(tokens.admin),
    });

  it('an admin update without a bio keeps the editor’s; with one, replaces it', async () => {
    await save(tokens.maya, { bio: 'Written by Maya.' });
    const { bio: ___, ...withoutBio } = maya;
    expect((await put({ ...withoutBio, college: 'MIT' })).body).toMatchObject({
      college: 'MIT',
      bio: 'Written by Maya.',
    });
    expect((await put({ ...maya, bio: 'Edited by the admin.' })).body).toMatchObject({ bio: 'Edited by the admin.' });
  });
});

describe('saving a bio often', () => {
  it('answers 429 with Retry-After past 10 saves an hour (each one builds the site again), and keeps the last saved bio', async () => {
    for (let i = 1; i <= 10; i++) expect((await save(tokens.maya, { bio: `Version ${i}` })).status).toBe(200);
    const refused = await save(tokens.maya, { bio: 'Version 11' });
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(refused.body.error).toMatch(
      /^Too many profile saves in a short time\. Please wait \d+ (minutes?|seconds?) and try again\.$/,
    );
    expect((await publicMaya()).bio).toBe('Version 10');
  });
});
