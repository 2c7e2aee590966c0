/**
 * Bumped when something on the page changed the customer's orders (a project cancelled with a
 * refund): the orders list reads them again, so the refund shows where the customer looks for it.
 */
import { atom } from 'nanostores';

export const $ordersChanged = atom(0);
export const ordersChanged = () => $ordersChanged.set($ordersChanged.get() + 1);
