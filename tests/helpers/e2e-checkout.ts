/** The checkout as a customer goes through it in browser tests: the form, or the API behind it. */
import { expect, type APIRequestContext, type Page } from '@playwright/test';

export async function fillCheckout(page: Page) {
  await page.getByLabel('Student Name').fill('Sam Rivera');
  await page.getByLabel('Current Grade').selectOption('11');
  await page.getByLabel('Student Email').fill('sam@example.com');
  await page.getByLabel('Parent/Guardian Name').fill('Pat Rivera');
  await page.getByLabel('Parent/Guardian Email').fill('pat@example.com');
  await page.getByLabel('Street Address').fill('1 Main St');
  await page.getByLabel('City').fill('Springfield');
  await page.getByLabel('State').fill('IL');
  await page.getByLabel('ZIP Code').fill('62701');
  await page.getByLabel('Phone Number').fill('(312) 555-0100');
  await page.getByRole('checkbox', { name: /agree to the Terms/ }).check();
}

export interface ApiOrder {
  services: { id: string; quantity: number }[];
  editorId: string;
  addOns?: string[];
  parentEmail?: string;
}

/** Opens an order as the customer of `idToken`, as the checkout page does; answers the session and order ids. */
export async function openOrderThroughApi(
  request: APIRequestContext,
  idToken: string,
  { services, editorId, addOns = [], parentEmail = 'pat@example.com' }: ApiOrder,
) {
  const session = await request.post('/api/stripe/create-payment-session', {
    headers: { Authorization: `Bearer ${idToken}` },
    data: {
      services,
      editorId,
      addOns,
      student: {
        studentName: 'Sam Rivera',
        studentGrade: '11',
        studentEmail: 'sam@example.com',
        parentName: 'Pat Rivera',
        parentEmail,
        intendedMajor: 'stem',
      },
      billing: { street: '12 Elm Road', city: 'Springfield', state: 'IL', zip: '62701', phone: '(312) 555-0100' },
      agreedToTerms: true,
    },
  });
  expect(session.status()).toBe(200);
  return (await session.json()) as { id: string; orderId: string };
}

/** Pays an open order on the test checkout with the card that succeeds (4242). */
export async function payThroughApi(
  request: APIRequestContext,
  idToken: string,
  { id, orderId }: { id: string; orderId: string },
) {
  const paid = await request.post(`/api/stripe/test-checkout/${orderId}`, {
    headers: { Authorization: `Bearer ${idToken}` },
    data: { sessionId: id, cardNumber: '4242 4242 4242 4242' },
  });
  expect(await paid.json()).toEqual({ result: 'paid' });
}
