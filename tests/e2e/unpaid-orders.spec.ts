/**
 * An order that was never paid: leaving the checkout leads back to the order, which says it
 * is not paid yet and offers 'Complete Payment' and 'Cancel Order'; so does the dashboard.
 */
import { expect, test, type Page } from '@playwright/test';
import { expectNoAxeViolations } from '../helpers/axe';
import { signIn, uniqueEmail, idTokenOf } from '../helpers/e2e-auth';
import { openOrderThroughApi } from '../helpers/e2e-checkout';
import { readStored } from '../helpers/stored';
import { withOpenSlot } from '../helpers/e2e-admin';

// Maya is read as an open editor (her card, her usual prices), whatever ran before on this site.
test.beforeEach(({ request }) => withOpenSlot(request, 'maya-chen'));

for (const width of [390, 1280]) {
  test(`at ${width} px: back from the test checkout, the order is not paid yet; Complete Payment pays the same order`, async ({
    page,
    request,
  }) => {
    test.setTimeout(test.info().timeout * 1.5);
    await page.setViewportSize({ width, height: 900 });
    const email = uniqueEmail('unpaid');
    const token = await idTokenOf(request, email);
    const { orderId } = await openOrderThroughApi(request, token, {
      services: [{ id: 'supplement-small', quantity: 2 }],
      editorId: 'maya-chen',
    });
    await signIn(page, email);
    await page.goto(`/order-confirmation?order=${orderId}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Not paid yet' })).toBeVisible();
    await expect(page.getByText(`Order ${orderId} for $150 is waiting for payment.`)).toBeVisible();
    await expectNoAxeViolations(page);

    await page.getByRole('button', { name: 'Complete Payment' }).click();
    await expect(page).toHaveURL(new RegExp(`/test-checkout\\?order=${orderId}&session_id=cs_test_local_`));
    await expect(page.getByRole('link', { name: 'Back to your order' })).toHaveAttribute(
      'href',
      `/order-confirmation?order=${orderId}`,
    );
    await page.getByRole('button', { name: 'Pay $150' }).click();
    await expect(page.getByRole('heading', { name: 'Payment Successful!' })).toBeVisible();
    expect(await readStored('orders', orderId)).toMatchObject({ status: 'paid', totalCents: 15000 });
  });
}

test('the dashboard offers the same; Cancel Order asks first, then the order is cancelled for good', async ({
  page,
  request,
}) => {
  const email = uniqueEmail('cancel');
  const token = await idTokenOf(request, email);
  const { orderId } = await openOrderThroughApi(request, token, {
    services: [{ id: 'activity-list', quantity: 1 }],
    editorId: 'sofia-ramirez',
  });
  await signIn(page, email);
  await page.goto('/dashboard');
  await expect(page.getByText('Logged in as')).toBeVisible();
  const unpaid = page.getByRole('region', { name: 'Not paid yet' });
  await expect(unpaid).toContainText(orderId);

  // Asking first, by keyboard: the question takes the focus; 'Keep the order' gives it back.
  await unpaid.getByRole('button', { name: 'Cancel Order' }).focus();
  await page.keyboard.press('Enter');
  await expect(unpaid.getByRole('button', { name: 'Yes, cancel the order' })).toBeFocused();
  await unpaid.getByRole('button', { name: 'Keep the order' }).click();
  await expect(unpaid.getByRole('button', { name: 'Cancel Order' })).toBeFocused();
  expect(await readStored('orders', orderId)).toMatchObject({ status: 'pending' });

  await unpaid.getByRole('button', { name: 'Cancel Order' }).click();
  await unpaid.getByRole('button', { name: 'Yes, cancel the order' }).click();
  await expect(page.getByRole('link', { name: orderId }).locator('..').locator('..')).toContainText('Cancelled');
  await expect(unpaid).toHaveCount(0);
  expect(await readStored('orders', orderId)).toMatchObject({ status: 'cancelled' });

  await page.goto(`/order-confirmation?order=${orderId}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('This order is cancelled');
  await expect(page.getByText(`You cancelled order ${orderId}. Nothing was charged.`)).toBeVisible();
});

test('signed out, the test checkout and the order page ask to sign in, then continue where the family was', async ({
  page,
  request,
}) => {
  const email = uniqueEmail('returning');
  const token = await idTokenOf(request, email);
  const { id, orderId } = await openOrderThroughApi(request, token, {
    services: [{ id: 'activity-list', quantity: 1 }],
    editorId: 'maya-chen',
  });

  await page.goto(`/test-checkout?order=${orderId}&session_id=${id}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Complete your payment');
  await expect(page.getByText('Sign in with the account that placed this order to pay for it.')).toBeVisible();
  await expectNoAxeViolations(page);
  await signInHere(page, email);
  await expect(page.getByRole('heading', { level: 1, name: 'Pay $100' })).toBeFocused();
  await expect(page).toHaveURL(`/test-checkout?order=${orderId}&session_id=${id}`);
  await page.getByRole('button', { name: 'Pay $100' }).click();
  await expect(page.getByRole('heading', { name: 'Payment Successful!' })).toBeVisible();

  // The confirmation e-mail's link, opened once the family has logged out.
  await page.goto('/dashboard');
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page.getByRole('tab', { name: 'Existing Customer' })).toBeVisible();
  await page.goto(`/order-confirmation?order=${orderId}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Your order');
  await signInHere(page, email);
  await expect(page.getByRole('heading', { name: 'Payment Successful!' })).toBeFocused();
  await expect(page).toHaveURL(`/order-confirmation?order=${orderId}`);
});

/** Signs in on the page's sign-in form; unlike e2e-auth's logIn, expects the form to give way to the page. */
async function signInHere(page: Page, email: string) {
  await page.getByRole('tab', { name: 'Existing Customer' }).click();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill('secret-pass');
  await page.getByRole('button', { name: 'Log In' }).click();
}
