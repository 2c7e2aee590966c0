import { expect, test, type Page } from '@playwright/test';
import { messages } from '../../src/lib/messages';
import { expectNoAxeViolations } from '../helpers/axe';
import { register, signIn, uniqueEmail } from '../helpers/e2e-auth';
import { fillCheckout } from '../helpers/e2e-checkout';
import { islandsHydrated } from '../helpers/hydration';
import { readStored } from '../helpers/stored';
import { withOpenSlot } from '../helpers/e2e-admin';
import { keepScreenshot } from '../helpers/screens';

// Maya is read as an open editor (her card, her usual prices), whatever ran before on this site.
test.beforeEach(({ request }) => withOpenSlot(request, 'maya-chen'));

const summary = (page: Page) => page.getByRole('region', { name: 'Order Summary' });
const total = (page: Page) => page.getByTestId('order-total');

async function signUp(page: Page) {
  await register(page, uniqueEmail('buyer'));
  await expect(page.getByText('Logged in as')).toBeVisible();
}

/** Opens `path` signed in as a new customer: a stored session, for tests whose subject is not signing up. */
async function openSignedIn(page: Page, path: string) {
  await signIn(page, uniqueEmail('buyer'));
  await page.goto(path);
  await expect(page.getByText('Logged in as')).toBeVisible();
  await islandsHydrated(page);
}

test('a new customer buys, pays with 4242, sees the confirmation and the dashboard, and now owns the add-on', async ({
  page,
}) => {
  test.setTimeout(test.info().timeout * 2.5); // the whole purchase, with three axe scans, in one test
  await page.goto('/select-services?service=supplement-large&editor=maya-chen&addon=community');
  await signUp(page);
  await expect(page.getByRole('checkbox', { name: 'Supplemental Essay Help (Large)', exact: true })).toBeChecked();
  await page.getByRole('button', { name: 'More Supplemental Essay Help (Large)' }).click();
  await expect(summary(page)).toContainText('Supplemental Essay Help (Large) × 2');
  await expect(summary(page)).toContainText('Maya Chen');
  await expect(total(page)).toHaveText('$250'); // 2 x $100 + $50 community
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'Proceed to Checkout' }).click();

  await expect(page).toHaveURL('/checkout');
  await expect(page.getByTestId('total-due')).toHaveText('$250');
  await fillCheckout(page);
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'Proceed to Payment - $250' }).click();

  await expect(page).toHaveURL(/\/test-checkout\?order=BCC-[A-Z2-9]{6}&session_id=cs_test_local_/);
  await expect(page.getByLabel('Card number')).toHaveValue('4242 4242 4242 4242');
  await page.getByRole('button', { name: 'Pay $250' }).click();

  await expect(page).toHaveURL(/\/order-confirmation\?order=BCC-/);
  await expect(page.getByRole('heading', { name: 'Payment Successful!' })).toBeVisible();
  await expect(page.getByText('Thank you, Pat Rivera! We received your payment of $250.')).toBeVisible();
  await expect(page.getByText('11th Grade')).toBeVisible();
  const orderId = new URL(page.url()).searchParams.get('order')!;
  await expect(page.getByText(`Order ID: ${orderId}`)).toBeVisible();
  await expect(page.getByRole('heading', { name: 'What Happens Next?' })).toBeVisible();
  await expectNoAxeViolations(page);
  expect(await readStored('orders', orderId)).toMatchObject({ status: 'paid', totalCents: 25000 });

  // A reload still shows it: the page reads the order from the server.
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Payment Successful!' })).toBeVisible();

  await page.getByRole('link', { name: 'View My Dashboard' }).click();
  await expect(page.getByRole('link', { name: orderId })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Your one-time add-ons' }).getByRole('listitem').first()).toHaveText(
    'Community Access (Lifetime)Owned',
  );

  await page.goto('/select-services');
  const community = page.getByRole('checkbox', { name: 'Paid Community Access OWNED' });
  await expect(community).toBeChecked();
  await expect(community).toBeDisabled();
  await expect(page.getByText('OWNED', { exact: true })).toBeVisible();
  await expect(summary(page)).toContainText('Paid Community Access (Owned)');
});

test('the decline card is refused and nothing is charged', async ({ page }) => {
  await openSignedIn(page, '/select-services?service=activity-list&editor=sofia-ramirez');
  await page.getByRole('button', { name: 'Proceed to Checkout' }).click();
  await fillCheckout(page);
  await page.getByRole('button', { name: /Proceed to Payment/ }).click();
  await page.getByLabel('Card number').fill('4000 0000 0000 0002');
  await page.getByRole('button', { name: 'Pay $100' }).click();
  await expect(page.getByRole('main').getByRole('alert')).toHaveText('Your card was declined.');
  const orderId = new URL(page.url()).searchParams.get('order')!;
  expect(await readStored('orders', orderId)).toMatchObject({ status: 'pending' });
});

test("at 390 px, by keyboard: after a declined card the dashboard says 'Payment declined', and another card pays", async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 900 });
  await openSignedIn(page, '/select-services?service=activity-list&editor=sofia-ramirez');
  await page.getByRole('button', { name: 'Proceed to Checkout' }).click();
  await fillCheckout(page);
  await page.getByRole('button', { name: /Proceed to Payment/ }).click();
  await page.getByLabel('Card number').fill('4000 0000 0000 0002');
  await page.getByRole('button', { name: 'Pay $100' }).click();
  await expect(page.getByRole('main').getByRole('alert')).toHaveText('Your card was declined.');
  const orderId = new URL(page.url()).searchParams.get('order')!;
  expect(await readStored('orders', orderId)).toMatchObject({
    status: 'pending',
    declined: { reason: 'Your card was declined.' },
  });

  await page.goto('/dashboard');
  const unpaid = page.getByRole('region', { name: 'Payment declined' });
  await expect(unpaid).toContainText('Your card was declined. Nothing was charged');
  await expect(unpaid).toContainText(orderId);
  await expect(page.getByText('Payment declined', { exact: true }).first()).toBeVisible();
  await expectNoAxeViolations(page);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await keepScreenshot(page, 'payment-declined-390', { fullPage: true });

  await unpaid.getByRole('button', { name: 'Complete Payment' }).focus();
  await page.keyboard.press('Enter');
  await page.waitForURL(/\/test-checkout/);
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByRole('button', { name: 'Pay $100' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'Payment Successful!' })).toBeVisible();
  expect(await readStored('orders', orderId)).toMatchObject({ status: 'paid' });
});

test.describe('select-services rules', () => {
  test('signed out: the yellow note and why the button is disabled', async ({ page }) => {
    await page.goto('/select-services?service=common-app-essay&editor=maya-chen');
    await expect(summary(page)).toContainText('Please log in above to proceed to checkout');
    await expect(page.getByRole('button', { name: 'Proceed to Checkout' })).toBeDisabled();
    await expect(page.getByRole('button', { name: 'Proceed to Checkout' })).toHaveAccessibleDescription(
      messages.loginToCheckout,
    );
    await expectNoAxeViolations(page);
  });

  test('signed in: a service and an editor are needed', async ({ page }) => {
    await openSignedIn(page, '/select-services');
    const proceed = page.getByRole('button', { name: 'Proceed to Checkout' });
    await expect(proceed).toHaveAccessibleDescription(messages.selectServiceAndEditor);
    await page.getByRole('checkbox', { name: 'Activity List Editing', exact: true }).check();
    await expect(proceed).toBeDisabled();
    await page.getByRole('radio', { name: /Ethan Park/ }).check();
    await expect(proceed).toBeEnabled();
    await expect(total(page)).toHaveText('$100');
  });

  test('query parameters preselect; unknown values are ignored', async ({ page }) => {
    await page.goto('/select-services?service=paid-community&editor=lucas-moreau');
    await expect(page.getByRole('checkbox', { name: 'Paid Community Access', exact: true })).toBeChecked();
    await expect(page.getByRole('radio', { name: /Lucas Moreau/ })).toBeChecked();
    await page.goto('/select-services?addon=speed24hr&service=not-a-service&editor=nobody');
    await expect(page.getByRole('checkbox', { name: '24-Hour Response', exact: true })).toBeChecked();
    // The earlier choices are remembered for the session.
    await expect(page.getByRole('radio', { name: /Lucas Moreau/ })).toBeChecked();
    await expect(page.getByRole('checkbox', { checked: true })).toHaveCount(2);
  });

  test('the stepper: minimum 1, typed values sanitised, deselecting resets; no stepper for the Common App', async ({
    page,
  }) => {
    await page.goto('/select-services?service=supplement-small');
    const fewer = page.getByRole('button', { name: 'Fewer Supplemental Essay Help (Small)' });
    const quantity = page.getByLabel('Quantity');
    await expect(fewer).toBeDisabled();
    await page.getByRole('button', { name: 'More Supplemental Essay Help (Small)' }).click();
    await page.getByRole('button', { name: 'More Supplemental Essay Help (Small)' }).click();
    await expect(quantity).toHaveValue('3');
    await expect(fewer).toBeEnabled();
    await quantity.fill('-4');
    await expect(quantity).toHaveValue('1');
    await quantity.fill('12');
    await expect(summary(page)).toContainText('Supplemental Essay Help (Small) × 12');
    await page.getByRole('checkbox', { name: 'Supplemental Essay Help (Small)', exact: true }).uncheck();
    await page.getByRole('checkbox', { name: 'Supplemental Essay Help (Small)', exact: true }).check();
    await expect(quantity).toHaveValue('1');
    await page.getByRole('checkbox', { name: 'Common App Essay Editing', exact: true }).check();
    await expect(page.getByRole('button', { name: 'More Common App Essay Editing' })).toHaveCount(0);
  });

  test('24-hour and 48-hour exclude each other', async ({ page }) => {
    await page.goto('/select-services');
    await page.getByRole('checkbox', { name: '24-Hour Response', exact: true }).check();
    await page.getByRole('checkbox', { name: '48-Hour Response', exact: true }).check();
    await expect(page.getByRole('checkbox', { name: '24-Hour Response', exact: true })).not.toBeChecked();
    await expect(page.getByRole('checkbox', { name: '48-Hour Response', exact: true })).toBeChecked();
  });

  test('a full editor’s services cost 1.5x, exactly', async ({ page }) => {
    await page.goto('/select-services?service=supplement-small&addon=community');
    // A pick before the pickers hydrate is hydration.spec.ts's case; here the price is the subject.
    await islandsHydrated(page);
    await page.getByRole('radio', { name: /Daniel Okafor/ }).check();
    await expect(page.getByRole('radio', { name: /Daniel Okafor/ })).toHaveAccessibleName(/Overbooked/);
    await expect(total(page)).toHaveText('$162.50'); // $112.50 + $50
    await page.getByRole('radio', { name: /Maya Chen/ }).check();
    await expect(total(page)).toHaveText('$125');
  });

  test('the selection survives a reload', async ({ page }) => {
    await page.goto('/select-services?service=activity-list&editor=priya-nair');
    // A reload before the pickers hydrate is hydration.spec.ts's case; here the cart holds the tick first.
    await islandsHydrated(page);
    await page.getByRole('checkbox', { name: 'Paid Community Access', exact: true }).check();
    await expect(summary(page)).toContainText('Paid Community Access');
    await page.reload();
    await expect(page.getByRole('checkbox', { name: 'Activity List Editing', exact: true })).toBeChecked();
    await expect(page.getByRole('checkbox', { name: 'Paid Community Access', exact: true })).toBeChecked();
    await expect(page.getByRole('radio', { name: /Priya Nair/ })).toBeChecked();
  });

  test('at 390 px the summary follows the pickers and a bar keeps the total in reach', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/select-services?service=activity-list');
    const bar = page.getByRole('link', { name: 'Review order' });
    await expect(bar).toBeVisible();
    await bar.click();
    await expect(page.getByRole('button', { name: 'Proceed to Checkout' })).toBeInViewport();
    await expectNoAxeViolations(page);
  });
});

/**
 * Records every text the page shows in an alert, a heading or a link of its main region, in the tab's
 * sessionStorage, so it outlives the page sending the visitor on. A page that says something for
 * 2.5 s and then moves on is checked for what it said whatever the machine's speed.
 */
async function recordMessages(page: Page) {
  await page.addInitScript(() => {
    const seen = () => JSON.parse(sessionStorage.getItem('e2e:shown') ?? '[]') as string[];
    const record = () => {
      const texts = [...document.querySelectorAll('main [role="alert"], main h1, main h2, main h3, main a')]
        .map((el) => el.textContent ?? '')
        .filter(Boolean);
      const all = seen();
      const fresh = texts.filter((text) => !all.includes(text));
      if (fresh.length) sessionStorage.setItem('e2e:shown', JSON.stringify([...all, ...fresh]));
    };
    new MutationObserver(record).observe(document, { subtree: true, childList: true, characterData: true });
  });
  return async () =>
    (await page.evaluate(() => sessionStorage.getItem('e2e:shown') ?? '[]').catch(() => '[]')) as string;
}

test.describe('checkout and confirmation without data', () => {
  test('checkout without data says so and goes back to services', async ({ page }) => {
    const shown = await recordMessages(page);
    await page.goto('/checkout');
    await expect(page).toHaveURL('/services', { timeout: 30_000 });
    expect(await shown()).toContain(messages.checkoutDataMissing);
  });

  test('an unknown order asks to sign in, then shows Order Not Found and goes back to services', async ({ page }) => {
    const shown = await recordMessages(page);
    await page.goto('/order-confirmation?order=BCC-ZZZZZZ&session_id=cs_x');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Your order');
    await register(page, uniqueEmail('unknown-order'));
    // The answer stays 2.5 s before the page moves on: on a slow machine it may be gone before a look.
    await expect(page).toHaveURL('/services', { timeout: 30_000 });
    expect(await shown()).toContain(messages.orderNotFound);
    expect(await shown()).toContain('Back to Services');
  });

  test('a missing billing field is named', async ({ page }) => {
    await openSignedIn(page, '/select-services?service=activity-list&editor=maya-chen');
    await page.getByRole('button', { name: 'Proceed to Checkout' }).click();
    await fillCheckout(page);
    await page.getByLabel('City').fill('');
    await page.getByRole('button', { name: /Proceed to Payment/ }).click();
    await expect(page.getByRole('main').getByRole('alert')).toHaveText(messages.billingRequired);
    await expect(page.getByLabel('City')).toBeFocused();
    await expect(page.getByLabel('City')).toHaveAttribute('aria-invalid', 'true');
  });
});

test('a payment not confirmed yet shows "Confirming your payment..." and updates by itself', async ({ page }) => {
  await openSignedIn(page, '/dashboard');
  const order = {
    id: 'BCC-PEND22',
    status: 'pending',
    createdAt: new Date().toISOString(),
    editor: {
      id: 'maya-chen',
      name: 'Maya Chen',
      college: 'Stanford University',
      major: 'Computer Science',
      full: false,
    },
    serviceLines: [
      { id: 'activity-list', title: 'Activity List Editing', unitCents: 10000, quantity: 1, totalCents: 10000 },
    ],
    addOnLines: [],
    turnaround: { id: 'standard', label: 'Standard 3-5 days' },
    turnaroundFeeCents: 0,
    totalCents: 10000,
    // As every order the server sends has it: the page lists its receipts from it once paid.
    payment: { mode: 'test' },
    student: {
      studentName: 'Sam',
      studentGrade: '12',
      studentEmail: 's@example.com',
      parentName: 'Pat',
      parentEmail: 'p@example.com',
      intendedMajor: '',
    },
  };
  let calls = 0;
  await page.route('**/api/orders/BCC-PEND22', (route) =>
    route.fulfill({ json: { ...order, status: ++calls < 3 ? 'pending' : 'paid' } }),
  );
  await page.goto('/order-confirmation?order=BCC-PEND22&session_id=cs_test');
  await expect(page.getByRole('heading', { name: 'Confirming your payment...' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Payment Successful!' })).toBeVisible({ timeout: 30_000 });
  expect(calls).toBeGreaterThanOrEqual(3);
  await expect(page.getByText('12th Grade')).toBeVisible();
  await expect(page.getByText('Turnaround fee')).toHaveCount(0);
});
