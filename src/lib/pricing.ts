/**
 * The one pricing function: used by the order summary, the checkout page and
 * the server, which alone decides what is charged.
 */
import {
  ADD_ONS,
  EXCLUSIVE_ADD_ONS,
  FULL_EDITOR_PRICE_DENOMINATOR,
  FULL_EDITOR_PRICE_NUMERATOR,
  serviceById,
  type AddOnId,
  type OwnedAddOns,
  type ServiceId,
} from './catalogue';

export interface ServiceSelection {
  id: ServiceId;
  quantity: number;
}

export interface PriceInput {
  services: readonly ServiceSelection[];
  /** The chosen editor is full (no open slot): services cost x1.5. */
  editorFull: boolean;
  addOns: readonly AddOnId[];
  owned: OwnedAddOns;
}

export interface ServiceLine {
  id: ServiceId;
  title: string;
  unitCents: number;
  quantity: number;
  totalCents: number;
}

export interface AddOnLine {
  id: AddOnId;
  title: string;
  priceCents: number;
  /** Already bought on an earlier order: listed as 'Included', not charged. */
  owned: boolean;
  chargedCents: number;
}

export interface PricedOrder {
  serviceLines: ServiceLine[];
  addOnLines: AddOnLine[];
  totalCents: number;
}

/** The per-unit price of a service, a full editor's exactly (integer cents: $75 -> $112.50). */
export function unitPriceCents(basePriceCents: number, editorFull: boolean): number {
  return editorFull
    ? Math.round((basePriceCents * FULL_EDITOR_PRICE_NUMERATOR) / FULL_EDITOR_PRICE_DENOMINATOR)
    : basePriceCents;
}

export function priceOrder(input: PriceInput): PricedOrder {
  const serviceLines = input.services.map(({ id, quantity }): ServiceLine => {
    const service = serviceById(id);
    if (!service) throw new Error(`Unknown service: ${id}`);
    if (!Number.isInteger(quantity) || quantity < 1) throw new Error(`Bad quantity for ${id}: ${quantity}`);
    const unitCents = unitPriceCents(service.priceCents, input.editorFull);
    return { id, title: service.title, unitCents, quantity, totalCents: unitCents * quantity };
  });
  const chosen = new Set(input.addOns);
  const addOnLines = ADD_ONS.filter((a) => chosen.has(a.id)).map((a): AddOnLine => {
    const owned = input.owned[a.id];
    return { id: a.id, title: a.title, priceCents: a.priceCents, owned, chargedCents: owned ? 0 : a.priceCents };
  });
  // The total is 0 while no service is selected, whatever add-ons are ticked.
  const totalCents =
    serviceLines.length === 0
      ? 0
      : sum(serviceLines.map((l) => l.totalCents)) + sum(addOnLines.map((l) => l.chargedCents));
  return { serviceLines, addOnLines, totalCents };
}

/** Ticks or unticks an add-on; ticking one speed upgrade unticks the other. */
export function toggleAddOn(selected: readonly AddOnId[], id: AddOnId): AddOnId[] {
  if (selected.includes(id)) return selected.filter((a) => a !== id);
  const excluded = EXCLUSIVE_ADD_ONS[id];
  return [...selected.filter((a) => a !== excluded), id];
}

const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);
