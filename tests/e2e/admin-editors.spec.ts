import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { slugify } from '../../src/features/editors/server/editors.repo';
import { FULL_EDITOR_HINT } from '../../src/features/editors/editor-rules';
import { editorMessages, messages } from '../../src/lib/messages';
import { uploadMessages, UPLOAD_MAX_BYTES } from '../../src/lib/uploads';
import { expectNoAxeViolations } from '../helpers/axe';
import { createEditor, deleteEditors, OPEN_TAB_PANEL, openAdmin, toasts, uniqueEditorName } from '../helpers/e2e-admin';
import { PNG_1x1, TEXT_AS_PNG } from '../helpers/images';
import { readStored } from '../helpers/stored';
import { keepScreenshot } from '../helpers/screens';

const EDITORS_LIST = /\/api\/database\/editors(\?|$)/;
/** What the Editors tab reads: every editor with what only the admin sees. */
const ADMIN_EDITORS_LIST = /\/api\/admin\/editors$/;

/** The list item of one editor card (or of its inline edit form). */
const card = (page: Page, name: string) => page.getByRole('listitem', { name, exact: true });
const addForm = (page: Page) => page.getByRole('form', { name: 'New editor' });

/** Editors this test created, deleted after it. */
let created: string[] = [];

test.beforeEach(async ({ page, request }) => {
  created = [];
  page.on('dialog', (dialog) => {
    throw new Error(`Unexpected dialog: ${dialog.message()}`);
  });
  await openAdmin(page, request, '/admin?tab=editors');
  await expect(page.getByRole('tab', { name: 'Editors Management' })).toHaveAttribute('aria-selected', 'true');
});

test.afterEach(async ({ request }) => {
  await deleteEditors(request, created);
});

/** Opens the add form and fills in the required fields. */
async function startAdding(page: Page, name: string) {
  await page.getByRole('button', { name: 'Add Editor' }).click();
  const form = addForm(page);
  await form.getByLabel('Name').fill(name);
  await form.getByLabel('College').fill('Rice University');
  await form.getByLabel('Major').fill('Chemistry');
  return form;
}

/** Editors of this test's own, shown on the reloaded page and deleted after the test. */
async function ownEditors(page: Page, request: APIRequestContext, count = 1) {
  const editors = await Promise.all(Array.from({ length: count }, () => createEditor(request)));
  created.push(...editors.map((e) => e.id));
  await page.reload();
  return editors;
}

test('Add Editor opens a form with every field and the defaults, and adds the editor', async ({ page }) => {
  await page.getByRole('button', { name: 'Add Editor' }).click();
  const form = addForm(page);
  await expect(form.getByLabel('Name')).toBeFocused();
  for (const label of [
    'Name',
    'College',
    'Major',
    'SAT/ACT',
    'GPA',
    'Image (path or URL)',
    'Extracurriculars',
    'Strengths',
  ]) {
    await expect(form.getByLabel(label)).toHaveValue('');
  }
  await expect(form.getByLabel('Slots open')).toHaveValue('0');
  // The default of 0 goes live as a full editor: the form says so before anyone saves it.
  await expect(form.getByLabel('Slots open')).toHaveAccessibleDescription(FULL_EDITOR_HINT);
  await expect(form.getByLabel('Total slots')).toHaveValue('5');
  await expect(form.getByLabel('Home page')).not.toBeChecked();
  await expect(form.getByLabel('About page')).not.toBeChecked();

  const name = uniqueEditorName();
  created.push(slugify(name));
  await form.getByLabel('Name').fill(name);
  await form.getByLabel('College').fill('Rice University');
  await form.getByLabel('Major').fill('Chemistry');
  await form.getByLabel('SAT/ACT').fill('34');
  await form.getByLabel('GPA').fill('3.95');
  await form.getByLabel('Image (path or URL)').fill('/editors/maya-chen.svg');
  await form.getByLabel('Extracurriculars').fill('Chemistry olympiad; debate');
  await form.getByLabel('Strengths').fill('Explaining lab work to humans');
  await form.getByLabel('Slots open').fill('3');
  await expect(form.getByText(FULL_EDITOR_HINT)).toHaveCount(0);
  await form.getByLabel('Total slots').fill('4');
  await form.getByLabel('About page').check();
  await form.getByRole('button', { name: 'Add Editor' }).click();

  await expect(toasts(page).getByRole('status')).toHaveText(messages.editorAdded);
  await expect(form).toBeHidden();
  await expect(page.getByRole('button', { name: 'Add Editor' })).toBeFocused();
  const newCard = card(page, name);
  await expect(newCard).toContainText('Rice University');
  await expect(newCard).toContainText('ACT');
  await expect(newCard).toContainText('3/4');
  await expect(newCard).toContainText('Featured on: About');
  expect(await readStored('editors', slugify(name))).toMatchObject({
    name,
    college: 'Rice University',
    major: 'Chemistry',
    sat: '34',
    gpa: '3.95',
    image: '/editors/maya-chen.svg',
    ecs: 'Chemistry olympiad; debate',
    strengths: 'Explaining lab work to humans',
    slotsOpen: 3,
    totalSlots: 4,
    featured: { home: false, about: true },
  });
});

test('slot numbers that are not numbers fall back to 0 open and 5 in total', async ({ page }) => {
  const name = uniqueEditorName();
  created.push(slugify(name));
  const form = await startAdding(page, name);
  await form.getByLabel('Slots open').fill('');
  await form.getByLabel('Total slots').fill('');
  await form.getByRole('button', { name: 'Add Editor' }).click();
  await expect(toasts(page).getByRole('status')).toHaveText(messages.editorAdded);
  await expect(card(page, name)).toContainText('0/5');
  expect(await readStored('editors', slugify(name))).toMatchObject({ slotsOpen: 0, totalSlots: 5, image: '', sat: '' });
});

test('more open slots than slots is refused before anything is sent', async ({ page }) => {
  let posted = false;
  await page.route(EDITORS_LIST, (route) => ((posted ||= route.request().method() === 'POST'), route.fallback()));
  const form = await startAdding(page, uniqueEditorName());
  await form.getByLabel('Slots open').fill('6');
  await form.getByRole('button', { name: 'Add Editor' }).click();
  await expect(form.getByRole('alert')).toHaveText('Slots open must be between 0 and the total slots.');
  await expect(form.getByLabel('Slots open')).toHaveAttribute('aria-invalid', 'true');
  await expect(form.getByLabel('Slots open')).toBeFocused();
  expect(posted).toBe(false);
});

test('a failed add keeps the form and its values and says so', async ({ page }) => {
  await page.route(EDITORS_LIST, (route) =>
    route.request().method() === 'POST'
      ? route.fulfill({ status: 500, json: { error: 'Something went wrong on our side' } })
      : route.fallback(),
  );
  const form = await startAdding(page, 'Kept Name');
  await form.getByRole('button', { name: 'Add Editor' }).click();
  await expect(toasts(page).getByRole('alert')).toHaveText(messages.editorAddFailed);
  await expect(form.getByLabel('Name')).toHaveValue('Kept Name');
  await expect(form.getByRole('alert')).toHaveText('Something went wrong on our side');
});

test('Cancel closes the add form without adding', async ({ page }) => {
  await page.getByRole('button', { name: 'Add Editor' }).click();
  await addForm(page).getByLabel('Name').fill('Never Added');
  await addForm(page).getByRole('button', { name: 'Cancel' }).click();
  await expect(addForm(page)).toBeHidden();
  await expect(page.getByRole('button', { name: 'Add Editor' })).toBeFocused();
  await expect(card(page, 'Never Added')).toHaveCount(0);
});

test('edit in place: Cancel changes nothing, Save Changes saves and reloads; one card at a time', async ({
  page,
  request,
}) => {
  const [editor, other] = await ownEditors(page, request, 2);

  await page.getByRole('button', { name: `Edit ${editor.name}` }).click();
  const form = page.getByRole('form', { name: `Edit ${editor.name}` });
  await expect(form.getByLabel('College')).toHaveValue('Test College');
  await expect(form.getByLabel('Slots open')).toHaveValue('2');
  await form.getByLabel('College').fill('Changed College');
  await form.getByRole('button', { name: 'Cancel' }).click();
  await expect(form).toBeHidden();
  await expect(page.getByRole('button', { name: `Edit ${editor.name}` })).toBeFocused();
  await expect(card(page, editor.name)).toContainText('Test College');

  // Editing another card closes the first one: at most one card is in edit mode.
  await page.getByRole('button', { name: `Edit ${editor.name}` }).click();
  await page.getByRole('button', { name: `Edit ${other.name}` }).click();
  await expect(page.getByRole('button', { name: 'Save Changes' })).toHaveCount(1);
  await expect(page.getByRole('form', { name: `Edit ${other.name}` })).toBeVisible();
  await page
    .getByRole('form', { name: `Edit ${other.name}` })
    .getByRole('button', { name: 'Cancel' })
    .click();

  await page.getByRole('button', { name: `Edit ${editor.name}` }).click();
  await form.getByLabel('College').fill('Changed College');
  await form.getByLabel('Slots open').fill('0');
  await form.getByLabel('Home page').check();
  const reloaded = page.waitForRequest((r) => ADMIN_EDITORS_LIST.test(r.url()) && r.method() === 'GET');
  await form.getByRole('button', { name: 'Save Changes' }).click();
  await reloaded;
  await expect(toasts(page).getByRole('status')).toHaveText(messages.editorUpdated);
  await expect(form).toBeHidden();
  await expect(card(page, editor.name)).toContainText('Changed College');
  await expect(card(page, editor.name)).toContainText('0/5');
  expect(await readStored('editors', editor.id)).toMatchObject({
    college: 'Changed College',
    slotsOpen: 0,
    featured: { home: true, about: false },
  });
  // The public list shows the change at once.
  const publicList = (await (await request.get('/api/database/editors')).json()) as { id: string; college: string }[];
  expect(publicList.find((e) => e.id === editor.id)?.college).toBe('Changed College');
});

test('a failed update says so and keeps the form open', async ({ page, request }) => {
  const [editor] = await ownEditors(page, request);
  await page.route(`**/api/database/editors/${editor.id}`, (route) =>
    route.fulfill({ status: 404, json: { error: 'No editor with this id' } }),
  );
  await page.getByRole('button', { name: `Edit ${editor.name}` }).click();
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(toasts(page).getByRole('alert')).toHaveText(messages.editorUpdateFailed);
  await expect(page.getByRole('button', { name: 'Save Changes' })).toBeVisible();
});

test('delete asks first: dismissing keeps the editor, accepting deletes it', async ({ page, request }) => {
  const [editor] = await ownEditors(page, request);
  page.removeAllListeners('dialog');
  const asked: string[] = [];

  page.once('dialog', (dialog) => (asked.push(dialog.message()), dialog.dismiss()));
  await page.getByRole('button', { name: `Delete ${editor.name}` }).click();
  await expect.poll(() => asked).toEqual([messages.confirmDeleteEditor]);
  await expect(card(page, editor.name)).toBeVisible();
  expect(await readStored('editors', editor.id)).not.toBeNull();

  page.once('dialog', (dialog) => (asked.push(dialog.message()), dialog.accept()));
  await page.getByRole('button', { name: `Delete ${editor.name}` }).click();
  await expect(toasts(page).getByRole('status')).toHaveText(messages.editorDeleted);
  await expect(card(page, editor.name)).toHaveCount(0);
  expect(asked).toEqual([messages.confirmDeleteEditor, messages.confirmDeleteEditor]);
  // What stays is a tombstone that keeps the id from ever being given again.
  expect(await readStored('editors', editor.id)).toEqual({
    id: editor.id,
    name: editor.name,
    retiredAt: expect.any(String),
  });
  await expect(page.getByRole('button', { name: 'Add Editor' })).toBeFocused();
});

test('a failed delete says so and keeps the card', async ({ page, request }) => {
  const [editor] = await ownEditors(page, request);
  page.removeAllListeners('dialog');
  page.once('dialog', (dialog) => dialog.accept());
  await page.route(`**/api/database/editors/${editor.id}`, (route) =>
    route.fulfill({ status: 500, json: { error: 'down' } }),
  );
  await page.getByRole('button', { name: `Delete ${editor.name}` }).click();
  await expect(toasts(page).getByRole('alert')).toHaveText(messages.editorDeleteFailed);
  await expect(card(page, editor.name)).toBeVisible();
});

test('a delete refused because a project came meanwhile says why, and keeps the card', async ({ page, request }) => {
  const [editor] = await ownEditors(page, request);
  page.removeAllListeners('dialog');
  page.once('dialog', (dialog) => dialog.accept());
  await page.route(`**/api/database/editors/${editor.id}`, (route) =>
    route.fulfill({ status: 409, json: { error: editorMessages.hasProjects(1) } }),
  );
  await page.getByRole('button', { name: `Delete ${editor.name}` }).click();
  await expect(toasts(page).getByRole('alert')).toHaveText(editorMessages.hasProjects(1));
  await expect(card(page, editor.name)).toBeVisible();
});

test('Hide from the site asks first, then takes an editor off the public list and keeps the card; Show brings them back; by keyboard, 390 px and axe', async ({
  page,
  request,
}) => {
  const [editor] = await ownEditors(page, request);
  const publicIds = async () =>
    ((await (await request.get(`/api/database/editors?fresh=${Date.now()}`)).json()) as { id: string }[]).map(
      (e) => e.id,
    );
  expect(await publicIds()).toContain(editor.id);

  const hide = page.getByRole('button', { name: `Hide from the site: ${editor.name}` });
  await hide.focus();
  await page.keyboard.press('Enter');
  // Asked first; Escape keeps them on the site, and the focus comes back.
  const confirm = card(page, editor.name).getByRole('form', { name: `Hide ${editor.name} from the site?` });
  await expect(confirm).toContainText('Families can no longer choose them');
  await expect(confirm.getByRole('button', { name: 'Hide from the site' })).toBeFocused();
  await expectNoAxeViolations(page);
  await page.keyboard.press('Escape');
  await expect(confirm).toHaveCount(0);
  await expect(hide).toBeFocused();
  expect(await publicIds()).toContain(editor.id);
  await page.keyboard.press('Enter');
  await expect(confirm.getByRole('button', { name: 'Hide from the site' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(toasts(page).getByRole('status')).toHaveText(editorMessages.hidden(editor.name));
  await expect(card(page, editor.name)).toContainText(editorMessages.hiddenBadge);
  const show = page.getByRole('button', { name: `Show on the site: ${editor.name}` });
  await expect(show).toBeFocused();
  expect(await publicIds()).not.toContain(editor.id);
  expect(await readStored('editors', editor.id)).toMatchObject({ hidden: true, college: 'Test College' });

  await page.setViewportSize({ width: 390, height: 844 });
  await card(page, editor.name).scrollIntoViewIfNeeded();
  await keepScreenshot(page, 'hidden-editor-390');
  await expectNoAxeViolations(page);

  await page.keyboard.press('Enter');
  await expect(toasts(page).getByRole('status')).toHaveText(editorMessages.shown(editor.name));
  await expect(card(page, editor.name)).not.toContainText(editorMessages.hiddenBadge);
  expect(await publicIds()).toContain(editor.id);
});

test('an editor with projects offers no Delete, says why, and shows how many projects they have', async ({
  page,
  request,
}) => {
  const [editor, other] = await ownEditors(page, request, 2);
  await page.route(ADMIN_EDITORS_LIST, async (route) => {
    const editors = (await (await route.fetch()).json()) as { id: string }[];
    const counts: Record<string, object> = {
      [editor.id]: { open: 1, finished: 2, stopped: 0 },
      // One project, cancelled: not finished, and still no Delete.
      [other.id]: { open: 0, finished: 0, stopped: 1 },
    };
    await route.fulfill({ json: editors.map((e) => (counts[e.id] ? { ...e, projects: counts[e.id] } : e)) });
  });
  await page.reload();
  await expect(card(page, editor.name)).toContainText('Projects1 open, 2 finished');
  await expect(card(page, other.name)).toContainText('Projects0 open, 0 finished, 1 withdrawn or cancelled');
  for (const { name } of [editor, other]) {
    await expect(card(page, name)).toContainText('hide rather than delete');
    await expect(page.getByRole('button', { name: `Delete ${name}` })).toHaveCount(0);
    await expect(page.getByRole('button', { name: `Hide from the site: ${name}` })).toBeVisible();
  }
  // Hiding one with an open project offers to reassign it: the Projects tab, filtered by that editor.
  await page.getByRole('button', { name: `Hide from the site: ${editor.name}` }).click();
  const reassign = card(page, editor.name).getByRole('link', { name: `Reassign ${editor.name}’s open projects` });
  await expect(card(page, editor.name)).toContainText('One project is open.');
  await reassign.click();
  await expect(page.getByRole('tab', { name: 'Projects' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByLabel('Editor', { exact: true })).toHaveValue(editor.id);
});

test('works by keyboard: add with Enter, edit and cancel, focus comes back', async ({ page }) => {
  const addButton = page.getByRole('button', { name: 'Add Editor' });
  await addButton.focus();
  await page.keyboard.press('Enter');
  const form = addForm(page);
  await expect(form.getByLabel('Name')).toBeFocused();
  const name = uniqueEditorName();
  created.push(slugify(name));
  await page.keyboard.type(name);
  await page.keyboard.press('Tab');
  await expect(form.getByLabel('College')).toBeFocused();
  await page.keyboard.type('Rice University');
  await page.keyboard.press('Tab');
  await page.keyboard.type('Chemistry');
  await page.keyboard.press('Enter');
  await expect(toasts(page).getByRole('status')).toHaveText(messages.editorAdded);
  await expect(addButton).toBeFocused();

  const edit = page.getByRole('button', { name: `Edit ${name}` });
  await edit.focus();
  await page.keyboard.press('Enter');
  const editForm = page.getByRole('form', { name: `Edit ${name}` });
  await expect(editForm.getByLabel('Name')).toBeFocused();
  await editForm.getByRole('button', { name: 'Cancel' }).focus();
  await page.keyboard.press('Enter');
  await expect(edit).toBeFocused();
});

test('with no editors the list says how to add the first one', async ({ page }) => {
  await page.route(ADMIN_EDITORS_LIST, (route) => route.fulfill({ json: [] }));
  await page.reload();
  await expect(
    page.getByText('No editors found. Click "Add Editor" to create the first one.', { exact: true }),
  ).toBeVisible();
  await expect(page.getByRole('list', { name: 'Editors' })).toHaveCount(0);
});

test('a list that fails to load shows Failed to fetch data', async ({ page }) => {
  await page.route(ADMIN_EDITORS_LIST, (route) => route.fulfill({ status: 500, json: { error: 'down' } }));
  await page.reload();
  await expect(toasts(page).getByRole('alert')).toHaveText(messages.fetchFailed);
  await expect(page.getByText('The editors could not be loaded.')).toBeVisible();
  await page.unroute(ADMIN_EDITORS_LIST);
  await page.getByRole('button', { name: 'Try again' }).click();
  await expect(card(page, 'Maya Chen')).toBeVisible();
});

test.describe('photo upload', () => {
  test('a PNG is uploaded and fills in the image; the photo is served with long cache headers', async ({
    page,
    request,
  }) => {
    await page.getByRole('button', { name: 'Add Editor' }).click();
    const form = addForm(page);
    await form
      .getByLabel('Or upload a photo')
      .setInputFiles({ name: 'portrait.png', mimeType: 'image/png', buffer: PNG_1x1 });
    await expect(form.getByRole('status')).toHaveText('Photo uploaded.');
    const url = await form.getByLabel('Image (path or URL)').inputValue();
    expect(url).toMatch(/^\/api\/uploads\/[0-9a-f-]{36}\.png$/);
    await expect(form.getByRole('img', { name: 'Preview' })).toHaveAttribute('src', url);
    const photo = await request.get(url);
    expect(photo.headers()['content-type']).toBe('image/png');
    expect(photo.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
    expect((await photo.body()).equals(PNG_1x1)).toBe(true);
  });

  test('a text file renamed .png is refused by the server with a clear message', async ({ page }) => {
    await page.getByRole('button', { name: 'Add Editor' }).click();
    const form = addForm(page);
    await form
      .getByLabel('Or upload a photo')
      .setInputFiles({ name: 'notes.png', mimeType: 'image/png', buffer: TEXT_AS_PNG });
    await expect(form.getByRole('alert').first()).toHaveText(uploadMessages.wrongType);
    await expect(form.getByLabel('Image (path or URL)')).toHaveValue('');
  });

  test('a file over 2 MB or of another type is refused before it is sent', async ({ page }) => {
    let uploads = 0;
    await page.route('**/api/uploads', (route) => (uploads++, route.fallback()));
    await page.getByRole('button', { name: 'Add Editor' }).click();
    const form = addForm(page);
    await form
      .getByLabel('Or upload a photo')
      .setInputFiles({ name: 'big.png', mimeType: 'image/png', buffer: Buffer.alloc(UPLOAD_MAX_BYTES + 1) });
    await expect(form.getByRole('alert').first()).toHaveText(uploadMessages.tooLarge);
    await form
      .getByLabel('Or upload a photo')
      .setInputFiles({ name: 'doc.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4') });
    await expect(form.getByRole('alert').first()).toHaveText(uploadMessages.wrongType);
    expect(uploads).toBe(0);
  });
});

for (const width of [390, 1280]) {
  test(`the editors tab is axe clean at ${width} px, with the add form and an edit form open`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    await expect(card(page, 'Maya Chen')).toBeVisible();
    // The whole admin page once (its many cards make a scan slow); on a phone the parts its layout changes.
    await expectNoAxeViolations(
      page,
      width === 1280
        ? undefined
        : [
            'header',
            '[role="tablist"]',
            `${OPEN_TAB_PANEL} section > div:first-child`,
            `${OPEN_TAB_PANEL} [aria-label="Editors"] > li:first-child`,
          ],
    );
    await page.getByRole('button', { name: 'Add Editor' }).click();
    await page.getByRole('button', { name: 'Edit Maya Chen' }).click();
    await expect(page.getByRole('button', { name: 'Save Changes' })).toBeVisible();
    await expectNoAxeViolations(page, `${OPEN_TAB_PANEL} form`); // what opened
  });
}
