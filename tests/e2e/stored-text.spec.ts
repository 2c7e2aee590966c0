/**
 * Stored text is rendered as text: an editor whose every field is markup shows that markup literally
 * on every page that shows editors (and in the orders made with it), and nothing is injected: no
 * element, no script, no dialog. The Content-Security-Policy would block an inline handler anyway, so
 * the test looks for injected elements, not only for scripts that ran.
 */
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import type { EditorInput } from '../../src/features/editors/editor-rules';
import { samplePages } from '../../scripts/bench/built-pages';
import { adminToken, deleteEditors, openAdmin } from '../helpers/e2e-admin';
import { signIn, uniqueEmail } from '../helpers/e2e-auth';
import { islandsHydrated } from '../helpers/hydration';
import { fillCheckout } from '../helpers/e2e-checkout';

const HOSTILE = {
  name: `<script>window.__xss=1</script>"><img src=x onerror=window.__xss=1> ${Date.now()}`,
  image: '',
  college: '"><img src=x onerror=alert(1)>',
  major: '<svg onload=alert(1)>',
  sat: '"><b onclick=x>1</b>',
  gpa: "'><i>4</i>",
  ecs: '<iframe src="javascript:alert(1)"></iframe>',
  strengths: '<script>alert(document.cookie)</script>',
  slotsOpen: 2,
  totalSlots: 5,
  featured: { home: true, about: true },
} satisfies EditorInput;

/** Anything the hostile fields would create if they were parsed as HTML, or a sign that script ran. */
async function expectNothingInjected(page: Page) {
  const injected = await page.evaluate(() => ({
    ran: (window as unknown as { __xss?: number }).__xss !== undefined,
    elements: document.querySelectorAll('img[src="x"], svg[onload], b[onclick], iframe, main i').length,
    scripts: [...document.scripts].filter((s) => /__xss|alert\(/.test(s.text)).length,
  }));
  expect(injected).toEqual({ ran: false, elements: 0, scripts: 0 });
}

function failOnDialog(page: Page) {
  page.on('dialog', (dialog) => {
    throw new Error(`A dialog opened: ${dialog.message()}`);
  });
}

let editorId: string;

async function createHostileEditor(request: APIRequestContext) {
  const res = await request.post('/api/database/editors', {
    data: HOSTILE,
    headers: { Authorization: `Bearer ${await adminToken(request)}` },
  });
  expect(res.status()).toBe(201);
  return (await res.json()).id as string;
}

test.describe.configure({ mode: 'serial' });

test.beforeAll(async ({ request }) => {
  editorId = await createHostileEditor(request);
});
test.afterAll(async ({ request }) => {
  await deleteEditors(request, [editorId]);
});

test('no page of the site injects anything from the stored editor', async ({ page }) => {
  failOnDialog(page);
  for (const { route } of samplePages()) {
    await page.goto(route);
    await page.waitForLoadState('networkidle');
    await expectNothingInjected(page);
  }
});

test('/select-services and /contact show the editor as text', async ({ page }) => {
  failOnDialog(page);
  await page.goto('/select-services');
  const card = page.getByRole('radio', { name: HOSTILE.name });
  await expect(card).toBeVisible();
  await expect(page.getByText(HOSTILE.college, { exact: true })).toBeVisible();
  await expect(page.getByText(HOSTILE.major, { exact: true })).toBeVisible();
  await expectNothingInjected(page);

  await page.goto('/contact');
  await islandsHydrated(page); // the live list comes with the form's script
  await expect(
    page
      .getByLabel('Preferred Editor (Select by major)')
      .getByRole('option', { name: `${HOSTILE.name} - ${HOSTILE.major}` }),
  ).toBeAttached();
  await expectNothingInjected(page);
});

test('an order with the editor shows it as text at checkout, payment, confirmation and on the dashboard', async ({
  page,
}) => {
  failOnDialog(page);
  await signIn(page, uniqueEmail('xss'));
  await page.goto(`/select-services?service=activity-list&editor=${editorId}`);
  await expect(page.getByText('Logged in as')).toBeVisible();
  await islandsHydrated(page);
  await expect(page.getByRole('region', { name: 'Order Summary' })).toContainText(HOSTILE.name);
  await page.getByRole('button', { name: 'Proceed to Checkout' }).click();

  await expect(page.getByText(HOSTILE.name, { exact: true })).toBeVisible();
  await expect(page.getByText(HOSTILE.college, { exact: true })).toBeVisible();
  await expectNothingInjected(page);
  await fillCheckout(page);
  await page.getByRole('button', { name: /Proceed to Payment/ }).click();

  await expect(page).toHaveURL(/\/test-checkout\?/);
  await expectNothingInjected(page);
  await page.getByRole('button', { name: /^Pay / }).click();

  await expect(page.getByRole('heading', { name: 'Payment Successful!' })).toBeVisible();
  await expect(page.getByText(HOSTILE.name, { exact: true })).toBeVisible();
  await expect(page.getByText(HOSTILE.major, { exact: true })).toBeVisible();
  await expectNothingInjected(page);

  await page.getByRole('link', { name: 'View My Dashboard' }).click();
  await expect(page.getByText(`Editor: ${HOSTILE.name}`, { exact: false })).toBeVisible();
  await expectNothingInjected(page);
});

test('the admin editor list shows every field as text', async ({ page, request }) => {
  failOnDialog(page);
  await openAdmin(page, request, '/admin?tab=editors');
  await expect(page.getByRole('heading', { name: HOSTILE.name })).toBeVisible();
  for (const text of [HOSTILE.college, HOSTILE.major, HOSTILE.sat, HOSTILE.gpa])
    await expect(page.getByText(text, { exact: true })).toBeVisible();
  await expect(page.getByText(HOSTILE.ecs)).toBeVisible();
  await expect(page.getByText(HOSTILE.strengths)).toBeVisible();
  await expectNothingInjected(page);
});
