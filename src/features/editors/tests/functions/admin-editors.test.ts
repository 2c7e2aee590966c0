import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import editorHandler from '#functions/editor';
import editorsHandler from '#functions/editors';
import adminEditorsHandler from '#functions/admin-editors';
import createSession from '#functions/create-payment-session';
import waitlistHandler from '#functions/waitlist';
import { preferredEditor } from '../../server/preferred-editor';
import type { AdminEditor } from '../../editor-rules';
import { editorsRepo } from '../../server/editors.repo';
import { projectsRepo } from '#features/projects/server/projects.repo';
import { seedDemoEditors } from '../../server/seed';
import { editorMessages, messages } from '#lib/messages';
import { asAdmin, itRefusesAllButAdmins, testTokens } from '#tests/admin-access';
import { bearer, createUser } from '#tests/auth-emulator';
import { selection } from '#tests/orders';
import { act, paidOrder, submitText } from '#tests/projects';
import { call, clearStore, context } from '#tests/functions';

/** What the public list adds to a new editor: no published review, no returned round. */
const NO_REVIEWS_YET = {
  rating: { count: 0, average: null },
  onTime: { rounds: 0, share: null },
  track: { finished: 0, responseMs: null, since: new Date().toISOString().slice(0, 7) },
};

const input = {
  name: 'Grace Liu',
  image: '/editors/grace.svg',
  college: 'Brown University',
  major: 'Biology',
  sat: '34',
  gpa: '3.9',
  ecs: 'Science Olympiad captain',
  strengths: 'Lab stories told plainly',
  bio: 'I write about labs for people who have never been in one.',
  slotsOpen: 2,
  totalSlots: 5,
  featured: { home: true, about: false },
};

const create = async (body: unknown = input) =>
  call(editorsHandler, '/api/database/editors', { method: 'POST', json: body, headers: await asAdmin() });
const update = async (id: string, body: unknown = input, headers?: Record<string, string>) =>
  call(editorHandler, `/api/database/editors/${id}`, {
    method: 'PUT',
    json: body,
    params: { id },
    headers: headers ?? (await asAdmin()),
  });
const remove = async (id: string, headers?: Record<string, string>) =>
  call(editorHandler, `/api/database/editors/${id}`, {
    method: 'DELETE',
    params: { id },
    headers: headers ?? (await asAdmin()),
  });
const publicList = async () =>
  (await call(editorsHandler, '/api/database/editors')).body as { id: string; name: string }[];

beforeEach(() => clearStore('editors'));

describe('POST /api/database/editors', () => {
  itRefusesAllButAdmins((headers) =>
    call(editorsHandler, '/api/database/editors', { method: 'POST', json: input, headers }),
  );

  it('creates an editor under an id made from the name and shows it on the public list at once', async () => {
    const res = await create();
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ id: 'grace-liu', ...input, ...NO_REVIEWS_YET });
    expect(await publicList()).toEqual([{ id: 'grace-liu', ...input, ...NO_REVIEWS_YET }]);
    const stored = await editorsRepo().get('grace-liu');
    expect(stored?.createdAt).toEqual(stored?.updatedAt);
  });

  it('never overwrites: the same name again gets a new id', async () => {
    await create();
    const second = await create({ ...input, college: 'Duke University' });
    expect(second.status).toBe(201);
    expect(second.body.id).toMatch(/^grace-liu-[0-9a-f]{6}$/);
    expect((await editorsRepo().get('grace-liu'))?.college).toBe('Brown University');
    expect(await publicList()).toHaveLength(2);
  });

  it('makes a usable id from any name', async () => {
    expect((await create({ ...input, name: 'Zoë  Ng-Park!' })).body.id).toBe('zoe-ng-park');
    expect((await create({ ...input, name: '李明' })).body.id).toBe('editor');
  });

  it('never takes an id that is an editors list of the site (/editors/major, /editors/open-slots)', async () => {
    expect((await create({ ...input, name: 'Major' })).body.id).toMatch(/^major-[0-9a-f]{6}$/);
    expect((await create({ ...input, name: 'Open Slots' })).body.id).toMatch(/^open-slots-[0-9a-f]{6}$/);
  });

  it('defaults the featured flags when they are not sent (the basic payload has none)', async () => {
    const { featured: _, ...specPayload } = input;
    expect((await create(specPayload)).body.featured).toEqual({ home: false, about: false });
  });

  it.each([
    ['a missing name', { ...input, name: undefined }, /^name/],
    ['a blank college', { ...input, college: '   ' }, /^college.*required/],
    ['a missing major', { ...input, major: undefined }, /^major/],
    ['slotsOpen above totalSlots', { ...input, slotsOpen: 6, totalSlots: 5 }, /^slotsOpen must not exceed totalSlots/],
    ['negative slotsOpen', { ...input, slotsOpen: -1 }, /^slotsOpen/],
    ['totalSlots as text', { ...input, totalSlots: 'five' }, /^totalSlots must be a number/],
    ['totalSlots of 0', { ...input, slotsOpen: 0, totalSlots: 0 }, /^totalSlots must be at least 1/],
    ['a fractional slot count', { ...input, slotsOpen: 1.5 }, /^slotsOpen must be a whole number/],
    ['a javascript: image', { ...input, image: 'javascript:alert(1)' }, /^image must be a path/],
    ['a protocol-relative image', { ...input, image: '//evil.example/x.png' }, /^image must be a path/],
    ['an over-long strengths text', { ...input, strengths: 'x'.repeat(2001) }, /^strengths must be at most 2000/],
    ['featured flags that are not booleans', { ...input, featured: { home: 'yes', about: false } }, /^featured\.home/],
  ])('answers 400 naming the field for %s', async (_, body, message) => {
    const res = await create(body);
    expect(res.status).toBe(400);
    expect(res.body.error).toMatch(message);
    expect(await publicList()).toEqual([]);
  });

  it('accepts an https image URL and an uploaded photo path', async () => {
    expect((await create({ ...input, image: 'https://cdn.example.com/grace.jpg' })).status).toBe(201);
    expect((await create({ ...input, name: 'Other', image: '/api/uploads/0b6f-x.png' })).status).toBe(201);
  });

  it('answers 400 for a body that is not JSON', async () => {
    const res = await call(editorsHandler, '/api/database/editors', {
      method: 'POST',
      body: '{"name":',
      headers: { ...(await asAdmin()), 'content-type': 'application/json' },
    });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: 'Request body must be valid JSON' });
  });
});

describe('PUT /api/database/editors/:id', () => {
  itRefusesAllButAdmins((headers) => update('grace-liu', input, headers));

  it('replaces the fields, keeps the id and creation time, and the public list shows it at once', async () => {
    await create();
    const before = await editorsRepo().get('grace-liu');
    const changed = { ...input, name: 'Grace L. Liu', slotsOpen: 0, featured: { home: false, about: true } };
    const res = await update('grace-liu', changed);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ id: 'grace-liu', ...changed, ...NO_REVIEWS_YET });
    expect(await publicList()).toEqual([{ id: 'grace-liu', ...changed, ...NO_REVIEWS_YET }]);
    const after = await editorsRepo().get('grace-liu');
    expect(after?.createdAt).toBe(before?.createdAt);
    expect(after!.updatedAt >= before!.updatedAt).toBe(true);
  });

  it('answers 404 for an unknown id and creates nothing', async () => {
    const res = await update('nobody-here');
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ error: 'No editor with this id' });
    expect(await publicList()).toEqual([]);
  });

  it('answers 404 for an id that could never exist', async () => {
    expect((await update('../orders/x')).status).toBe(404);
    expect((await update('UPPER')).status).toBe(404);
  });

  it('answers 400 naming the field, and changes nothing', async () => {
    await create();
    const res = await update('grace-liu', { ...input, slotsOpen: 9 });
    expect(res.status).toBe(400);
    expect(res.body.error).toMatch(/^slotsOpen/);
    expect((await editorsRepo().get('grace-liu'))?.slotsOpen).toBe(2);
  });
});

describe('DELETE /api/database/editors/:id', () => {
  itRefusesAllButAdmins((headers) => remove('grace-liu', headers));

  it('deletes the editor; the public list no longer has it', async () => {
    await create();
    const res = await remove('grace-liu');
    expect(res.status).toBe(204);
    expect(await publicList()).toEqual([]);
    expect(await editorsRepo().get('grace-liu')).toBeNull();
  });

  it('answers 404 for an unknown id', async () => {
    const res = await remove('nobody-here');
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ error: 'No editor with this id' });
  });

  it('a refused caller deletes nothing', async () => {
    await create();
    await remove('grace-liu', {});
    expect(await publicList()).toHaveLength(1);
  });

  it("never gives a deleted editor's id again: a new editor of the same name gets another, and none of the first one's work", async () => {
    await create();
    expect((await remove('grace-liu')).status).toBe(204);
    const again = await create();
    expect(again.status).toBe(201);
    expect(again.body.id).not.toBe('grace-liu');
    expect(again.body.id).toMatch(/^grace-liu-/);
    // The deleted id stays deleted: it cannot be changed, deleted again or written back.
    expect((await update('grace-liu')).status).toBe(404);
    expect((await remove('grace-liu')).status).toBe(404);
    expect((await publicList()).map((e) => e.id)).toEqual([again.body.id]);
  });

  it('refuses to delete an editor with any project, open or finished (409: hide them instead), and deletes one who never had any', async () => {
    // The tests above leave projects with the demo editors.
    await clearStore('projects');
    await seedDemoEditors();
    const family = await createUser();
    const { projectIds } = await paidOrder(
      family.idToken,
      selection({ editorId: 'maya-chen', services: [{ id: 'supplement-small', quantity: 2 }] }),
    );
    const refused = await remove('maya-chen');
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual({ error: editorMessages.hasProjects(2) });
    expect((await publicList()).map((e) => e.id)).toContain('maya-chen');

    // Reassigned, they are Sofia's; their history keeps Maya's name from what stays of her once deleted.
    const admin = (await testTokens()).admin;
    for (const id of projectIds)
      expect((await act(admin, id, 'reassign', { version: 1, editorId: 'sofia-ramirez' })).status).toBe(200);
    for (const id of projectIds)
      expect((await projectsRepo().get(id))!.previousAssignments.map((a) => a.editorId)).toEqual(['maya-chen']);
    expect((await remove('sofia-ramirez')).body).toEqual({ error: editorMessages.hasProjects(2) });
    expect((await remove('maya-chen')).status).toBe(204);
  });
});

describe('GET /api/admin/editors: project counts', () => {
  it('counts only a final project as finished; a withdrawn or cancelled one is counted apart', async () => {
    await clearStore('projects');
    await seedDemoEditors();
    const family = await createUser();
    const {
      projectIds: [finished, withdrawn],
    } = await paidOrder(
      family.idToken,
      selection({ editorId: 'maya-chen', services: [{ id: 'supplement-small', quantity: 3 }] }),
    );
    const admin = (await testTokens()).admin;
    const submitted = await submitText(family.idToken, { id: finished, version: 1 });
    expect((await act(admin, finished, 'finalize', { version: submitted.body.version })).status).toBe(200);
    expect(
      (await act(admin, withdrawn, 'withdraw', { version: 1, reason: 'The family asked us to stop.' })).status,
    ).toBe(200);
    const list = await call(adminEditorsHandler, '/api/admin/editors', { headers: await asAdmin() });
    const maya = (list.body as AdminEditor[]).find((editor) => editor.id === 'maya-chen');
    expect(maya?.projects).toEqual({ open: 1, finished: 1, stopped: 1 });
    expect((await remove('maya-chen')).body).toEqual({ error: editorMessages.hasProjects(3) });
  });
});

describe('PATCH /api/database/editors/:id { hidden }', () => {
  const hide = async (id: string, hidden: unknown, headers?: Record<string, string>) =>
    call(editorHandler, `/api/database/editors/${id}`, {
      method: 'PATCH',
      json: { hidden },
      params: { id },
      headers: headers ?? (await asAdmin()),
    });

  itRefusesAllButAdmins(async (headers) => {
    await create();
    return hide('grace-liu', true, headers);
  });

  it('takes the editor off the public list and keeps everything; showing brings them back as they were', async () => {
    await create();
    const res = await hide('grace-liu', true);
    expect(res).toMatchObject({ status: 200, body: { id: 'grace-liu', hidden: true } });
    expect(await publicList()).toEqual([]);
    expect(await editorsRepo().get('grace-liu')).toMatchObject({ ...input, hidden: true });
    // A full update from the edit form keeps the editor hidden.
    expect((await update('grace-liu', { ...input, college: 'Duke University' })).status).toBe(200);
    expect(await publicList()).toEqual([]);
    expect((await hide('grace-liu', false)).body).toMatchObject({ hidden: false, college: 'Duke University' });
    expect(await publicList()).toEqual([{ id: 'grace-liu', ...input, college: 'Duke University', ...NO_REVIEWS_YET }]);
  });

  it('answers 404 for an unknown or deleted editor and 400 for anything but a boolean', async () => {
    expect((await hide('nobody-here', true)).status).toBe(404);
    await create();
    expect((await hide('grace-liu', 'yes')).status).toBe(400);
    await remove('grace-liu');
    expect((await hide('grace-liu', true)).status).toBe(404);
  });
});

describe('a hidden editor takes nothing new', () => {
  // The demo editors hidden here would stay hidden for the test files after this one.
  afterEach(() => clearStore('editors'));
  const hide = async (id: string) =>
    call(editorHandler, `/api/database/editors/${id}`, {
      method: 'PATCH',
      json: { hidden: true },
      params: { id },
      headers: await asAdmin(),
    });

  it('refuses new orders (409), waitlist sign-ups, inquiries and consults naming them, and reassignments to them', async () => {
    await clearStore('projects');
    await seedDemoEditors();
    const family = await createUser();
    const { projectIds } = await paidOrder(family.idToken, selection({ editorId: 'maya-chen' }));
    expect((await hide('sofia-ramirez')).status).toBe(200);

    const order = await call(createSession, '/api/stripe/create-payment-session', {
      method: 'POST',
      json: selection({ editorId: 'sofia-ramirez' }),
      headers: bearer(family.idToken),
    });
    expect(order).toMatchObject({ status: 409, body: { error: messages.editorUnavailable } });
    const waitlist = await call(waitlistHandler, '/api/waitlist', {
      method: 'POST',
      json: { email: 'waiting@example.com', editorId: 'sofia-ramirez' },
    });
    expect(waitlist.status).toBe(404);
    await expect(preferredEditor('sofia-ramirez', context())).rejects.toMatchObject({ status: 400 });
    const reassign = await act((await testTokens()).admin, projectIds[0], 'reassign', {
      version: 1,
      editorId: 'sofia-ramirez',
    });
    expect(reassign).toMatchObject({ status: 409, body: { error: editorMessages.reassignToHidden('Sofia Ramirez') } });
  });

  it('keeps their projects going: the editor still works on them, and the admin list shows them hidden with their projects', async () => {
    await clearStore('projects');
    await seedDemoEditors();
    const family = await createUser();
    await paidOrder(
      family.idToken,
      selection({ editorId: 'maya-chen', services: [{ id: 'supplement-small', quantity: 2 }] }),
    );
    expect((await hide('maya-chen')).status).toBe(200);
    const list = await call(adminEditorsHandler, '/api/admin/editors', { headers: await asAdmin() });
    expect(list.status).toBe(200);
    const maya = (list.body as AdminEditor[]).find((editor) => editor.id === 'maya-chen');
    expect(maya).toMatchObject({ hidden: true, projects: { open: 2, finished: 0, stopped: 0 } });
    expect((list.body as AdminEditor[]).find((editor) => editor.id === 'sofia-ramirez')).toMatchObject({
      hidden: false,
      projects: { open: 0, finished: 0, stopped: 0 },
    });
    expect((await publicList()).map((editor) => editor.id)).not.toContain('maya-chen');

    // The choices of a filter or a reassignment: hidden ones too, without counting every project.
    const choices = await call(adminEditorsHandler, '/api/admin/editors?counts=false', { headers: await asAdmin() });
    expect((choices.body as AdminEditor[]).find((editor) => editor.id === 'maya-chen')).toMatchObject({ hidden: true });
    expect((choices.body as AdminEditor[]).every((editor) => editor.projects === undefined)).toBe(true);
    expect(
      await call(adminEditorsHandler, '/api/admin/editors?counts=maybe', { headers: await asAdmin() }),
    ).toMatchObject({ status: 400, body: { error: 'counts must be true or false' } });
  });
});

describe('the editors CDN cache is purged after every write', () => {
  const realFetch = globalThis.fetch;
  let purges: unknown[];

  beforeEach(() => {
    purges = [];
    // Only calls to Netlify's API are answered here; Blobs and the Auth emulator stay real.
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
      const url = input instanceof Request ? input.url : String(input);
      if (!url.startsWith('https://api.netlify.com/')) return realFetch(input, init);
      purges.push({ url, auth: new Headers(init?.headers).get('authorization'), body: JSON.parse(String(init?.body)) });
      return new Response(null, { status: 202 });
    });
  });
  afterEach(() => {
    vi.restoreAllMocks();
    vi.unstubAllEnvs();
  });

  it('does nothing locally, where there is no purge token', async () => {
    vi.stubEnv('NETLIFY_PURGE_API_TOKEN', '');
    await create();
    await update('grace-liu');
    await remove('grace-liu');
    expect(purges).toEqual([]);
  });

  it('on Netlify purges the editors tag after create, update and delete, and again after the memory window, but not after a refused write', async () => {
    vi.stubEnv('NETLIFY_PURGE_API_TOKEN', 'purge-token');
    vi.stubEnv('SITE_ID', 'site-123');
    await create();
    await update('grace-liu');
    await update('grace-liu', { ...input, slotsOpen: 99 });
    await remove('grace-liu');
    await remove('grace-liu');
    const expected = {
      url: 'https://api.netlify.com/api/v1/purge',
      auth: 'Bearer purge-token',
      body: { cache_tags: ['editors'], site_id: 'site-123' },
    };
    // Each write purges at once and once more after EDITORS_MEMORY_MS (the test waits for it, as the platform does).
    expect(purges).toEqual(Array(6).fill(expected));
  });

  it('a failing purge does not fail the write', async () => {
    vi.stubEnv('NETLIFY_PURGE_API_TOKEN', 'purge-token');
    vi.stubEnv('SITE_ID', 'site-123');
    vi.mocked(globalThis.fetch).mockImplementation(async (input, init) => {
      const url = input instanceof Request ? input.url : String(input);
      return url.startsWith('https://api.netlify.com/')
        ? new Response('down', { status: 503 })
        : realFetch(input, init);
    });
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    expect((await create()).status).toBe(201);
    expect(error).toHaveBeenCalledWith(
      expect.stringContaining('Purging CDN cache tags editors failed'),
      expect.any(Error),
    );
    expect(await publicList()).toHaveLength(1);
  });
});

describe('the editor pages are built again after every admin write', () => {
  const realFetch = globalThis.fetch;
  const HOOK = 'https://api.netlify.com/build_hooks/hook-123';
  let builds: { method: string; url: string }[];

  beforeEach(() => {
    builds = [];
    // Only the build hook is answered here; Blobs and the Auth emulator stay real.
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
      const url = input instanceof Request ? input.url : String(input);
      if (!url.startsWith(HOOK)) return realFetch(input, init);
      builds.push({ method: init?.method ?? 'GET', url });
      return new Response(null, { status: 200 });
    });
  });
  afterEach(() => {
    vi.restoreAllMocks();
    vi.unstubAllEnvs();
  });

  it('asks the build hook once per create, update and delete, and not for a refused write', async () => {
    vi.stubEnv('SITE_BUILD_HOOK', HOOK);
    await create();
    await update('grace-liu');
    await update('grace-liu', { ...input, slotsOpen: 99 });
    await remove('grace-liu');
    await remove('grace-liu');
    const expected = { method: 'POST', url: `${HOOK}?trigger_title=Editors+changed+in+the+admin+area` };
    expect(builds).toEqual(Array(3).fill(expected));
  });

  it('asks nothing without a hook (locally), and a failing hook does not fail the write', async () => {
    await create();
    expect(builds).toEqual([]);
    vi.stubEnv('SITE_BUILD_HOOK', HOOK);
    vi.mocked(globalThis.fetch).mockImplementation(async (input, init) => {
      const url = input instanceof Request ? input.url : String(input);
      return url.startsWith(HOOK) ? new Response('down', { status: 503 }) : realFetch(input, init);
    });
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    expect((await update('grace-liu')).status).toBe(200);
    expect(error).toHaveBeenCalledWith(expect.stringContaining('The site build hook answered 503'));
  });
});
