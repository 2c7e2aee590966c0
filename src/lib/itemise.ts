/**
 * What an order charges, line by line, in words: the checkout's summary, the confirmation page and the
 * confirmation e-mail all itemise with this one function, so what a family reads after paying is what
 * they read before. Each service with its unit price and quantity (a full editor's price says why), each
 * add-on (one owned before reads 'Included'), the total.
 */
import { FULL_EDITOR_PRICE_LABEL } from './full-editor-price';
import { formatUsd } from './money';
import type { AddOnLine, ServiceLine } from './pricing';

export interface Item {
  key: string;
  /** 'Supplemental Essay Help (Large) × 2' */
  label: string;
  /** How the amount comes about: '$150 each (1.5x: Maya Chen was fully booked)'; absent when the label says it all. */
  detail?: string;
  /** '$300', or 'Included' for an add-on owned before. */
  amount: string;
}

export interface Itemised {
  items: Item[];
  /** '$350' */
  total: string;
}

export interface Itemisable {
  serviceLines: readonly ServiceLine[];
  addOnLines: readonly AddOnLine[];
  totalCents: number;
  /** The editor booked, and whether they were full (services cost 1.5x then). */
  editor: { name: string; full: boolean };
}

/**
 * `when`: 'now' while the customer is choosing (the editor *is* fully booked), 'then' once the order
 * is placed (they *were*: the price was fixed at checkout).
 */
export function itemise(order: Itemisable, when: 'now' | 'then'): Itemised {
  const why = `${FULL_EDITOR_PRICE_LABEL}: ${order.editor.name} ${when === 'now' ? 'is' : 'was'} fully booked`;
  const services = order.serviceLines.map((line): Item => {
    const unit = `${formatUsd(line.unitCents)}${line.quantity > 1 ? ' each' : ''}`;
    const detail = order.editor.full ? `${unit} (${why})` : line.quantity > 1 ? unit : undefined;
    return {
      key: line.id,
      label: line.quantity > 1 ? `${line.title} × ${line.quantity}` : line.title,
      ...(detail && { detail }),
      amount: formatUsd(line.totalCents),
    };
  });
  const addOns = order.addOnLines.map((line): Item => ({
    key: line.id,
    label: line.title,
    ...(line.owned && { detail: 'Owned from an earlier order' }),
    amount: line.owned ? 'Included' : formatUsd(line.chargedCents),
  }));
  return { items: [...services, ...addOns], total: formatUsd(order.totalCents) };
}

/** One line of plain text per item, for e-mail: 'Activity List Editing × 2: $200, $100 each'. */
export const itemText = (item: Item) =>
  `${item.label}: ${item.amount}${item.detail ? `, ${item.detail.charAt(0).toLowerCase()}${item.detail.slice(1)}` : ''}`;
