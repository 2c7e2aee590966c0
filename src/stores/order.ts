/**
 * What the customer is choosing on /select-services (SPEC §3 selection state), shared by the pickers
 * and the order summary, and kept in sessionStorage so a reload or a trip to /editors keeps it.
 */
import { atom } from 'nanostores';
import {
  ADD_ON_IDS,
  COMMUNITY_SERVICE_ID,
  SERVICE_IDS,
  type AddOnId,
  type OwnedAddOns,
  type ServiceId,
} from '../lib/catalogue';
import { toggleAddOn, type ServiceSelection } from '../lib/pricing';
import { readSession, writeSession } from '../client/session-storage';

export interface OrderSelection {
  /** Selected services and their quantities; absent means not selected. */
  services: Partial<Record<ServiceId, number>>;
  editorId: string | null;
  addOns: AddOnId[];
}

const KEY = 'bcc:order-selection';
const EMPTY: OrderSelection = { services: {}, editorId: null, addOns: [] };

export const $order = atom<OrderSelection>(EMPTY);

const isSelection = (v: unknown): v is OrderSelection =>
  typeof v === 'object' && v !== null && 'services' in v && 'addOns' in v && Array.isArray((v as OrderSelection).addOns);

function update(change: (current: OrderSelection) => OrderSelection) {
  const next = change($order.get());
  $order.set(next);
  writeSession(KEY, next);
}

/** The selected services in catalogue order, as the pricing function takes them. */
export const selectedServices = (selection: OrderSelection): ServiceSelection[] =>
  SERVICE_IDS.filter((id) => selection.services[id] !== undefined).map((id) => ({ id, quantity: selection.services[id]! }));

/** Selecting sets quantity 1; deselecting forgets it, so the next selection starts at 1 again (SPEC §4). */
export const toggleService = (id: ServiceId) =>
  update((s) => {
    const services = { ...s.services };
    if (services[id] === undefined) services[id] = 1;
    else delete services[id];
    return { ...s, services };
  });

/** Quantity: a whole number, at least 1, no maximum (SPEC §5); anything else typed becomes 1. */
export const sanitizeQuantity = (value: unknown) => {
  const n = Math.floor(Number(value));
  return Number.isFinite(n) && n >= 1 ? n : 1;
};

export const setQuantity = (id: ServiceId, quantity: unknown) =>
  update((s) => (s.services[id] === undefined ? s : { ...s, services: { ...s.services, [id]: sanitizeQuantity(quantity) } }));

/** After a paid order the cart starts afresh. */
export const clearSelection = () => update(() => EMPTY);

export const chooseEditor = (editorId: string) => update((s) => ({ ...s, editorId }));

/** Owned add-ons cannot be toggled (SPEC §4). */
export const toggleAddOnChoice = (id: AddOnId, owned: OwnedAddOns) =>
  update((s) => (owned[id] ? s : { ...s, addOns: toggleAddOn(s.addOns, id) }));

/**
 * Restores the saved selection, then applies the link that brought the visitor here: `service`,
 * `addon` and `editor` (unknown values ignored; `service=paid-community` means the community add-on,
 * DESIGN §8). `editorIds` is null when the editors could not be loaded. Answers the query parameters
 * it used, so the caller can drop them from the URL.
 */
export function restoreSelection(params: URLSearchParams, editorIds: readonly string[] | null): string[] {
  const saved = typeof sessionStorage === 'undefined' ? null : readSession(KEY, isSelection);
  let next: OrderSelection = saved ?? EMPTY;
  const used: string[] = [];
  const service = params.get('service');
  const addOn = service === COMMUNITY_SERVICE_ID ? 'community' : params.get('addon');
  const editor = params.get('editor');
  if (service && (SERVICE_IDS as readonly string[]).includes(service)) {
    next = { ...next, services: { ...next.services, [service]: next.services[service as ServiceId] ?? 1 } };
    used.push('service');
  }
  if (addOn && (ADD_ON_IDS as readonly string[]).includes(addOn)) {
    if (!next.addOns.includes(addOn as AddOnId)) next = { ...next, addOns: toggleAddOn(next.addOns, addOn as AddOnId) };
    used.push(service === COMMUNITY_SERVICE_ID ? 'service' : 'addon');
  }
  if (editor && editorIds?.includes(editor)) {
    next = { ...next, editorId: editor };
    used.push('editor');
  }
  // A saved editor that no longer exists is forgotten (when the list could be loaded at all).
  if (editorIds && next.editorId && !editorIds.includes(next.editorId)) next = { ...next, editorId: null };
  $order.set(next);
  writeSession(KEY, next);
  return used;
}
