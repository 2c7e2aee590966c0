/**
 * /editors: every editor from the API, the open and the full card, the built cards replaced by the
 * live list (no layout shift), the empty state and a failed refresh, the waitlist dialog end to end,
 * and the phone layout.
 */
import { expect, test, type Page } from '@playwright/test';
import { waitlistKey } from '#features/waitlist/server/waitlist.repo';
import { DEMO_EDITORS } from '../../src/features/editors/server/seed';
import { messages } from '../../src/lib/messages';
import { optInTexts, waitlistInstruction } from '#features/contact/opt-in';
import { expectNoAxeViolations } from '../helpers/axe';
import { confirmLinkMailedTo } from '../helpers/e2e-newsletter';
import { readStored } from '../helpers/stored';
import { expectLoaded, warmUpFunctions } from '../helpers/warm-up';
import { editorsAsBuilt, withBuildSlots, withOpenSlot } from '../helpers/e2e-admin';
import { layoutShift } from '../helpers/layout-shift';

// Maya is read as an open editor (her card, her usual prices), whatever ran before on this site.
test.beforeEach(({ request }) => withOpenSlot(request, 'maya-chen'));

const EDITORS_API = '**/api/database/editors';
const card = (page: Page, id: string) => page.locator(`article[data-editor="${id}"]`);
const dialog = (page: Page) => page.getByRole('dialog');

/** Holds the editors request until the test releases it, then answers it as built: the shift measured is the swap's alone. */
async function holdEditors(page: Page) {
  let release!: () => void;
  const held = new Promise<void>((r) => (release = r));
  await page.route(EDITORS_API, async (route) => {
    await held;
    const response = await route.fetch();
    const json = editorsAsBuilt((await response.json()) as { id: string }[]);
    await route.fulfill({ response, json });
  });
  return release;
}

test.beforeAll(({ request }) => warmUpFunctions(request, { waitlist: true }));

test('every editor from the server, in order, each with their facts', async ({ page, request }) => {
  // The demo's editors, and any a test before this one in the same site added and showed.
  const api = (await (await request.get('/api/database/editors')).json()) as { id: string; name: string }[];
  await page.goto('/editors');
  const cards = page.locator('article[data-editor]');
  await expectLoaded(cards).toHaveCount(api.length);
  expect(await cards.evaluateAll((els) => els.map((e) => (e as HTMLElement).dataset.editor))).toEqual(
    api.map((e) => e.id),
  );
  await expect(cards.getByRole('heading', { level: 2 })).toHaveText(api.map((e) => e.name));
  expect(api.map((e) => e.name)).toEqual(expect.arrayContaining(DEMO_EDITORS.map((e) => e.name)));
});

test('an open editor: photo, facts, SAT, slots and Reserve a Slot', async ({ page, request }) => {
  // Other tests on this site may have bought one of Maya's slots: the card shows what the server says.
  const editors = (await (await request.get('/api/database/editors')).json()) as { id: string; slotsOpen: number }[];
  const open = editors.find((e) => e.id === 'maya-chen')!.slotsOpen;
  expect(open).toBeGreaterThan(0);
  await page.goto('/editors');
  const maya = card(page, 'maya-chen');
  const img = maya.locator('img');
  await expectLoaded(img).toHaveAttribute('src', '/editors/maya-chen.svg');
  await expect(img).toHaveAttribute('width', '72');
  await expect(img).toHaveAttribute('height', '72');
  await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.naturalWidth)).toBeGreaterThan(0);
  for (const text of [
    'Maya Chen',
    'Stanford University',
    'Computer Science',
    'SAT',
    '1560',
    'GPA',
    '4.0',
    'Founded a coding club',
    'Turning technical passion',
    `Slots Open: ${open}/5`,
  ]) {
    await expect(maya).toContainText(text);
  }
  await expect(maya.getByRole('link', { name: 'Reserve a Slot with Maya Chen' })).toHaveAttribute(
    'href',
    '/select-services?editor=maya-chen',
  );
  await expect(maya).not.toContainText('Currently Full');
  await expect(maya.getByRole('button')).toHaveCount(0);
});

test('a score under 100 is labelled ACT', async ({ page }) => {
  await page.goto('/editors');
  const sofia = card(page, 'sofia-ramirez');
  await expectLoaded(sofia.locator('dt')).toHaveText(['Major', 'ACT', 'GPA']);
  await expect(sofia.locator('dd').nth(1)).toHaveText('35');
});

test('a full editor: Currently Full, the 1.5x note, Join Waitlist and Reserve Overflow Slot', async ({ page }) => {
  await page.goto('/editors');
  const daniel = card(page, 'daniel-okafor');
  await expectLoaded(daniel).toContainText('Slots Open: 0/5');
  await expect(daniel).toContainText('Currently Full');
  await expect(daniel).toContainText('1.5x');
  await expect(daniel.getByRole('button', { name: 'Join Waitlist with Daniel Okafor' })).toBeVisible();
  await expect(daniel.getByRole('link', { name: 'Reserve Overflow Slot with Daniel Okafor' })).toHaveAttribute(
    'href',
    '/select-services?editor=daniel-okafor',
  );
  await expect(daniel.getByRole('link', { name: /Reserve a Slot/ })).toHaveCount(0);
});

for (const width of [390, 1280]) {
  test(`the built cards are there before the live list, which replaces them without a shift (${width} px)`, async ({
    page,
    request,
  }) => {
    await withBuildSlots(request); // the live list as the build knew it, but for what is measured here
    await page.setViewportSize({ width, height: 900 });
    const release = await holdEditors(page);
    await page.goto('/editors');
    const cards = page.locator('article[data-editor]');
    await expect(cards).toHaveCount(DEMO_EDITORS.length);
    await expect(page.locator('[data-skeleton]')).toHaveCount(0);
    await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
    const before = (await card(page, 'ethan-park').boundingBox())!;
    const served = page.waitForResponse(EDITORS_API);
    release();
    await served;
    await expect(card(page, 'daniel-okafor').getByRole('button', { name: /Join Waitlist/ })).toBeVisible();
    expect((await card(page, 'ethan-park').boundingBox())!).toEqual(before);
    expect(await layoutShift(page)).toBeLessThan(0.01);
  });
}

test('no editors: an empty state that points to the contact page', async ({ page }) => {
  await page.route(EDITORS_API, (route) => route.fulfill({ json: [] }));
  await page.goto('/editors');
  await expectLoaded(page.getByText('No editors are listed right now')).toBeVisible();
  await expect(page.getByRole('link', { name: 'tell us what you need' })).toHaveAttribute('href', '/contact');
  await expect(page.locator('article[data-editor], [data-skeleton]')).toHaveCount(0);
});

test('a failed refresh is logged and keeps the editors the page was built with', async ({ page }) => {
  const errors: string[] = [];
  page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
  await page.route(EDITORS_API, (route) => route.fulfill({ status: 500, json: { error: 'boom' } }));
  const failed = page.waitForResponse(EDITORS_API);
  await page.goto('/editors');
  await failed;
  await expect.poll(() => errors.some((e) => e.includes('Could not load editors'))).toBe(true);
  await expect(page.locator('article[data-editor]')).toHaveCount(DEMO_EDITORS.length);
  await expect(page.getByRole('alert').filter({ hasText: 'could not load our editors' })).toHaveCount(0);
});

test.describe('the waitlist dialog', () => {
  const open = async (page: Page) => {
    await page.goto('/editors');
    const opener = card(page, 'daniel-okafor').getByRole('button', { name: /Join Waitlist/ });
    await expectLoaded(opener).toBeVisible();
    await opener.click();
    await expect(dialog(page)).toBeVisible();
    return opener;
  };

  test('is labelled, takes focus, traps Tab and closes on Escape back to its button', async ({ page }) => {
    const opener = await open(page);
    await expect(dialog(page)).toHaveAccessibleName('Join the waitlist for Daniel Okafor');
    // A native <dialog> opened with showModal(): the rest of the page is inert.
    expect(await dialog(page).evaluate((d) => d.matches(':modal'))).toBe(true);
    const email = dialog(page).getByRole('textbox', { name: 'Email address' });
    await expect(email).toBeFocused();
    await expect(email).toHaveAttribute('type', 'email');
    await expect(email).toHaveAttribute('required', '');

    await page.keyboard.press('Tab');
    await expect(dialog(page).getByRole('button', { name: 'Cancel' })).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(dialog(page).getByRole('button', { name: 'Join Waitlist' })).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(email).toBeFocused();
    await page.keyboard.press('Shift+Tab');
    await expect(dialog(page).getByRole('button', { name: 'Join Waitlist' })).toBeFocused();

    await page.keyboard.press('Escape');
    await expect(dialog(page)).toHaveCount(0);
    await expect(opener).toBeFocused();
  });

  test('Cancel closes it without sending anything', async ({ page }) => {
    const posts: string[] = [];
    page.on('request', (r) => r.url().includes('/api/waitlist') && posts.push(r.method()));
    await open(page);
    await dialog(page).getByRole('textbox').fill('cancel@example.com');
    await dialog(page).getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog(page)).toHaveCount(0);
    expect(posts).toEqual([]);
  });

  test('an empty submit does nothing; a malformed address is refused', async ({ page }) => {
    const posts: string[] = [];
    page.on('request', (r) => r.url().includes('/api/waitlist') && posts.push(r.method()));
    await open(page);
    const submit = dialog(page).getByRole('button', { name: 'Join Waitlist' });
    await submit.click();
    await dialog(page).getByRole('textbox').fill('   ');
    await submit.click();
    await expect(dialog(page)).toBeVisible();
    await expect(dialog(page).getByRole('alert')).toBeEmpty();
    await expect(page).toHaveURL(/\/editors$/);
    await dialog(page).getByRole('textbox').fill('not an email');
    await submit.click();
    await expect(dialog(page).getByRole('alert')).toHaveText(messages.emailInvalid);
    expect(posts).toEqual([]);
  });

  test('a good address is mailed a link; the dialog says to confirm; only the link puts it on the list', async ({
    page,
  }) => {
    const email = `waiting-${Date.now()}@example.com`;
    const key = waitlistKey('daniel-okafor', email);
    await open(page);
    await dialog(page).getByRole('textbox').fill(`  ${email.toUpperCase()} `);
    await dialog(page).getByRole('button', { name: 'Join Waitlist' }).click();
    await expect(dialog(page).getByRole('status')).toHaveText(waitlistInstruction('Daniel Okafor'));
    await expect(dialog(page).getByRole('link', { name: 'Choose your services' })).toBeFocused();
    await expectNoAxeViolations(page);
    expect(await readStored('waitlist', key)).toBeNull();

    const link = await confirmLinkMailedTo(email);
    await page.goto(`${link.pathname}${link.search}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(optInTexts.waitlist.askTitle('Daniel Okafor'));
    await page.getByRole('button', { name: optInTexts.confirmButton }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(optInTexts.waitlist.doneTitle);
    expect(await readStored('waitlist', key)).toMatchObject({
      email,
      editorId: 'daniel-okafor',
      editorName: 'Daniel Okafor',
    });

    // From the dialog the visitor may go on to order, with the editor chosen.
    await open(page);
    await dialog(page).getByRole('textbox').fill(email);
    await dialog(page).getByRole('button', { name: 'Join Waitlist' }).click();
    await dialog(page).getByRole('link', { name: 'Choose your services' }).click();
    await page.waitForURL('**/select-services**');
    await expect(page.getByRole('radio', { name: /Daniel Okafor/ })).toBeChecked();
  });

  test('while saving the button is busy; a failure keeps the dialog open with a message', async ({ page }) => {
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    await page.route('**/api/waitlist', async (route) => {
      await held;
      await route.fulfill({ status: 500, json: { error: 'boom' } });
    });
    await open(page);
    await dialog(page).getByRole('textbox').fill('fails@example.com');
    await dialog(page).getByRole('button', { name: 'Join Waitlist' }).click();
    await expect(dialog(page).getByRole('button', { name: 'Joining...' })).toBeDisabled();
    release();
    await expect(dialog(page).getByRole('alert')).toHaveText('We could not add you to the waitlist. Please try again.');
    await expect(dialog(page).getByRole('textbox')).toHaveValue('fails@example.com');
    await expect(page).toHaveURL(/\/editors$/);
  });
});

test('on a phone the cards stack in one full-width column and the dialog fits the screen', async ({
  page,
  request,
}) => {
  // The demo's editors, and any a test before this one in the same shard added and showed.
  const listed = (await (await request.get('/api/database/editors')).json()) as unknown[];
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/editors');
  const cards = page.locator('article[data-editor]');
  await expectLoaded(cards).toHaveCount(listed.length);
  const boxes = await cards.evaluateAll((els) => els.map((e) => e.getBoundingClientRect().toJSON() as DOMRect));
  for (const box of boxes) {
    expect(box.x).toBe(boxes[0].x);
    expect(box.width).toBeGreaterThan(340);
  }
  for (let i = 1; i < boxes.length; i++) expect(boxes[i].y).toBeGreaterThan(boxes[i - 1].y + boxes[i - 1].height - 1);
  const reserve = card(page, 'maya-chen').getByRole('link', { name: /Reserve a Slot/ });
  expect((await reserve.boundingBox())!.height).toBeGreaterThanOrEqual(44);

  await card(page, 'daniel-okafor')
    .getByRole('button', { name: /Join Waitlist/ })
    .click();
  const box = (await dialog(page).boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(390);
  expect(box.height).toBeLessThan(844);
});
