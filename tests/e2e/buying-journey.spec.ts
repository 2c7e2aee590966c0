/**
 * The buying journey, as a paying family lives it: the confirmation itemises what was charged and keeps its
 * promises, every form says what is wrong next to the field and keeps what was typed, the cart and
 * the checkout survive reloads, new tabs and a reopened browser, and nothing looks careless.
 */
import { expect, test, type Browser, type Page } from '@playwright/test';
import { cardMessages } from '../../src/lib/card';
import { CHECKOUT_FORM_KEY } from '../../src/features/orders/islands/checkout-data';
import { messages } from '../../src/lib/messages';
import { CANCELLATION_SUMMARY } from '../../src/lib/refunds';
import { expectNoAxeViolations } from '../helpers/axe';
import { idTokenOf, register, signIn, uniqueEmail } from '../helpers/e2e-auth';
import { fillCheckout, openOrderThroughApi, payThroughApi } from '../helpers/e2e-checkout';
import { islandsHydrated, newsletterReady } from '../helpers/hydration';
import { listStored, readStored } from '../helpers/stored';
import { withOpenSlot } from '../helpers/e2e-admin';

// Maya is read as an open editor (her card, her usual prices), whatever ran before on this site.
test.beforeEach(({ request }) => withOpenSlot(request, 'maya-chen'));

const summary = (page: Page) => page.getByRole('region', { name: 'Order Summary' });

/** A new customer, signed in on `page`'s browser (not through the card: that is account.spec.ts's subject), and their ID token for the API. */
async function customer(page: Page, email = uniqueEmail('family')) {
  await signIn(page, email);
  return { email, token: await idTokenOf(page.request, email) };
}

/** The next step: a cart with an Activity List from Maya Chen, at /checkout, signed in as a new customer. */
async function toCheckout(page: Page, email = uniqueEmail('buyer')) {
  await signIn(page, email);
  await page.goto('/select-services?service=activity-list&editor=maya-chen');
  await expect(page.getByText('Logged in as')).toBeVisible();
  await islandsHydrated(page);
  await page.getByRole('button', { name: 'Proceed to Checkout' }).click();
  await expect(page).toHaveURL('/checkout');
  await expect(page.getByTestId('total-due')).toHaveText('$100');
}

/** Which characters a text is broken after, line by line, as laid out (for wrapping checks). */
const lineEnds = (page: Page, selector: string) =>
  page.locator(selector).evaluate((el) => {
    const range = document.createRange();
    const ends: string[] = [];
    let lastTop: number | null = null;
    let previous = '';
    const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent ?? '';
      for (let i = 0; i < text.length; i++) {
        range.setStart(node, i);
        range.setEnd(node, i + 1);
        const top = range.getClientRects()[0]?.top;
        if (top === undefined) continue;
        if (lastTop !== null && top > lastTop + 2) ends.push(`${previous}|${text[i]}`);
        lastTop = top;
        previous = text[i];
      }
    }
    return ends;
  });

test.describe('the confirmation itemises what was charged', () => {
  test('a full editor: each line with its unit price and why, the community add-on, the total; our team was told; the e-mail says the same', async ({
    page,
  }) => {
    const { email, token } = await customer(page);
    const order = await openOrderThroughApi(page.request, token, {
      services: [
        { id: 'supplement-small', quantity: 2 },
        { id: 'common-app-essay', quantity: 1 },
      ],
      editorId: 'daniel-okafor', // full in the demo data, and without an editor account
      addOns: ['community'],
      parentEmail: email,
    });
    await payThroughApi(page.request, token, order);
    await page.goto(`/order-confirmation?order=${order.orderId}`);
    await expect(page.getByRole('heading', { name: 'Payment Successful!' })).toBeVisible();

    const paid = page.getByRole('region', { name: 'Payment Details' });
    const lines = paid.getByRole('definition');
    await expect(paid.getByRole('term')).toHaveText([
      'Supplemental Essay Help (Small) × 2$112.50 each (1.5x: Daniel Okafor was fully booked)',
      'Common App Essay Editing$450 (1.5x: Daniel Okafor was fully booked)',
      'Paid Community Access',
      'Total paid',
    ]);
    await expect(lines).toHaveText(['$225', '$450', '$50', '$725']);
    await expect(paid).not.toContainText('Base price');
    await expect(page.getByText('We received your payment of $725.')).toBeVisible();

    const emails = page.getByRole('region', { name: 'Confirmation Emails' });
    await expect(emails).toContainText('Editor: Our team was notified and will pass it to your editor');
    await expect(emails).not.toContainText('has been notified');

    // What this product does next, in its order: no e-mail from the editor, no call outside the thread.
    const next = page.getByRole('region', { name: 'What Happens Next?' }).getByRole('listitem');
    await expect(next).toHaveText([
      'Submit your first draft on your dashboard: paste it, upload a file or share a link.',
      "Your editor reaches out within 24 hours of it in the project's thread, where you can arrange an initial consultation call.",
      'You collaborate on your drafts: unlimited revisions for your Common App essay; 3 edits for each supplemental essay.',
      'You receive each round of edits within your selected turnaround.',
    ]);
    await expect(page.getByText('within your services')).toHaveCount(0);
    await expectNoAxeViolations(page);

    // The parent's e-mail carries the same lines.
    const mails = await listStored<{ to: string; text: string }>('outbox');
    const toParent = mails.find((mail) => mail.to === email && mail.text.includes(order.orderId))!;
    for (const line of [
      'Supplemental Essay Help (Small) × 2: $225, $112.50 each (1.5x: Daniel Okafor was fully booked)',
      'Common App Essay Editing: $450, $450 (1.5x: Daniel Okafor was fully booked)',
      'Paid Community Access: $50',
      'Total paid: $725',
    ]) {
      expect(toParent.text).toContain(line);
    }
    // The next step is the dashboard, linked; nobody is told to wait for an editor's e-mail.
    expect(toParent.text).toContain(
      `Submit your first draft on your dashboard: ${new URL('/dashboard', page.url()).href}`,
    );
    expect(
      mails
        .filter((mail) => mail.text.includes(order.orderId))
        .map((mail) => mail.text)
        .join('\n'),
    ).not.toMatch(/reach out by e-?mail|first call/);
    expect(
      mails.some(
        (mail) => mail.text.includes(order.orderId) && mail.text.includes('For Daniel Okafor (no editor account yet)'),
      ),
    ).toBe(true);
  });

  test('an editor with an account was told themselves; an add-on owned before reads Included; only the rules of what was bought', async ({
    page,
  }) => {
    const { email, token } = await customer(page);
    const first = await openOrderThroughApi(page.request, token, {
      services: [{ id: 'activity-list', quantity: 1 }],
      editorId: 'maya-chen',
      addOns: ['community'],
      parentEmail: email,
    });
    await payThroughApi(page.request, token, first);
    const second = await openOrderThroughApi(page.request, token, {
      services: [{ id: 'activity-list', quantity: 1 }],
      editorId: 'maya-chen',
      addOns: ['community'],
      parentEmail: email,
    });
    await payThroughApi(page.request, token, second);

    await page.goto(`/order-confirmation?order=${second.orderId}`);
    const paid = page.getByRole('region', { name: 'Payment Details' });
    await expect(paid.getByRole('term')).toHaveText([
      'Activity List Editing',
      'Paid Community AccessOwned from an earlier order',
      'Total paid',
    ]);
    await expect(paid.getByRole('definition')).toHaveText(['$100', 'Included', '$100']);
    await expect(page.getByRole('region', { name: 'Confirmation Emails' })).toContainText(
      'Editor: Your editor, Maya Chen, was notified',
    );
    await expect(page.getByRole('region', { name: 'What Happens Next?' }).getByRole('listitem').nth(2)).toHaveText(
      'You collaborate on your drafts: 3 edits for your activity list.',
    );
    // The cancellation policy, said the same way where the family pays and where they land after.
    await expect(page.getByRole('region', { name: 'What Happens Next?' })).toContainText(CANCELLATION_SUMMARY);
    const toMaya = (await listStored<{ to: string; text: string }>('outbox')).filter(
      (mail) => mail.to === 'maya@example.test' && mail.text.includes(second.orderId),
    );
    expect(toMaya).toHaveLength(1);
  });
});

test.describe('the checkout form says what is wrong, where it is wrong', () => {
  test('on submit: each field its own message, the focus on the first in reading order, the summary line above the button', async ({
    page,
  }) => {
    await toCheckout(page);
    await page.getByLabel('Parent/Guardian Email').fill('');
    await page.getByRole('button', { name: 'Proceed to Payment - $100' }).click();
    await expect(page.getByLabel('Student Name')).toBeFocused();
    await expect(page.getByLabel('Student Name')).toHaveAccessibleDescription("Enter the student's name");
    await expect(page.getByLabel('Current Grade')).toHaveAccessibleDescription("Choose the student's grade");
    await expect(page.getByLabel('Student Email')).toHaveAccessibleDescription(
      'Enter an e-mail address like name@example.com',
    );
    await expect(page.getByLabel('ZIP Code')).toHaveAccessibleDescription('Enter a 5-digit ZIP code');
    await expect(page.getByLabel('Phone Number')).toHaveAccessibleDescription('Enter a phone number with area code');
    await expect(page.getByRole('main').getByRole('alert')).toHaveText(messages.requiredFields);
    await expectNoAxeViolations(page);

    // Only billing left: the billing message; a mistake in a field is named there, and focused.
    await fillCheckout(page);
    await page.getByLabel('City').fill('');
    await page.getByLabel('ZIP Code').fill('6270');
    await page.getByRole('button', { name: /Proceed to Payment/ }).click();
    await expect(page.getByRole('main').getByRole('alert')).toHaveText(messages.billingRequired);
    await expect(page.getByLabel('City')).toBeFocused();
    await expect(page.getByLabel('City')).toHaveAccessibleDescription('Enter the city');
    await expect(page.getByLabel('ZIP Code')).toHaveAccessibleDescription('Enter a 5-digit ZIP code');
    await expect(page.getByLabel('Student Name')).not.toHaveAttribute('aria-invalid');

    // A message goes once the field is right.
    await page.getByLabel('ZIP Code').fill('62701-1234');
    await expect(page.getByLabel('ZIP Code')).not.toHaveAttribute('aria-invalid');
    await expect(page.getByLabel('ZIP Code')).toHaveAccessibleDescription('');
  });

  test('a field left filled in but wrong says so at once; the server’s refusal of a phone number shows by the field', async ({
    page,
  }) => {
    await toCheckout(page);
    await fillCheckout(page);
    await page.getByLabel('Student Email').fill('sam@example');
    await page.getByLabel('Student Email').press('Tab'); // on to the next field
    await expect(page.getByLabel('Student Email')).toHaveAccessibleDescription(
      'Enter an e-mail address like name@example.com',
    );
    await page.getByLabel('Student Email').fill('sam@example.com');
    await expect(page.getByLabel('Student Email')).toHaveAccessibleDescription('');
    await page.getByLabel('Phone Number').fill('555-0100');
    await page.getByLabel('Phone Number').press('Shift+Tab');
    await expect(page.getByLabel('Phone Number')).toHaveAccessibleDescription('Enter a phone number with area code');

    // Ten digits, but no real US number: the page cannot tell (no phone library here), the server can.
    await page.getByLabel('Phone Number').fill('123-456-7890');
    const refused = page.waitForResponse((res) => res.url().endsWith('/api/stripe/create-payment-session'));
    await page.getByRole('button', { name: /Proceed to Payment/ }).click();
    expect((await refused).status()).toBe(400);
    await expect(page.getByLabel('Phone Number')).toBeFocused();
    await expect(page.getByLabel('Phone Number')).toHaveAccessibleDescription('Enter a phone number with area code');
    await expect(page).toHaveURL('/checkout');
  });

  test('at 390 px the terms must be agreed to: unticked, the box says so and has the focus, and nothing is stored', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await toCheckout(page);
    await fillCheckout(page);
    const terms = page.getByRole('checkbox', {
      name: 'I am the parent or guardian, or 18 or older, and agree to the Terms',
    });
    await expect(page.getByRole('link', { name: 'Terms', exact: true })).toHaveAttribute('href', '/terms-of-service');
    await expect(page.getByRole('region', { name: 'Payment' })).toContainText(CANCELLATION_SUMMARY);
    await terms.uncheck();
    let asked = 0;
    page.on('request', (request) => void (request.url().endsWith('/api/stripe/create-payment-session') && asked++));
    await page.getByRole('button', { name: /Proceed to Payment/ }).click();
    await expect(terms).toBeFocused();
    await expect(terms).toHaveAccessibleDescription(
      'Please confirm that you are the parent or guardian, or 18 or older, and agree to the Terms.',
    );
    await expect(terms).toHaveAttribute('aria-invalid', 'true');
    expect(asked).toBe(0);
    await expectNoAxeViolations(page, 'form');

    // Ticked with the keyboard, the message goes, and the order is placed with the agreement on it.
    await page.keyboard.press('Space');
    await expect(terms).toHaveAccessibleDescription('');
    await page.getByRole('button', { name: /Proceed to Payment/ }).click();
    await expect(page).toHaveURL(/\/test-checkout\?order=/);
    const orderId = new URL(page.url()).searchParams.get('order')!;
    expect(await readStored('orders', orderId)).toMatchObject({ termsAgreedAt: expect.any(String) });
  });

  test('at 390 px a second order offers the last paid order’s details, and one key press fills the form in with them', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    const offer = page.getByRole('region', { name: 'Same student as last time?' });
    const email = uniqueEmail('again');
    // A first order: nothing to offer.
    const ordersRead = page.waitForResponse(
      (res) => res.url().endsWith('/api/orders') && page.url().endsWith('/checkout'),
    );
    await toCheckout(page, email);
    expect((await ordersRead).ok()).toBe(true);
    await expect(offer).toHaveCount(0);

    const token = await idTokenOf(page.request, email);
    const paid = await openOrderThroughApi(page.request, token, {
      services: [{ id: 'activity-list', quantity: 1 }],
      editorId: 'maya-chen',
      parentEmail: 'pat.rivera@example.com',
    });
    await payThroughApi(page.request, token, paid);
    await page.reload();
    await expect(offer).toContainText('Sam Rivera · Pat Rivera · 12 Elm Road, Springfield');
    await expectNoAxeViolations(page, 'form');
    const use = offer.getByRole('button', { name: `Use the details from order ${paid.orderId}` });
    await use.focus();
    await page.keyboard.press('Enter');

    await expect(page.getByRole('status').filter({ hasText: 'Filled in' })).toHaveText(
      `Filled in from order ${paid.orderId}. Check them before you pay.`,
    );
    await expect(page.getByLabel('Student Name')).toBeFocused();
    await expect(offer).toHaveCount(0);
    for (const [label, value] of [
      ['Student Name', 'Sam Rivera'],
      ['Current Grade', '11'],
      ['Student Email', 'sam@example.com'],
      ['Parent/Guardian Name', 'Pat Rivera'],
      ['Parent/Guardian Email', 'pat.rivera@example.com'],
      ['Intended Major (optional)', 'stem'],
      ['Street Address', '12 Elm Road'],
      ['City', 'Springfield'],
      ['State', 'IL'],
      ['ZIP Code', '62701'],
      ['Country', 'United States'],
      ['Phone Number', '(312) 555-0100'],
    ]) {
      await expect(page.getByLabel(label)).toHaveValue(value);
    }
    await page.getByRole('checkbox', { name: /agree to the Terms/ }).check();
    await page.getByRole('button', { name: 'Proceed to Payment - $100' }).click();
    await expect(page).toHaveURL(/\/test-checkout\?order=/);
  });

  test('Intended Major offers no Additional Details the checkout does not have; Other is an answer of its own', async ({
    page,
  }) => {
    await toCheckout(page);
    const major = page.getByLabel('Intended Major (optional)');
    const options = await major.locator('option').allTextContents();
    expect(options).toContain('Other');
    expect(options.join('\n')).not.toContain('Additional Details');
    await major.selectOption({ label: 'Other' });
    await expect(major).toHaveValue('other');
  });

  test('what was typed survives a reload; the phone is paid for in E.164; a paid order clears the form and the cart', async ({
    page,
  }) => {
    await toCheckout(page);
    await fillCheckout(page);
    await page.getByLabel('Street Address').fill('12 Elm Road');
    await page.reload();
    await islandsHydrated(page);
    await expect(page.getByLabel('Student Name')).toHaveValue('Sam Rivera');
    await expect(page.getByLabel('Current Grade')).toHaveValue('11');
    await expect(page.getByLabel('Street Address')).toHaveValue('12 Elm Road');
    await expect(page.getByLabel('Phone Number')).toHaveValue('(312) 555-0100');
    // The agreement is given for each order, never kept with what was typed.
    const terms = page.getByRole('checkbox', { name: /agree to the Terms/ });
    await expect(terms).not.toBeChecked();
    await terms.check();

    await page.getByRole('button', { name: 'Proceed to Payment - $100' }).click();
    await expect(page).toHaveURL(/\/test-checkout\?order=/);
    const orderId = new URL(page.url()).searchParams.get('order')!;
    expect(await readStored('orders', orderId)).toMatchObject({
      billing: { street: '12 Elm Road', phone: '+13125550100', zip: '62701' },
    });
    await page.getByRole('button', { name: 'Pay $100' }).click();
    await expect(page.getByRole('heading', { name: 'Payment Successful!' })).toBeVisible();
    await expect.poll(() => page.evaluate((key) => sessionStorage.getItem(key), CHECKOUT_FORM_KEY)).toBeNull();
    await page.goto('/select-services');
    await expect(summary(page)).toContainText('No service selected yet.');
  });
});

test.describe('the cart and the checkout outlive the tab', () => {
  async function reopen(browser: Browser, page: Page) {
    const state = await page.context().storageState(); // what a browser keeps when it is closed
    const context = await browser.newContext({ storageState: state });
    return context.newPage();
  }

  test('the cart survives a new tab and a reopened browser', async ({ page, browser }) => {
    await page.goto('/select-services?service=supplement-large&editor=priya-nair&addon=community');
    await page.getByRole('button', { name: 'More Supplemental Essay Help (Large)' }).click();
    await expect(summary(page)).toContainText('Supplemental Essay Help (Large) × 2');

    const tab = await page.context().newPage();
    await tab.goto('/select-services');
    await expect(summary(tab)).toContainText('Supplemental Essay Help (Large) × 2');
    await expect(summary(tab)).toContainText('Priya Nair');
    await expect(summary(tab)).toContainText('Paid Community Access');
    await expect(tab.getByRole('radio', { name: /Priya Nair/ })).toBeChecked();

    const later = await reopen(browser, page);
    await later.goto('/select-services');
    await expect(summary(later)).toContainText('Supplemental Essay Help (Large) × 2');
    await expect(later.getByTestId('order-total')).toHaveText('$250');
    await later.context().close();
  });

  test('a checkout opened in a new tab continues instead of going back to /services', async ({ page }) => {
    await toCheckout(page);
    const tab = await page.context().newPage();
    await tab.clock.install();
    await tab.goto('/checkout');
    await expect(tab.getByTestId('total-due')).toHaveText('$100');
    await expect(tab.getByRole('button', { name: 'Proceed to Payment - $100' })).toBeEnabled();
    // The page's clock, not the wall's: run it past the missing-data redirect's delay (2.5 s) at once.
    await tab.clock.runFor(5_000);
    await expect(tab).toHaveURL('/checkout');
  });
});

test.describe('every e-mail field takes the same rule', () => {
  test.beforeEach(({ page }) => {
    page.on('dialog', () => {
      throw new Error('no window.alert');
    });
  });

  for (const address of ['<script>@x.y', 'pat😀@example.com', 'pat..rivera@example.com']) {
    test(`the newsletter refuses ${address}, and nothing is stored`, async ({ page }) => {
      await page.goto('/privacy-policy'); // nothing loads above the footer's form (tests/e2e/newsletter.spec.ts)
      const footer = page.getByRole('contentinfo');
      await newsletterReady(page);
      await footer.getByRole('textbox', { name: /tips in your inbox/ }).fill(address);
      await footer.getByRole('button', { name: 'Subscribe' }).click();
      await expect(footer.getByRole('alert')).toHaveText(messages.emailInvalid);
      expect(await readStored('subscribers', encodeURIComponent(address))).toBeNull();
    });
  }

  test('registration refuses the same before asking Firebase', async ({ page }) => {
    let signUps = 0;
    page.on('request', (req) => {
      if (req.url().includes('accounts:signUp')) signUps++;
    });
    await page.goto('/dashboard');
    await register(page, '<script>@x.y');
    await expect(page.getByRole('alert').filter({ hasText: messages.emailInvalid })).toBeVisible();
    expect(signUps).toBe(0);
  });
});

test.describe('the contact form', () => {
  test.beforeEach(async ({ page }) => {
    await page.goto('/contact');
    await islandsHydrated(page);
  });
  const region = (page: Page) => page.getByRole('region', { name: 'Contact and Booking' });

  async function fillRequired(page: Page) {
    const main = region(page);
    await main.getByLabel('Parent/Guardian Name').fill('Pat Rivera');
    await main.getByLabel('Student Name and Current Grade').fill('Sam Rivera, 11th Grade');
    await main.getByLabel('Intended Major').selectOption({ label: 'STEM' });
    await main.getByRole('textbox', { name: 'Email' }).fill(uniqueEmail('words'));
  }

  test('counts words as they are typed and refuses more than 300, by the field', async ({ page }) => {
    const main = region(page);
    await fillRequired(page);
    const details = main.getByLabel(/Additional Details/);
    await details.fill('word '.repeat(312));
    await expect(details).toHaveAccessibleDescription('312 of 300 words');
    let posted = 0;
    page.on('request', (req) => {
      if (req.url().endsWith('/api/contact')) posted++;
    });
    await main.getByRole('button', { name: 'Send Inquiry' }).click();
    await expect(details).toBeFocused();
    await expect(details).toHaveAccessibleDescription(
      /312 of 300 words.*Please shorten this to 300 words or fewer \(it has 312\)\./,
    );
    await expect(main.getByRole('alert')).toHaveText('Please shorten this to 300 words or fewer (it has 312).');
    expect(posted).toBe(0);
    await details.fill('word '.repeat(300));
    await expect(details).toHaveAccessibleDescription(/^300 of 300 words/);
  });

  test('shows the server’s refusal of a phone number next to the field and keeps everything typed', async ({
    page,
  }) => {
    const main = region(page);
    await fillRequired(page);
    const phone = main.getByLabel('Phone (optional)');
    await phone.fill('555-0100');
    await main.getByRole('button', { name: 'Send Inquiry' }).click();
    await expect(phone).toBeFocused();
    await expect(phone).toHaveAccessibleDescription('Enter a phone number with area code');
    await expect(phone).toHaveAttribute('aria-invalid', 'true');
    await expect(phone).toHaveValue('555-0100');
    await expect(main.getByLabel('Parent/Guardian Name')).toHaveValue('Pat Rivera');
    await expect(main.getByRole('status')).toBeEmpty();

    await phone.fill('(312) 555-0100');
    await main.getByRole('button', { name: 'Send Inquiry' }).click();
    await expect(main.getByRole('status')).toHaveText(messages.contactSuccess);
  });
});

test('the test checkout words card problems as Stripe Checkout does, by the field', async ({ page }) => {
  await toCheckout(page);
  await fillCheckout(page);
  await page.getByRole('button', { name: 'Proceed to Payment - $100' }).click();
  await expect(page.getByLabel('Card number')).toHaveValue('4242 4242 4242 4242');
  const pay = page.getByRole('button', { name: 'Pay $100' });
  const cases: [string, string, string][] = [
    ['Card number', '4242 4242 4242', cardMessages.numberIncomplete],
    ['Card number', '4242 4242 4242 4241', cardMessages.numberInvalid],
    ['Expiry (MM / YY)', '12 /', cardMessages.expiryIncomplete],
    ['Expiry (MM / YY)', '01 / 20', cardMessages.expiryPast],
    ['CVC', '1', cardMessages.cvcIncomplete],
  ];
  const good: Record<string, string> = {
    'Card number': '4242 4242 4242 4242',
    'Expiry (MM / YY)': '12 / 34',
    CVC: '123',
  };
  for (const [label, value, message] of cases) {
    await page.getByLabel(label).fill(value);
    await pay.click();
    await expect(page.getByLabel(label)).toBeFocused();
    await expect(page.getByLabel(label)).toHaveAccessibleDescription(message);
    await page.getByLabel(label).fill(good[label]);
  }
  await expect(page.getByText('must be digits')).toHaveCount(0);
  await pay.click();
  await expect(page.getByRole('heading', { name: 'Payment Successful!' })).toBeVisible();
});

test.describe('small things that look careless', () => {
  test('an editor card shows one test and one score, whatever the admin typed', async ({ page }) => {
    await page.route('**/api/database/editors', async (route) => {
      const response = await route.fetch();
      const editors = (await response.json()) as { id: string; sat: string }[];
      await route.fulfill({
        response,
        json: editors.map((e) =>
          e.id === 'maya-chen'
            ? { ...e, sat: 'SAT 1500' }
            : e.id === 'priya-nair'
              ? { ...e, sat: 'SAT 1500, ACT 34' }
              : e,
        ),
      });
    });
    await page.goto('/editors');
    const maya = page.locator('article[data-editor="maya-chen"]');
    await expect(maya.getByRole('term').filter({ hasText: /^SAT$/ })).toBeVisible();
    await expect(maya.getByRole('definition').filter({ hasText: /^1500$/ })).toBeVisible();
    await expect(maya).not.toContainText('SAT 1500');
    await expect(
      page.locator('article[data-editor="priya-nair"]').getByRole('definition').filter({ hasText: 'SAT 1500, ACT 34' }),
    ).toBeVisible();
  });

  test('a long e-mail address breaks after the @ or before a dot, never mid-word, at 390 px', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    // Every part fits a line, so none may break inside (a part longer than a line may break at a hyphen, or anywhere).
    const email = `pat-rivera-and-sam.${Date.now()}@mail.riverside-schools.example.org`;
    await signIn(page, email);
    await page.goto('/select-services?service=activity-list&editor=maya-chen');
    await expect(page.getByText('Logged in as')).toBeVisible();
    await islandsHydrated(page);
    await page.getByRole('button', { name: 'Proceed to Checkout' }).click();
    await expect(page.getByTestId('total-due')).toHaveText('$100');
    const ends = await lineEnds(page, 'section[aria-labelledby="checkout-summary-heading"] dd >> nth=0');
    expect(ends.length).toBeGreaterThan(0);
    for (const end of ends) expect(end).toMatch(/^@\||\|\.$/);
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBe(0);
  });

  test('no console error on a normal visit: /reset-password without a code asks nothing; the 404 page logs the path plainly', async ({
    page,
  }) => {
    const errors: string[] = [];
    const logs: string[] = [];
    const firebaseCalls: string[] = [];
    page.on('console', (msg) => (msg.type() === 'error' ? errors : logs).push(msg.text()));
    page.on('pageerror', (error) => errors.push(error.message));
    page.on('request', (req) => {
      if (req.url().includes('identitytoolkit')) firebaseCalls.push(req.url());
    });
    await page.goto('/reset-password');
    await expect(page.getByRole('main').getByRole('alert')).toHaveText(messages.resetLinkInvalid);
    await page.waitForLoadState('networkidle');
    expect(firebaseCalls.filter((url) => url.includes('resetPassword'))).toEqual([]);

    await page.goto('/no-such-page/at-all');
    await expect(page.getByRole('heading', { name: messages.notFound })).toBeVisible();
    await expect.poll(() => logs.some((text) => text.includes('/no-such-page/at-all'))).toBe(true);
    await page.waitForLoadState('networkidle');
    // The 404 answer itself is the browser's own line about the status, not ours.
    expect(errors.filter((text) => !text.includes('404 (Not Found)'))).toEqual([]);
  });
});
