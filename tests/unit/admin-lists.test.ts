import { describe, expect, it } from 'vitest';
import { timeKey } from '../../netlify/server/storage/append-only';
import { inquiryFilterSchema, inquiryHandledSchema, TIME_KEY_PATTERN } from '../../src/lib/admin-lists.schema';
import { WAITLIST_BATCH_INTERVAL_MS, WAITLIST_TOLD_PER_SLOT, waitlistQuota } from '#features/waitlist/waitlist';

describe('waitlistQuota', () => {
  const opened = new Date('2030-01-01T09:00:00.000Z');
  const after = (ms: number) => new Date(opened.getTime() + ms);

  it('allows a few per open slot when the editor opens', () => {
    expect(waitlistQuota(1, opened, opened)).toEqual({
      quota: WAITLIST_TOLD_PER_SLOT,
      nextBatchAt: after(WAITLIST_BATCH_INTERVAL_MS),
    });
    expect(waitlistQuota(2, opened, after(1000)).quota).toBe(2 * WAITLIST_TOLD_PER_SLOT);
  });

  it('allows the next few once each interval has passed, with the next batch after it', () => {
    expect(waitlistQuota(1, opened, after(WAITLIST_BATCH_INTERVAL_MS - 1)).quota).toBe(WAITLIST_TOLD_PER_SLOT);
    expect(waitlistQuota(1, opened, after(WAITLIST_BATCH_INTERVAL_MS))).toEqual({
      quota: 2 * WAITLIST_TOLD_PER_SLOT,
      nextBatchAt: after(2 * WAITLIST_BATCH_INTERVAL_MS),
    });
  });

  it('allows nobody while no slot is open, and a clock behind the opening counts as the opening', () => {
    expect(waitlistQuota(0, opened, after(10 * WAITLIST_BATCH_INTERVAL_MS)).quota).toBe(0);
    expect(waitlistQuota(1, opened, after(-60_000)).quota).toBe(WAITLIST_TOLD_PER_SLOT);
  });
});

describe('admin list inputs', () => {
  it('the inquiry id pattern is the shape of the keys the append-only stores write', () => {
    expect(timeKey(new Date())).toMatch(TIME_KEY_PATTERN);
    expect('handled/2025-03-01T09:30:00.000Z-0123abcd').not.toMatch(TIME_KEY_PATTERN);
  });

  it('the filter defaults to all and refuses anything else', () => {
    expect(inquiryFilterSchema.parse(undefined)).toBe('all');
    expect(inquiryFilterSchema.parse('open')).toBe('open');
    expect(inquiryFilterSchema.safeParse('closed').success).toBe(false);
  });

  it('marking needs a boolean, not a string', () => {
    const id = '2025-03-01T09:30:00.000Z-0123abcd';
    expect(inquiryHandledSchema.parse({ id, handled: false })).toEqual({ id, handled: false });
    expect(inquiryHandledSchema.safeParse({ id, handled: 'false' }).success).toBe(false);
  });
});
