/**
 * What /select-services hands to /checkout (SPEC §3 checkout data) and what /checkout keeps before
 * the payment redirect (billing data), both in sessionStorage. Prices in here are for display only:
 * the server prices the order again from the selection.
 */
import type { AddOnId, OwnedAddOns, ServiceId } from '../lib/catalogue';
import type { Billing, Editor } from '../lib/schemas';
import { readSession, removeSession, writeSession } from './session-storage';

export interface CheckoutData {
  services: { key: ServiceId; title: string; price: number; quantity: number }[];
  editor: Pick<Editor, 'id' | 'name' | 'college' | 'major' | 'slotsOpen'>;
  addOns: OwnedAddOns;
  total: number;
  userEmail: string;
}

export const CHECKOUT_KEY = 'bcc:checkout';
const BILLING_KEY = 'bcc:billing';

const isCheckoutData = (v: unknown): v is CheckoutData =>
  typeof v === 'object' && v !== null && Array.isArray((v as CheckoutData).services) && typeof (v as CheckoutData).editor?.id === 'string';

export const saveCheckoutData = (data: CheckoutData) => writeSession(CHECKOUT_KEY, data);
export const readCheckoutData = () => readSession(CHECKOUT_KEY, isCheckoutData);
export const clearCheckoutData = () => removeSession(CHECKOUT_KEY);
export const saveBillingData = (billing: Billing) => writeSession(BILLING_KEY, billing);

/** The add-on ids a checkout data's flags stand for. */
export const chosenAddOns = (flags: OwnedAddOns) => (Object.keys(flags) as AddOnId[]).filter((id) => flags[id]);
