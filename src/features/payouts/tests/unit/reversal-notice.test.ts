/** The mail that tells an editor a refund took back part of their earnings, in its two cases. */
import { describe, expect, it } from 'vitest';
import { reversalNotice } from '../../server/reversal-notice';

import type { Refund } from '#lib/refunds';

const earnings = {
  projectId: 'BCC-1001-1',
  orderId: 'BCC-1001',
  label: 'Common App Essay Review',
};
const refundAt = (createdAt: string): Refund => ({
  id: 'admin-1',
  amountCents: 5000,
  reason: 'Late',
  by: 'admin',
  actor: 'Beacon College Counsel',
  projectIds: [],
  forProjectIds: ['BCC-1001-1'],
  state: 'pending',
  providerId: null,
  failure: null,
  createdAt,
  updatedAt: createdAt,
});

describe('the mail that tells an editor a refund took back part of their earnings', () => {
  it('names the amount and the project, and the day the rest clears when it had not cleared', () => {
    const notice = reversalNotice(earnings, refundAt('2026-11-05T09:00:00.000Z'), 3500, '2026-11-15T12:00:00.000Z');
    expect(notice.subject).toBe('A refund took back $35.00 of your earnings');
    expect(notice.lines.join('\n')).toContain('order BCC-1001, for Common App Essay Review (project BCC-1001-1)');
    expect(notice.lines[1]).toBe(
      '$35.00 of what you earned on it is taken back. It comes off your pending earnings, which clear on Nov 15, 2026.',
    );
  });

  it('says it comes off the next payout when the earning had cleared', () => {
    const at = '2026-11-20T09:00:00.000Z';
    const notice = reversalNotice(earnings, refundAt(at), 3500, at);
    expect(notice.lines[1]).toContain('your next payout is smaller by that amount');
  });
});
