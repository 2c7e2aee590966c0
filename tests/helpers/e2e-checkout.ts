/** The checkout form as a customer fills it in browser tests. */
import type { Page } from '@playwright/test';

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
  await page.getByLabel('Phone Number').fill('555-0100');
}
