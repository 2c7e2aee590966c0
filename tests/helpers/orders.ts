/** Shared arrangements for the ordering function tests. */
import type { CheckoutSelection } from '../../src/features/orders/order.schema';
import { seedDemoEditors } from '../../src/features/editors/server/seed';
import { clearStore } from './functions';

export const FULL_EDITOR = 'daniel-okafor'; // slotsOpen 0 in the demo data
export const OPEN_EDITOR = 'maya-chen';

export const student = {
  studentName: 'Sam Rivera',
  studentGrade: '11',
  studentEmail: 'sam@example.com',
  parentName: 'Pat Rivera',
  parentEmail: 'pat@example.com',
  intendedMajor: 'stem',
} as const;

export const billing = {
  street: '1 Main St',
  city: 'Springfield',
  state: 'IL',
  zip: '62701',
  phone: '(312) 555-0100',
} as const;

export const selection = (overrides: Partial<Record<keyof CheckoutSelection, unknown>> = {}) => ({
  services: [{ id: 'common-app-essay', quantity: 1 }],
  editorId: OPEN_EDITOR,
  addOns: [],
  student,
  billing,
  agreedToTerms: true,
  ...overrides,
});

/** Fresh stores for an ordering test: demo editors, no orders, customers, events or mail (nor figures kept from orders). */
export async function resetOrderingStores() {
  await Promise.all(['orders', 'customers', 'events', 'outbox', 'editors', 'limits', 'report-days'].map(clearStore));
  await seedDemoEditors();
}
