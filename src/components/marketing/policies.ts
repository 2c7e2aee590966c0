/**
 * Policies the pricing FAQ and the terms of service both state, written once so they cannot drift
 * apart. The cancellation policy, which the checkout and the dashboard state too, is src/lib/refunds.ts's.
 */
import { ACTIVE_SLOTS_PER_EDITOR, SERVICES, addOnById } from '#lib/catalogue';
import { FULL_EDITOR_PRICE_LABEL } from '#lib/full-editor-price';
import { formatUsd } from '#lib/money';
import { unitPriceCents } from '#lib/pricing';

const community = addOnById('community')!;

export const ACTIVE_SLOTS_RULE =
  `Each editor keeps ${ACTIVE_SLOTS_PER_EDITOR} active slots, so every draft gets real attention. Submitting a draft to an editor ` +
  `occupies one of that editor's ${ACTIVE_SLOTS_PER_EDITOR} active slots until you mark it final or withdraw it. ` +
  'Activity list projects do not count toward the limit.';

const fullEditorPrices = SERVICES.map((s) => `${s.title} ${formatUsd(unitPriceCents(s.priceCents, true))}`).join(', ');

export const FULL_EDITOR_RULE =
  `When all of an editor's slots are taken, the editor shows as Currently Full. You can join that editor's ` +
  `waitlist, or reserve an overflow slot at ${FULL_EDITOR_PRICE_LABEL} the usual price: ${fullEditorPrices}. ` +
  `The ${formatUsd(community.priceCents)} community is never surcharged.`;
