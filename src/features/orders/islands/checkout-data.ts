/**
 * What /select-services hands to /checkout, what the customer has typed into
 * the checkout form, and what /checkout keeps before the payment redirect (billing data). Prices in
 * here are for display only: the server prices the order again from the selection.
 *
 * The hand-over lives in localStorage, beside the cart (stores/order.ts): a checkout opened in a new
 * tab, or after the browser was closed, continues where the customer was. What they typed stays with
 * the tab (sessionStorage): a reload keeps it; closing the tab forgets it; a paid order clears it.
 */
import type { AddOnId, OwnedAddOns, ServiceId } from '#lib/catalogue';
import { CHECKOUT_FIELDS, type CheckoutFields } from '../checkout-form';
import type { Editor } from '#features/editors/editor-rules';
import type { Billing } from '../order';
import { readStored, removeStored, writeStored } from '#client/web-storage';

export interface CheckoutData {
  services: { key: ServiceId; title: string; price: number; quantity: number }[];
  editor: Pick<Editor, 'id' | 'name' | 'college' | 'major' | 'slotsOpen'>;
  addOns: OwnedAddOns;
  total: number;
  userEmail: string;
}

export const CHECKOUT_KEY = 'bcc:checkout';
export const CHECKOUT_FORM_KEY = 'bcc:checkout-form';
const BILLING_KEY = 'bcc:billing';

const isCheckoutData = (v: unknown): v is CheckoutData =>
  typeof v === 'object' &&
  v !== null &&
  Array.isArray((v as CheckoutData).services) &&
  typeof (v as CheckoutData).editor?.id === 'string';

export const saveCheckoutData = (data: CheckoutData) => writeStored('local', CHECKOUT_KEY, data);
/** The hand-over; one an earlier version left in this tab's sessionStorage still counts. */
export const readCheckoutData = () =>
  readStored('local', CHECKOUT_KEY, isCheckoutData) ?? readStored('session', CHECKOUT_KEY, isCheckoutData);
export const clearCheckoutData = () => {
  removeStored('local', CHECKOUT_KEY);
  removeStored('session', CHECKOUT_KEY);
};
export const saveBillingData = (billing: Billing) => writeStored('session', BILLING_KEY, billing);

const isFormDraft = (v: unknown): v is Partial<CheckoutFields> =>
  typeof v === 'object' &&
  v !== null &&
  Object.entries(v).every(
    ([key, value]) => (CHECKOUT_FIELDS as readonly string[]).includes(key) && typeof value === 'string',
  );

/** What the customer typed into the checkout form (no card data: /checkout has none). */
export const saveCheckoutForm = (fields: CheckoutFields) => writeStored('session', CHECKOUT_FORM_KEY, fields);
export const readCheckoutForm = () => readStored('session', CHECKOUT_FORM_KEY, isFormDraft);

/** After a paid order: the next checkout starts empty. */
export function clearCheckoutForm() {
  removeStored('session', CHECKOUT_FORM_KEY);
  removeStored('session', BILLING_KEY);
}

/** The add-on ids a checkout data's flags stand for. */
export const chosenAddOns = (flags: OwnedAddOns) => (Object.keys(flags) as AddOnId[]).filter((id) => flags[id]);
