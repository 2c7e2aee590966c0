/**
 * Policies the pricing FAQ and the terms of service both state, written once so they cannot drift
 * apart (SPEC §4 active slots, §9 cancellation; both readings of the refund rule, reconciled).
 */
import { ACTIVE_SLOTS_PER_EDITOR, SERVICES, addOnById } from '../../lib/catalogue';
import { SURGE_LABEL } from '../../lib/editor-rules';
import { formatUsd } from '../../lib/money';
import { unitPriceCents } from '../../lib/pricing';

const community = addOnById('community')!;

export const ACTIVE_SLOTS_RULE =
  `Each editor keeps ${ACTIVE_SLOTS_PER_EDITOR} active slots, so every draft gets real attention. Submitting a draft to an editor ` +
  `occupies one of that editor's ${ACTIVE_SLOTS_PER_EDITOR} active slots until you mark it final or withdraw it. ` +
  'Activity list projects do not count toward the limit.';

const surgePrices = SERVICES.map((s) => `${s.title} ${formatUsd(unitPriceCents(s.priceCents, true))}`).join(', ');

export const OVERFLOW_RULE =
  `When all of an editor's slots are taken, the editor shows as Currently Full. You can join that editor's ` +
  `waitlist, or reserve an overflow slot at ${SURGE_LABEL} the usual price: ${surgePrices}. ` +
  `The ${formatUsd(community.priceCents)} community is never surcharged.`;

export const CANCELLATION_POLICY =
  'You can cancel any service your editor has not started. Cancel within 48 hours of booking and we refund you ' +
  'in full; after 48 hours we keep a 25% cancellation fee and refund the rest. Once editing has begun, refunds ' +
  'are generally not available, and any exception is at our discretion.';
