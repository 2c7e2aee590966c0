/**
 * What the customer is choosing on /select-services: the cart, shared by the
 * pickers and the order summary. It is kept in localStorage (@nanostores/persistent), like a shop's
 * cart: a reload, a trip to /editors, a new tab and a reopened browser keep it; tabs follow each
 * other's changes. A paid order empties it.
 *
 * Decision 015: the build rendered the pickers with an empty cart, so the store's `init` (what
 * `useSharedStore` renders while hydrating) stays the empty cart, whatever is stored; the pickers
 * apply the stored cart right after hydrating (restoreSelection).
 */
import { persistentAtom } from '@nanostores/persistent';
import {
  ADD_ON_IDS,
  COMMUNITY_SERVICE_ID,
  SERVICE_IDS,
  type AddOnId,
  type OwnedAddOns,
  type ServiceId,
} from '#lib/catalogue';
import { toggleAddOn, type ServiceSelection } from '#lib/pricing';

export interface OrderSelection {
  /** Selected services and their quantities; absent means not selected. */
  services: Partial<Record<ServiceId, number>>;
  editorId: string | null;
  addOns: AddOnId[];
}

const CART_KEY = 'bcc:cart';
const EMPTY: OrderSelection = { services: {}, editorId: null, addOns: [] };

/** Quantity: a whole number, at least 1, no maximum; anything else typed becomes 1. */
const sanitizeQuantity = (value: unknown) => {
  const n = Math.floor(Number(value));
  return Number.isFinite(n) && n >= 1 ? n : 1;
};

/** A stored cart as this version understands it: unknown services and add-ons dropped, quantities whole. */
export function decodeSelection(raw: string | undefined): OrderSelection {
  try {
    const value: unknown = raw ? JSON.parse(raw) : null;
    if (typeof value !== 'object' || value === null) return EMPTY;
    const v = value as Partial<OrderSelection>;
    const services: OrderSelection['services'] = {};
    for (const id of SERVICE_IDS) {
      const quantity = v.services?.[id];
      if (quantity !== undefined) services[id] = sanitizeQuantity(quantity);
    }
    const addOns = Array.isArray(v.addOns) ? ADD_ON_IDS.filter((id) => v.addOns!.includes(id)) : [];
    const editorId = typeof v.editorId === 'string' && v.editorId !== '' ? v.editorId : null;
    return {
      services,
      editorId,
      addOns: addOns.includes('speed24hr') ? addOns.filter((id) => id !== 'speed48hr') : addOns,
    };
  } catch {
    return EMPTY;
  }
}

export const $order = persistentAtom<OrderSelection>(CART_KEY, EMPTY, {
  encode: JSON.stringify,
  decode: decodeSelection,
});
// What the build rendered: hydration renders this, not the stored cart (see above).
($order as { init: OrderSelection }).init = EMPTY;

const update = (change: (current: OrderSelection) => OrderSelection) => $order.set(change($order.get()));

/** The selected services in catalogue order, as the pricing function takes them. */
export const selectedServices = (selection: OrderSelection): ServiceSelection[] =>
  SERVICE_IDS.filter((id) => selection.services[id] !== undefined).map((id) => ({
    id,
    quantity: selection.services[id]!,
  }));

/**
 * Selecting sets quantity 1; deselecting forgets it, so the next selection starts at 1 again.
 * Takes the wanted state, not a toggle: a tick seen twice (as a native click before hydration, then
 * by React) still counts once.
 */
export const setServiceChosen = (id: ServiceId, chosen: boolean) =>
  update((s) => {
    if ((s.services[id] !== undefined) === chosen) return s;
    const services = { ...s.services };
    if (chosen) services[id] = 1;
    else delete services[id];
    return { ...s, services };
  });

export const setQuantity = (id: ServiceId, quantity: unknown) =>
  update((s) =>
    s.services[id] === undefined ? s : { ...s, services: { ...s.services, [id]: sanitizeQuantity(quantity) } },
  );

/** After a paid order the cart starts afresh. */
export const clearSelection = () => update(() => EMPTY);

/** An `editor` link the build's snapshot did not know: it waits for the live list (settleEditor). */
let linkedEditor: string | null = null;

/** The visitor's own choice; it also outranks a link still waiting for the live list. */
export const chooseEditor = (editorId: string) => {
  linkedEditor = null;
  update((s) => ({ ...s, editorId }));
};

/** Owned add-ons cannot be changed; choosing one speed upgrade drops the other. Wanted state, as setServiceChosen. */
export const setAddOnChosen = (id: AddOnId, chosen: boolean, owned: OwnedAddOns) =>
  update((s) => (owned[id] || s.addOns.includes(id) === chosen ? s : { ...s, addOns: toggleAddOn(s.addOns, id) }));

/**
 * Takes the stored cart, then applies the link that brought the visitor here: `service`,
 * `addon` and `editor` (unknown values ignored; `service=paid-community` means the community add-on,
 * as the marketing pages link it). `knownEditorIds` are the editors the page was built with: an `editor` link to one of
 * them applies now, any other waits for the live list (settleEditor). Answers the query parameters it
 * used, so the caller can drop them from the URL.
 */
export function restoreSelection(params: URLSearchParams, knownEditorIds: readonly string[]): string[] {
  let next: OrderSelection = $order.get();
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
  linkedEditor = null;
  if (editor && knownEditorIds.includes(editor)) {
    next = { ...next, editorId: editor };
    used.push('editor');
  } else if (editor) {
    linkedEditor = editor;
  }
  $order.set(next);
  return used;
}

/**
 * Once the live editors list is in: a waiting `editor` link to a real editor applies (unless the
 * visitor has chosen an editor since), and a chosen editor that no longer exists is forgotten.
 * Answers whether the link was used and whether a choice was dropped (the page says so).
 */
export function settleEditor(liveEditorIds: readonly string[]): { linkUsed: boolean; dropped: boolean } {
  const link = linkedEditor;
  linkedEditor = null;
  const linkUsed = link !== null && liveEditorIds.includes(link);
  if (linkUsed) update((s) => ({ ...s, editorId: link }));
  const chosen = $order.get().editorId;
  const dropped = chosen !== null && !liveEditorIds.includes(chosen);
  if (dropped) update((s) => ({ ...s, editorId: null }));
  return { linkUsed, dropped };
}
