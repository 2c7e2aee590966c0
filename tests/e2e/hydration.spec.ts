/**
 * Nothing a visitor does before an island hydrates is lost (docs/decisions/015-no-input-lost-before-hydration.md).
 * Each island once: its scripts held back, the visitor acts at once, the scripts released, the result
 * checked once hydrated, with the CPU slowed 4x. No flow may log a
 * hydration mismatch, and no page may at 4x.
 */
import { expect, test, type Page } from '@playwright/test';
import { CHECKOUT_KEY, type CheckoutData } from '../../src/features/orders/islands/checkout-data';
import { CONTACT_SERVICE_OPTIONS } from '../../src/lib/catalogue';
import { formAnswerTexts, INQUIRY_SENT_PATH, SUBSCRIBED_PATH } from '../../src/lib/form-answers';
import { messages } from '../../src/lib/messages';
import { waitlistInstruction } from '#features/contact/opt-in';
import type { Order } from '../../src/features/orders/order';
import { samplePages } from '../../scripts/bench/built-pages';
import { expectNoAxeViolations } from '../helpers/axe';
import { signIn, uniqueEmail } from '../helpers/e2e-auth';
import { buy, MAYA, projectCard, tokenFor } from '../helpers/e2e-delivery';
import {
  holdIsland,
  holdScripts,
  hydratedAndIdle,
  islandsHydrated,
  slowCpu,
  unhydratedIslands,
  watchHydrationErrors,
} from '../helpers/hydration';
import { listStored, readStored } from '../helpers/stored';

const summary = (page: Page) => page.getByRole('region', { name: 'Order Summary' });
const box = (page: Page, name: string) => page.getByRole('checkbox', { name, exact: true });
const editorRadio = (page: Page, name: string) => page.getByRole('radio', { name: new RegExp(name) });
const serviceLabel = (id: string) => CONTACT_SERVICE_OPTIONS.find((o) => o.id === id)!.label;

/**
 * Opens `path` with its scripts held; answers the release, which slows the CPU 4x and lets the scripts
 * run. The islands have not hydrated yet. Slowed only from the release: before it no script runs, and a
 * slowed CPU costs CPU (Chromium's throttling kept these tests' CPU at twice an unslowed run's).
 */
async function openHeld(page: Page, path: string) {
  const release = await holdScripts(page);
  await page.goto(path, { waitUntil: 'commit' });
  // The HTML parsed to its end; on a loaded machine that took longer than the 15 s default.
  await expect(page.locator('footer')).toBeVisible({ timeout: 30_000 });
  return async () => {
    await slowCpu(page, 4);
    await release();
  };
}

/** Every control the visitor used was used before hydration: the islands still wait for their scripts. */
const expectNotHydrated = (page: Page) => expect(unhydratedIslands(page)).not.toHaveCount(0);

/** The editors list as the API serves it, changed by `edit` (an editor deleted or added since the build). */
async function editEditors(
  page: Page,
  edit: (editors: { id: string; name: string; slotsOpen: number }[]) => unknown[],
) {
  await page.route('**/api/database/editors', async (route) => {
    const response = await route.fetch();
    await route.fulfill({ response, json: edit(await response.json()) });
  });
}

// Scripts are held until the visitor has acted, so the order of events does not depend on the CPU;
// from their release the CPU is slowed 4x, which draws hydration out, where a race would show.
test.describe('at 4x CPU', () => {
  let hydrationErrors: string[];
  test.beforeEach(async ({ page }) => {
    hydrationErrors = watchHydrationErrors(page);
  });
  test.afterEach(async ({ page }) => {
    // A reload's editors list may still be on its way through editEditors when a test ends.
    await page.unrouteAll({ behavior: 'ignoreErrors' });
    expect(hydrationErrors).toEqual([]);
  });

  test.describe('/select-services', () => {
    test('services, an editor and add-ons picked before hydration survive it; of the two speed upgrades the later wins', async ({
      page,
    }) => {
      // Maya with a slot open, whatever tests before this one booked: the prices below are the usual ones.
      await editEditors(page, (editors) =>
        editors.map((e) => (e.id === MAYA.id ? { ...e, slotsOpen: Math.max(1, e.slotsOpen) } : e)),
      );
      const release = await openHeld(page, '/select-services');
      await box(page, 'Supplemental Essay Help (Small)').check();
      await editorRadio(page, 'Maya Chen').check();
      await box(page, '24-Hour Response').check();
      await box(page, '48-Hour Response').check();
      await expectNotHydrated(page);
      await release();
      await islandsHydrated(page);

      // The summary is React's: it shows only what reached the order store.
      await expect(summary(page)).toContainText('Supplemental Essay Help (Small)$75');
      await expect(summary(page)).toContainText('Maya Chen');
      await expect(summary(page)).toContainText('48-Hour Response');
      await expect(summary(page)).not.toContainText('24-Hour Response');
      await expect(page.getByTestId('order-total')).toHaveText('$325'); // $75 + $250
      await expect(box(page, '24-Hour Response')).not.toBeChecked();
      await expect(box(page, '48-Hour Response')).toBeChecked();
      await expect(box(page, 'Supplemental Essay Help (Small)')).toBeChecked();
      await expect(editorRadio(page, 'Maya Chen')).toBeChecked();

      // Stored for the session, so a reload keeps it.
      await page.reload();
      await expect(summary(page)).toContainText('Supplemental Essay Help (Small)$75');
      await expect(box(page, '48-Hour Response')).toBeChecked();
    });

    test('the summary hydrating after the pickers changed the order still matches its server HTML (React #418)', async ({
      page,
    }) => {
      // The pickers hydrate slowed while the summary waits: slowed from the start.
      await slowCpu(page, 4);
      const release = await holdIsland(page, 'OrderSummary');
      await page.goto('/select-services?service=activity-list', { waitUntil: 'commit' });
      // The pickers have hydrated and restored the order: the store is no longer what the build rendered.
      await expect(box(page, 'Activity List Editing')).toBeChecked();
      release();
      await expect(summary(page)).toContainText('Activity List Editing$100');
      await islandsHydrated(page);
    });

    test('the saved selection, then the link, then what the visitor picked while the page loaded', async ({ page }) => {
      await page.goto('/select-services?service=activity-list&editor=priya-nair');
      await expect(summary(page)).toContainText('Activity List Editing');
      await expect(summary(page)).toContainText('Priya Nair');

      const release = await openHeld(page, '/select-services?addon=community&editor=lucas-moreau');
      await box(page, 'Common App Essay Editing').check();
      await editorRadio(page, 'Ethan Park').check();
      await expectNotHydrated(page);
      await release();
      await islandsHydrated(page);

      await expect(summary(page)).toContainText('Activity List Editing'); // saved
      await expect(summary(page)).toContainText('Paid Community Access'); // the link
      await expect(summary(page)).toContainText('Common App Essay Editing'); // picked early
      await expect(summary(page)).toContainText('Ethan Park'); // picked early, after the link's editor
      await expect(editorRadio(page, 'Ethan Park')).toBeChecked();
      await expect(editorRadio(page, 'Lucas Moreau')).not.toBeChecked();
      await expect(page).toHaveURL('/select-services');
    });

    test('an editor picked before hydration who is gone from the live list is dropped, and the page says so', async ({
      page,
    }) => {
      await editEditors(page, (editors) => editors.filter((e) => e.id !== 'maya-chen'));
      const release = await openHeld(page, '/select-services');
      await editorRadio(page, 'Maya Chen').check();
      await release();
      await islandsHydrated(page);
      await expect(page.getByRole('status').filter({ hasText: messages.editorUnavailable })).toBeVisible();
      await expect(editorRadio(page, 'Maya Chen')).toHaveCount(0);
      await expect(summary(page)).toContainText('Not chosen');
      await editorRadio(page, 'Ethan Park').check();
      await expect(page.getByText(messages.editorUnavailable)).toHaveCount(0);
    });

    test('a link to an editor newer than the build applies once the live list is in, unless the visitor picked one first', async ({
      page,
    }) => {
      await editEditors(page, (editors) => [...editors, { ...editors[0], id: 'nora-quinn', name: 'Nora Quinn' }]);
      await page.goto('/select-services?editor=nora-quinn');
      await expect(editorRadio(page, 'Nora Quinn')).toBeChecked();
      await expect(summary(page)).toContainText('Nora Quinn');

      const release = await openHeld(page, '/select-services?editor=nora-quinn');
      await editorRadio(page, 'Ethan Park').check();
      await release();
      await islandsHydrated(page);
      await expect(summary(page)).toContainText('Ethan Park');
      await expect(editorRadio(page, 'Ethan Park')).toBeChecked();
      await expect(editorRadio(page, 'Nora Quinn')).not.toBeChecked();
    });
  });

  test('the account card says it is not ready until it is, then takes input', async ({ page }) => {
    const release = await openHeld(page, '/dashboard');
    await expect(page.getByText('Checking your sign-in...')).toBeVisible();
    await expect(page.getByLabel('Create Password')).toBeHidden();
    await release();
    await islandsHydrated(page);
    await page.getByLabel('Create Password').fill('secret-pass');
    await expect(page.getByLabel('Create Password')).toHaveValue('secret-pass');
  });

  test.describe('/contact', () => {
    test('what was typed, ticked and chosen before hydration survives it and is what the island sends', async ({
      page,
    }) => {
      const email = uniqueEmail('early');
      const release = await openHeld(page, '/contact');
      // The inquiry form; the consult booking below has fields of its own (consult.spec.ts).
      const main = page.getByRole('region', { name: 'Contact and Booking' });
      await main.getByLabel('Parent/Guardian Name').fill('Pat Rivera');
      await main.getByLabel('Student Name and Current Grade').fill('Sam Rivera, 11th Grade');
      await main.getByLabel('Intended Major').selectOption({ label: 'STEM' });
      await main.getByLabel('Select by major').selectOption({ label: 'Maya Chen - Computer Science' });
      await main.getByRole('checkbox', { name: serviceLabel('commonapp') }).check();
      await main.getByRole('textbox', { name: 'Email' }).fill(email);
      await main.getByLabel(/Additional Details/).fill('Three words here');
      await expectNotHydrated(page);
      await release();
      await islandsHydrated(page);

      // React's own output: the word count and the turnaround question follow what was typed and ticked.
      await expect(main.getByLabel(/Additional Details/)).toHaveAccessibleDescription('3 of 300 words');
      await expect(main.getByLabel('Preferred Turnaround')).toBeVisible();
      await main.getByLabel('Preferred Turnaround').selectOption('48hr');
      await main.getByRole('button', { name: 'Send Inquiry' }).click();
      await expect(main.getByRole('status')).toHaveText(messages.contactSuccess);
      await expect(page).toHaveURL('/contact');
      expect((await listStored<{ email: string }>('inquiries')).filter((i) => i.email === email)).toEqual([
        expect.objectContaining({
          parentName: 'Pat Rivera',
          studentInfo: 'Sam Rivera, 11th Grade',
          intendedMajor: 'stem',
          preferredEditor: 'maya-chen',
          services: ['commonapp'],
          turnaround: '48hr',
          details: 'Three words here',
        }),
      ]);
    });

    test('sent before hydration, it posts natively and lands on a confirmation page; nothing goes into a URL', async ({
      page,
    }) => {
      const email = uniqueEmail('native');
      const release = await openHeld(page, '/contact');
      // The inquiry form; the consult booking below has fields of its own (consult.spec.ts).
      const main = page.getByRole('region', { name: 'Contact and Booking' });
      await main.getByLabel('Parent/Guardian Name').fill('Kim Lee');
      await main.getByLabel('Student Name and Current Grade').fill('Alex Lee, 12th Grade');
      await main.getByLabel('Intended Major').selectOption({ label: 'Business' });
      await main.getByRole('checkbox', { name: serviceLabel('community') }).check();
      await main.getByRole('textbox', { name: 'Email' }).fill(email);
      const post = page.waitForRequest((req) => req.url().endsWith('/api/contact'));
      await main.getByRole('button', { name: 'Send Inquiry' }).click();
      expect((await post).method()).toBe('POST');
      await expect(page).toHaveURL(INQUIRY_SENT_PATH);
      await expect(page.getByRole('status').filter({ hasText: messages.contactSuccess })).toBeVisible();
      await release();
      expect(
        await listStored<{ email: string }>('inquiries').then((all) => all.filter((i) => i.email === email)),
      ).toEqual([
        expect.objectContaining({
          parentName: 'Kim Lee',
          intendedMajor: 'business',
          services: ['community'],
          preferredEditor: 'any',
          turnaround: 'standard',
        }),
      ]);
      await expectNoAxeViolations(page);
    });

    test('sent natively with a field missing: a page says what to fix, shows what was typed, and the way back keeps it', async ({
      page,
    }) => {
      const release = await openHeld(page, '/contact');
      // The inquiry form; the consult booking below has fields of its own (consult.spec.ts).
      const main = page.getByRole('region', { name: 'Contact and Booking' });
      await main.getByLabel('Parent/Guardian Name').fill('Pat Rivera');
      await main.getByLabel(/Additional Details/).fill('Please call after six.');
      await main.getByRole('button', { name: 'Send Inquiry' }).click();
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(formAnswerTexts.inquiryNotSent);
      await expect(page.getByRole('alert')).toContainText('Student Name and Current Grade is required');
      await expect(page.getByRole('alert')).toContainText('Email is required');
      await expect(page.getByText('Please call after six.')).toBeVisible();
      await expectNoAxeViolations(page);
      expect(page.url()).not.toContain('Pat');

      // Back: the browser fills the form in again as it finishes parsing it, and the island keeps it.
      await page.goBack({ waitUntil: 'commit' });
      await release();
      await islandsHydrated(page);
      await expect(page.getByRole('main').getByLabel(/Additional Details/)).toHaveAccessibleDescription(
        '4 of 300 words',
      );
      await expect(page.getByRole('main').getByLabel('Parent/Guardian Name')).toHaveValue('Pat Rivera');
    });
  });

  test.describe('the footer newsletter form', () => {
    test('submitted before its script runs, it posts, stores the address and answers a page; the address never enters a URL', async ({
      page,
    }) => {
      const email = uniqueEmail('reader');
      const release = await openHeld(page, '/pricing');
      const footer = page.getByRole('contentinfo');
      await footer.getByRole('textbox', { name: /tips in your inbox/ }).fill(email);
      const post = page.waitForRequest((req) => req.url().endsWith('/api/database/subscribe'));
      await footer.getByRole('button', { name: 'Subscribe' }).click();
      expect((await post).method()).toBe('POST');
      await expect(page).toHaveURL(SUBSCRIBED_PATH);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(formAnswerTexts.subscribed);
      await expect(page.getByRole('main').getByRole('status')).toHaveText(messages.subscribeSuccess);
      await release();
      await expectNoAxeViolations(page);
      // Active only once the address confirms through the mailed link.
      expect(await readStored('subscribers', encodeURIComponent(email))).toMatchObject({ email, pending: true });
      const visited = await page.evaluate(() => [location.href, document.referrer]);
      for (const url of visited) expect(url).not.toContain(encodeURIComponent(email).split('%40')[0]);
    });

    test('a malformed address posted before the script runs gets a page that says so, and the way back', async ({
      page,
    }) => {
      const release = await openHeld(page, '/pricing');
      const footer = page.getByRole('contentinfo');
      await footer.getByRole('textbox', { name: /tips in your inbox/ }).fill('not-an-address');
      await footer.getByRole('button', { name: 'Subscribe' }).click();
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(formAnswerTexts.notSubscribed);
      await expect(page.getByRole('alert')).toContainText(messages.emailInvalid);
      await expect(page.getByText('not-an-address')).toBeVisible();
      await expect(page.getByRole('link', { name: formAnswerTexts.backToPage })).toHaveAttribute('href', '/pricing');
      await expectNoAxeViolations(page);
      await release();
    });
  });

  test('the dashboard projects and the editor workspace offer nothing before they are ready; then a project link opens its project', async ({
    page,
    browser,
  }) => {
    const email = await signIn(page, uniqueEmail('early-projects'));
    const [id] = await buy(
      page.request,
      await tokenFor(page.request, email),
      [{ id: 'supplement-small', quantity: 1 }],
      MAYA.id,
    );

    const release = await openHeld(page, `/dashboard#project-${id}`);
    await expect(page.getByRole('status').filter({ hasText: 'Loading your projects...' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Your Projects' }).getByRole('button')).toHaveCount(0);
    await release();
    await islandsHydrated(page);
    await expect(projectCard(page, id).getByRole('heading', { name: 'Supplemental Essay Help (Small)' })).toBeFocused();
    await projectCard(page, id).getByRole('button', { name: 'Submit Draft' }).click();
    await projectCard(page, id).getByLabel('Essay prompt').fill('Why us?');
    await expect(projectCard(page, id).getByLabel('Essay prompt')).toHaveValue('Why us?');

    const context = await browser.newContext();
    const editor = await context.newPage();
    const editorErrors = watchHydrationErrors(editor);
    await signIn(editor, MAYA.email);
    const releaseEditor = await openHeld(editor, `/editor#project-${id}`);
    await expect(editor.getByRole('status').filter({ hasText: 'Loading your workspace...' })).toBeVisible();
    await releaseEditor();
    await islandsHydrated(editor);
    await expect(
      editor.getByRole('article').getByRole('heading', { name: 'Supplemental Essay Help (Small)' }),
    ).toBeFocused();
    expect(editorErrors).toEqual([]);
    await context.close();
  });

  test('checkout shows its fields disabled until it is ready, then takes input', async ({ page }) => {
    const data: CheckoutData = {
      services: [{ key: 'activity-list', title: 'Activity List Editing', price: 10000, quantity: 1 }],
      editor: {
        id: 'maya-chen',
        name: 'Maya Chen',
        college: 'Stanford University',
        major: 'Computer Science',
        slotsOpen: 3,
      },
      addOns: { community: false, speed24hr: false, speed48hr: false },
      total: 10000,
      userEmail: 'pat@example.com',
    };
    await page.addInitScript(([key, value]) => localStorage.setItem(key, value), [CHECKOUT_KEY, JSON.stringify(data)]);
    const release = await openHeld(page, '/checkout');
    await expect(page.getByLabel('Street Address')).toBeDisabled();
    await release();
    await islandsHydrated(page);
    await expect(page.getByTestId('total-due')).toHaveText('$100');
    await page.getByLabel('Street Address').fill('1 Main St');
    await expect(page.getByLabel('Street Address')).toHaveValue('1 Main St');
  });

  test('the test checkout says it is loading until its island is there', async ({ page }) => {
    await signIn(page, uniqueEmail('payer'));
    const order: Pick<Order, 'id' | 'totalCents' | 'serviceLines' | 'addOnLines'> & {
      student: Pick<Order['student'], 'parentName'>;
    } = {
      id: 'BCC-HYDR22',
      totalCents: 10000,
      serviceLines: [
        { id: 'activity-list', title: 'Activity List Editing', unitCents: 10000, quantity: 1, totalCents: 10000 },
      ],
      addOnLines: [],
      student: { parentName: 'Pat Rivera' },
    };
    await page.route('**/api/stripe/test-checkout/BCC-HYDR22', (route) => route.fulfill({ json: order }));
    const release = await openHeld(page, '/test-checkout?order=BCC-HYDR22&session_id=cs_test_hydr');
    await expect(page.getByRole('main').getByRole('status')).toHaveText('Loading...');
    await expect(page.getByRole('main').getByRole('textbox')).toHaveCount(0);
    await release();
    await expect(page.getByLabel('Card number')).toHaveValue('4242 4242 4242 4242');
    await expect(page.getByRole('button', { name: 'Pay $100' })).toBeEnabled();
  });

  test("the editors are in the page before any script; a full one's waitlist leads to the profile, which opens it", async ({
    page,
  }) => {
    const release = await openHeld(page, '/editors');
    const daniel = page.locator('article[data-editor="daniel-okafor"]');
    await expect(daniel).toContainText('Currently Full');
    await expect(page.getByRole('main').getByRole('button')).toHaveCount(0);
    // Before the script, 'Join Waitlist' is a link to the profile: pressing it is never lost.
    await daniel.getByRole('link', { name: 'Join Waitlist with Daniel Okafor' }).click();
    await page.waitForURL('**/editors/daniel-okafor#waitlist', { waitUntil: 'commit' });
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Daniel Okafor');
    await expect(page.getByRole('button', { name: /Join Waitlist/ })).toBeDisabled();
    await release();
    await islandsHydrated(page);
    // The profile's box opens the waitlist the visitor asked for.
    await expect(page.getByRole('dialog')).toHaveAccessibleName('Join the waitlist for Daniel Okafor');
    await page.getByRole('dialog').getByRole('textbox').fill(uniqueEmail('wait'));
    await page.getByRole('dialog').getByRole('button', { name: 'Join Waitlist' }).click();
    // The address is mailed a link to confirm; from there the visitor may go on to order.
    await expect(page.getByRole('dialog').getByRole('status')).toHaveText(waitlistInstruction('Daniel Okafor'));
    await page.getByRole('dialog').getByRole('link', { name: 'Choose your services' }).click();
    await page.waitForURL('**/select-services**');
    await expect(editorRadio(page, 'Daniel Okafor')).toBeChecked();
  });
});

test.describe('before any script runs', () => {
  test.use({ javaScriptEnabled: false });

  // An island's control that is usable before hydration must keep what it is given (the tests above);
  // every other one is hidden or disabled until its island is ready. One page visit for both checks, each
  // soft and named by its page, so a failure lists every page that fails. (A test a page, each with a
  // browser context of its own, cost these checks about twice the CPU.)
  const KEPT = ['/select-services', '/contact'];
  test('no island offers a control that would drop input, and every form posts: none falls back to GET', async ({
    page,
  }) => {
    for (const { route } of samplePages()) {
      await page.goto(route);
      if (!KEPT.includes(route)) {
        const usable = page
          .locator('astro-island')
          .locator('input, select, textarea, button')
          .filter({ visible: true });
        const enabled = await usable.evaluateAll((els) =>
          els.filter((el) => !el.matches(':disabled')).map((el) => el.outerHTML.slice(0, 80)),
        );
        expect.soft(enabled, `${route}: no island offers a control that would drop input`).toEqual([]);
      }
      const methods = await page
        .locator('form')
        .evaluateAll((forms) => forms.map((f) => (f as HTMLFormElement).method));
      expect
        .soft(
          methods.filter((m) => m !== 'post'),
          `${route}: every form posts`,
        )
        .toEqual([]);
    }
  });
});

// No page may report a hydration mismatch with the CPU slowed 4x, signed out or signed in: one test a
// page, so each has the test limit to itself and a failure names its page.
test.describe('no hydration mismatch with the CPU slowed 4x', () => {
  let errors: string[];
  test.beforeEach(async ({ page }) => {
    errors = watchHydrationErrors(page);
    await slowCpu(page, 4);
  });
  test.afterEach(() => expect(errors).toEqual([]));

  // A page without an island hydrates nothing: there is no mismatch to look for on it.
  for (const { route } of samplePages().filter(({ html }) => html.includes('<astro-island'))) {
    test(`${route}, signed out`, async ({ page }) => {
      await page.goto(route);
      await hydratedAndIdle(page);
    });
  }

  test('signed in, with a saved selection, projects and the community invite', async ({ page }) => {
    test.slow(); // seven pages at 4x
    // The session and the order reach the stores before some islands hydrate.
    const email = await signIn(page, uniqueEmail('slow'));
    await page.goto('/select-services?service=activity-list&editor=maya-chen&addon=community');
    await hydratedAndIdle(page);
    await expect(page.getByText('Logged in as')).toBeVisible();
    // Projects on the dashboard, and the community invite, render from the session and the API.
    await buy(page.request, await tokenFor(page.request, email), [{ id: 'common-app-essay', quantity: 1 }], MAYA.id, [
      'community',
    ]);
    for (const route of ['/select-services', '/dashboard', '/editor', '/contact', '/editors', '/']) {
      await page.goto(route);
      await hydratedAndIdle(page);
    }
  });
});
