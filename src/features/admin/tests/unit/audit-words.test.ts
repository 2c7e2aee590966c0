import { describe, expect, it } from 'vitest';
import { attentionWords, auditActionWords, auditSubjectWords } from '../../audit-words';

describe("the words of the names features register with the audit log and the owner's list", () => {
  it.each([
    ['actions', auditActionWords],
    ['subjects', auditSubjectWords],
    ['notices', attentionWords],
  ])('each of the %s reads differently, in words', (_, words) => {
    const said = Object.values(words);
    expect(said.length).toBeGreaterThan(0);
    for (const text of said) expect(text).toMatch(/^[A-Z][^\n]+$/);
    expect(new Set(said).size).toBe(said.length);
  });

  it('names every action the features record, from editors to privacy', () => {
    expect(Object.keys(auditActionWords)).toEqual(
      expect.arrayContaining(['editor-created', 'availability-changed', 'order-refunded', 'project-message']),
    );
    expect(Object.keys(auditActionWords)).toEqual(
      expect.arrayContaining(['subscriber-enabled', 'inquiry-handled', 'waitlist-removed', 'account-closed']),
    );
    expect(Object.keys(attentionWords).sort()).toEqual([
      'editor-closed',
      'family-cancel',
      'family-closed',
      'help-asked',
      'payment-declined',
      'refund-failed',
      'review-held',
      'review-low',
      'round-late',
      'team-closed',
    ]);
  });
});
