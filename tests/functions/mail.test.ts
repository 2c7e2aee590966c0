import { getStore } from '@netlify/blobs';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { runDueTimers } from '#server/jobs/timers';
import {
  DEFAULT_MAIL_FROM,
  escapeHtml,
  listOutbox,
  MAIL_LOST_AFTER_MS,
  MAIL_RETRY_DELAYS_MS,
  mailResult,
  retryMail,
  sendMail,
  type KindedMail,
  type OutboxMail,
} from '../../netlify/server/core/mail';
import { StorageError } from '#server/storage/error';
import { useAtomicBlobsServer } from '../helpers/atomic-blobs-server';
import { clearStore, context } from '../helpers/functions';
import { closedPort, startSmtpServer } from '../helpers/smtp';

const mail: KindedMail = {
  kind: 'owner',
  to: 'family@example.com',
  replyTo: 'office@example.com',
  subject: 'Your essay is back',
  text: "Dear Pat,\nSam's essay is ready.",
  html: '<p>Dear Pat,</p><p>Sam&#39;s essay is ready.</p>',
};

beforeEach(async () => {
  vi.stubEnv('SMTP_URL', '');
  vi.stubEnv('MAIL_FROM', '');
  await clearStore('outbox');
});
afterEach(() => {
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
});

describe('sendMail without SMTP_URL', () => {
  it('writes the e-mail to the outbox under a time key', async () => {
    const before = new Date().toISOString();
    const result = await sendMail(mail);
    expect(result).toEqual({
      via: 'outbox',
      key: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z-[0-9a-f]{8}$/),
    });
    const [entry, ...rest] = await listOutbox();
    expect(rest).toEqual([]);
    expect(entry.key).toBe((result as { key: string }).key);
    expect(entry.value).toEqual({ ...mail, from: DEFAULT_MAIL_FROM, queuedAt: expect.any(String), reason: 'no-smtp' });
    expect(entry.value.queuedAt >= before).toBe(true);
    expect(DEFAULT_MAIL_FROM).toBe('Beacon College Counsel <hello@beaconcollegecounsel.com>');
  });

  it('keeps a calendar invite with the e-mail', async () => {
    const icalEvent = {
      method: 'CANCEL' as const,
      filename: 'consult-cancelled.ics',
      content: 'BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n',
    };
    await sendMail({ ...mail, icalEvent });
    const [entry] = await listOutbox();
    expect(entry.value.icalEvent).toEqual(icalEvent);
  });

  it('uses MAIL_FROM when set', async () => {
    vi.stubEnv('MAIL_FROM', 'Desk <desk@example.org>');
    await sendMail(mail);
    const [entry] = await listOutbox();
    expect(entry.value.from).toBe('Desk <desk@example.org>');
  });

  it('keeps every message, even many in the same instant', async () => {
    const results = await Promise.all(Array.from({ length: 8 }, (_, i) => sendMail({ ...mail, subject: `n${i}` })));
    expect(new Set(results.map((r) => (r as { key: string }).key)).size).toBe(8);
    expect((await listOutbox()).map((e) => e.value.subject).sort()).toEqual([
      'n0',
      'n1',
      'n2',
      'n3',
      'n4',
      'n5',
      'n6',
      'n7',
    ]);
  });
});

describe('listOutbox', () => {
  it('lists the newest first and honours the limit', async () => {
    for (const subject of ['first', 'second', 'third']) {
      await sendMail({ ...mail, subject });
      await new Promise((r) => setTimeout(r, 5)); // distinct milliseconds
    }
    expect((await listOutbox()).map((e) => e.value.subject)).toEqual(['third', 'second', 'first']);
    expect((await listOutbox(undefined, 2)).map((e) => e.value.subject)).toEqual(['third', 'second']);
  });
});

describe('sendMail with SMTP_URL', () => {
  it('delivers through the SMTP server and keeps a record of it: to, subject, kind, when, sent', async () => {
    const smtp = await startSmtpServer();
    try {
      vi.stubEnv('SMTP_URL', smtp.url);
      const at = new Date('2026-12-04T10:00:00.000Z');
      const result = await sendMail(mail, undefined, at);
      expect(result).toEqual({ via: 'smtp', messageId: expect.any(String) });
      expect(smtp.received).toHaveLength(1);
      const [received] = smtp.received;
      expect(received.from).toBe('hello@beaconcollegecounsel.com');
      expect(received.to).toEqual(['family@example.com']);
      expect(received.message).toContain('Subject: Your essay is back');
      expect(received.message).toContain('Reply-To: office@example.com');
      expect(received.message).toContain('From: Beacon College Counsel <hello@beaconcollegecounsel.com>');
      expect(received.message).toContain("Sam's essay is ready.");
      expect(received.message).toContain('<p>Sam&#39;s essay is ready.</p>');
      const [entry, ...rest] = await listOutbox();
      expect(rest).toEqual([]);
      expect(entry.value).toEqual({
        ...mail,
        from: DEFAULT_MAIL_FROM,
        queuedAt: at.toISOString(),
        attemptAt: at.toISOString(),
        reason: 'smtp-sent',
        sentAt: at.toISOString(),
      });
    } finally {
      await smtp.stop();
    }
  });

  it('sends a calendar invite as the text/calendar part mail apps act on, and as an .ics file', async () => {
    const smtp = await startSmtpServer();
    try {
      vi.stubEnv('SMTP_URL', smtp.url);
      const content = 'BEGIN:VCALENDAR\r\nVERSION:2.0\r\nMETHOD:REQUEST\r\nEND:VCALENDAR\r\n';
      await sendMail({ ...mail, icalEvent: { method: 'REQUEST', filename: 'consult.ics', content } });
      const [received] = smtp.received;
      expect(received.message).toMatch(/Content-Type: text\/calendar; charset=utf-8; method=REQUEST/i);
      expect(received.message).toMatch(/filename=consult\.ics/);
    } finally {
      await smtp.stop();
    }
  });

  it('falls back to the outbox, and logs, when the SMTP server is unreachable', async () => {
    vi.stubEnv('SMTP_URL', `smtp://127.0.0.1:${await closedPort()}`);
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const result = await sendMail(mail);
    expect(result.via).toBe('outbox');
    const [entry] = await listOutbox();
    expect(entry.value).toMatchObject({ ...mail, reason: 'smtp-failed', error: expect.stringMatching(/ECONNREFUSED/) });
    expect(logged).toHaveBeenCalledWith(expect.stringContaining(`kept in the outbox as ${entry.key}`));
  });

  it('falls back to the outbox when the SMTP server refuses the message', async () => {
    const smtp = await startSmtpServer({ onConnect: () => new Error('Service closed') });
    try {
      vi.stubEnv('SMTP_URL', smtp.url);
      vi.spyOn(console, 'error').mockImplementation(() => {});
      expect((await sendMail(mail)).via).toBe('outbox');
      expect(smtp.received).toEqual([]);
      expect((await listOutbox())[0].value).toMatchObject({ subject: mail.subject, reason: 'smtp-failed' });
    } finally {
      await smtp.stop();
    }
  });
});

describe('the record of a sent mail is written before it leaves', () => {
  const blobs = useAtomicBlobsServer();
  afterEach(() => blobs.setFaults(null));
  const at = new Date('2026-12-04T10:00:00.000Z');
  const later = (ms: number) => new Date(at.getTime() + ms);

  it('storage out before the send: the caller is told, and nothing is sent', async () => {
    const smtp = await startSmtpServer();
    try {
      vi.stubEnv('SMTP_URL', smtp.url);
      blobs.setFaults({ fault: 503, at: 1 });
      await expect(sendMail(mail, undefined, at)).rejects.toThrow(StorageError);
      expect(smtp.received).toEqual([]);
      blobs.setFaults(null);
      expect(await listOutbox()).toEqual([]);
    } finally {
      await smtp.stop();
    }
  });

  it('storage out after the send: the mail went, and its record says its result is not known once a send would have ended', async () => {
    const smtp = await startSmtpServer();
    try {
      vi.stubEnv('SMTP_URL', smtp.url);
      const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
      blobs.setFaults({ fault: 503, at: 2 });
      expect(await sendMail(mail, undefined, at)).toMatchObject({ via: 'smtp' });
      expect(smtp.received).toHaveLength(1);
      expect(logged).toHaveBeenCalledWith(
        expect.stringContaining('its result could not be recorded'),
        expect.any(Error),
      );
      blobs.setFaults(null);
      const [entry] = await listOutbox();
      expect(entry.value).toMatchObject({ subject: mail.subject, reason: 'sending', attemptAt: at.toISOString() });
      expect(mailResult(entry.value, later(1000))).toBe('sending');
      expect(mailResult(entry.value, later(MAIL_LOST_AFTER_MS + 1))).toBe('unknown');
    } finally {
      await smtp.stop();
    }
  });
});

describe('mail SMTP refused is tried again from the outbox', () => {
  it('by the timers, with growing pauses: refused again it waits longer, accepted it is marked sent and not sent twice', async () => {
    await clearStore('timers');
    let refuse = true;
    const smtp = await startSmtpServer({ onConnect: () => (refuse ? new Error('Service closed') : undefined) });
    const pending: Promise<unknown>[] = [];
    const runAt = (at: number) => runDueTimers(context({}, pending), new Date(at));
    try {
      vi.stubEnv('SMTP_URL', smtp.url);
      vi.spyOn(console, 'error').mockImplementation(() => {});
      const sentAt = Date.now();
      const { key } = (await sendMail(mail, undefined, new Date(sentAt))) as { key: string };
      expect(await runAt(sentAt + MAIL_RETRY_DELAYS_MS[0] - 1000)).toMatchObject({ due: 0 });
      // Second attempt, refused too: the third waits 30 minutes more.
      expect(await runAt(sentAt + MAIL_RETRY_DELAYS_MS[0] + 1000)).toMatchObject({ due: 1, handled: 1 });
      expect(await runAt(sentAt + MAIL_RETRY_DELAYS_MS[0] + 2000)).toMatchObject({ due: 0 });
      refuse = false;
      const third = sentAt + MAIL_RETRY_DELAYS_MS[0] + MAIL_RETRY_DELAYS_MS[1] + 3000;
      expect(await runAt(third)).toMatchObject({ due: 1, handled: 1 });
      expect(smtp.received).toHaveLength(1);
      expect(
        ((await getStore({ name: 'outbox', consistency: 'strong' }).get(key, { type: 'json' })) as OutboxMail).sentAt,
      ).toBeTruthy();
      expect(await runAt(third + 24 * 3600_000)).toMatchObject({ due: 0 });
      expect(smtp.received).toHaveLength(1);
    } finally {
      await smtp.stop();
    }
  });

  it('after the last attempt it is marked given up, for the admin to see', async () => {
    await clearStore('timers');
    vi.stubEnv('SMTP_URL', `smtp://127.0.0.1:${await closedPort()}`);
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { key } = (await sendMail(mail)) as { key: string };
    for (let attempt = 1; attempt <= MAIL_RETRY_DELAYS_MS.length; attempt++)
      expect(await retryMail(key, attempt)).toBe(attempt < MAIL_RETRY_DELAYS_MS.length ? 'retry' : 'gave-up');
    expect(
      ((await getStore({ name: 'outbox', consistency: 'strong' }).get(key, { type: 'json' })) as OutboxMail).gaveUpAt,
    ).toBeTruthy();
    expect(await retryMail(key, 1)).toBe('done');
  });
});

describe('escapeHtml', () => {
  it('turns markup into text', () => {
    expect(escapeHtml(`<img src=x onerror="alert('x')"> & co`)).toBe(
      '&lt;img src=x onerror=&quot;alert(&#39;x&#39;)&quot;&gt; &amp; co',
    );
  });
});
