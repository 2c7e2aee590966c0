import { describe, expect, it } from 'vitest';
import { timeKey } from '../../netlify/server/append-only';
import { inquiryFilterSchema, inquiryHandledSchema, TIME_KEY_PATTERN, type WaitlistItem } from '../../src/lib/admin';
import { groupByEditor } from '../../src/islands/admin/waitlist-groups';

const entry = (editorId: string, email: string, editorName = editorId.toUpperCase()): WaitlistItem => ({ editorId, editorName, email, at: '2025-03-01T00:00:00.000Z' });

describe('groupByEditor', () => {
  it('groups entries by editor in the order they arrived, keeping each editor’s own order', () => {
    const groups = groupByEditor([entry('ann', 'a@x.com'), entry('ann', 'b@x.com'), entry('bob', 'a@x.com'), entry('cy', 'z@x.com')]);
    expect(groups.map((g) => [g.editorName, g.entries.map((e) => e.email)])).toEqual([
      ['ANN', ['a@x.com', 'b@x.com']],
      ['BOB', ['a@x.com']],
      ['CY', ['z@x.com']],
    ]);
  });

  it('joins an editor whose entries continue on the next page', () => {
    const firstPage = [entry('ann', 'a@x.com'), entry('bob', 'a@x.com')];
    const secondPage = [entry('bob', 'b@x.com'), entry('cy', 'c@x.com')];
    expect(groupByEditor([...firstPage, ...secondPage]).map((g) => g.entries.length)).toEqual([1, 2, 1]);
  });

  it('answers no groups for no entries', () => {
    expect(groupByEditor([])).toEqual([]);
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
