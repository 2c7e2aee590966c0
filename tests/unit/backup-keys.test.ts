/**
 * A backup copies each blob to `hours/<hour>/<store>/<key>` or `base/<store>/<key>`
 * (netlify/server/backup/layout.ts), and the journal names it `<hour>/<store>/<key>`: each must still
 * be a valid key, at most 600 bytes. The longest keys the site writes come from e-mail
 * addresses (subscribers, the waitlist and its join-time index), which the key encodes; built here at their longest, their
 * copies fit. A key that did not would stop the backup by name, never be left out.
 */
import { describe, expect, it } from 'vitest';
import {
  BACKED_UP_STORES,
  basePrefix,
  copyKey,
  COPY_KEY_OVERHEAD,
  hourPrefix,
} from '../../netlify/server/backup/layout';
import { journalKey } from '../../netlify/server/storage/journal';
import { checkKey, MAX_KEY_BYTES } from '../../netlify/server/storage/keys';
import { STORE_NAMES } from '../../netlify/server/storage/stores';
import { subscriberKey } from '#features/contact/server/subscribers.repo';
import { joinedKey, waitlistIndexed, waitlistKey } from '#features/waitlist/server/waitlist.repo';
import { indexKeys } from '../../netlify/server/storage/list-index';
import { onceKey } from '../../netlify/server/storage/append-only';
import { EMAIL_LOCAL_MAX_LENGTH, EMAIL_MAX_LENGTH, isEmail } from '../../src/lib/email';

/** The longest address the site takes, every character of its local part one that encoding triples. */
const LONGEST_EMAIL = (() => {
  const local = '#'.repeat(EMAIL_LOCAL_MAX_LENGTH);
  const domain = `${'a'.repeat(63)}.${'b'.repeat(63)}.${'c'.repeat(EMAIL_MAX_LENGTH - local.length - 1 - 63 - 1 - 63 - 1 - 4)}.com`;
  return `${local}@${domain}`;
})();
/** The waitlist takes an editor id of at most 100 characters (waitlistSchema). */
const LONGEST_EDITOR_ID = 'e'.repeat(100);

describe('backup keys', () => {
  it("back up every store but the backups and the journal themselves, the rate counters, the kept report days and the lists' index keys", () => {
    expect(BACKED_UP_STORES).toEqual(
      STORE_NAMES.filter((name) => !['backups', 'journal', 'limits', 'report-days', 'indexes'].includes(name)),
    );
    expect(COPY_KEY_OVERHEAD).toBe('hours/YYYY-MM-DDTHH/editor-accounts/'.length);
  });

  it('the longest keys the site writes still fit when copied', () => {
    expect(LONGEST_EMAIL).toHaveLength(EMAIL_MAX_LENGTH);
    expect(isEmail(LONGEST_EMAIL)).toBe(true);
    const longest = [
      ['subscribers', subscriberKey(LONGEST_EMAIL)],
      ['waitlist', waitlistKey(LONGEST_EDITOR_ID, LONGEST_EMAIL)],
      ['waitlist', joinedKey({ at: new Date(0).toISOString(), editorId: LONGEST_EDITOR_ID, email: LONGEST_EMAIL })],
    ] as const;
    for (const [store, key] of longest) {
      expect(checkKey(copyKey(hourPrefix('2026-11-24T03'), store, key))).toMatch(/^hours\/2026-11-24T03\//);
      expect(checkKey(copyKey(basePrefix(), store, key))).toMatch(/^base\//);
      expect(checkKey(journalKey('2026-11-24T03', store, key))).toMatch(/^2026-11-24T03\//);
      expect(new TextEncoder().encode(key).length + COPY_KEY_OVERHEAD, `${store}: ${key}`).toBeLessThanOrEqual(
        MAX_KEY_BYTES,
      );
    }
  });

  it("the lists' index keys, not backed up, fit the longest address and mail key", () => {
    const keys = [
      ...indexKeys('waitlist', waitlistIndexed({ editorId: LONGEST_EDITOR_ID, email: LONGEST_EMAIL })),
      // A Firebase uid has at most 128 characters; a closure's mail key names one.
      ...indexKeys('outbox', {
        id: onceKey(`closure-${'u'.repeat(128)}-BCC-XXXXXX-student`, new Date(0)),
        fields: [LONGEST_EMAIL],
        by: { to: [LONGEST_EMAIL], kind: 'account' },
      }),
    ];
    expect(keys.length).toBeGreaterThan(3);
    for (const key of keys) expect(checkKey(key), key).toBe(key);
  });

  it('a key too long to copy stops the backup, naming it', () => {
    const key = 'k'.repeat(MAX_KEY_BYTES - 5);
    expect(checkKey(key)).toBe(key);
    expect(() => copyKey(hourPrefix('2026-11-24T03'), 'orders', key)).toThrow(`orders/${key} is too long to back up`);
  });
});
