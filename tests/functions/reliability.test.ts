/**
 * Reliability under load and failure, against the local Blobs server: concurrent sign-ups keep one
 * record per address, concurrent inquiries are all kept, a mail server that is down loses no
 * inquiry, and a function that throws answers a generic 500 whose details stay in the log.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import contactHandler from '../../netlify/functions/contact';
import editorsHandler from '../../netlify/functions/editors';
import subscribeHandler from '../../netlify/functions/subscribe';
import { route } from '../../netlify/server/core/http';
import { inquiriesRepo } from '#features/contact/server/inquiries.repo';
import { listOutbox } from '../../netlify/server/core/mail';
import { subscribersRepo } from '#features/contact/server/subscribers.repo';
import { validInquiry } from '../helpers/api-fixtures';
import { call, clearStore } from '../helpers/functions';
import { closedPort } from '../helpers/smtp';

const REFERENCE = /^Something went wrong on our side \(reference ([0-9a-f-]{36})\)\.$/;

const subscribe = (email: string) =>
  call(subscribeHandler, '/api/database/subscribe', { method: 'POST', json: { email } });
const inquire = (i: number) =>
  call(contactHandler, '/api/contact', { method: 'POST', json: { ...validInquiry, parentName: `Parent ${i}` } });

beforeEach(async () => {
  delete process.env.SMTP_URL;
  await Promise.all(['subscribers', 'inquiries', 'outbox'].map(clearStore));
});
afterEach(() => {
  delete process.env.SMTP_URL;
  vi.restoreAllMocks();
});

describe('under concurrent load', () => {
  it('500 concurrent newsletter sign-ups, 100 of them repeats of another, keep exactly 400 addresses, each awaiting its confirmation', async () => {
    const addresses = Array.from({ length: 400 }, (_, i) => `reader${i}@example.com`);
    // The repeats are written as people type them: other case, stray spaces. They are the same address.
    const repeats = addresses.slice(0, 100).map((email) => `  ${email.toUpperCase()} `);
    const answers = await Promise.all([...addresses, ...repeats].sort(() => Math.random() - 0.5).map(subscribe));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(500);
    const stored = await subscribersRepo().list();
    expect(stored).toHaveLength(400);
    expect(new Set(stored.map((s) => s.email))).toEqual(new Set(addresses));
    expect(stored.every((s) => !s.enabled && s.pending)).toBe(true);
  });

  it('200 concurrent inquiries are 200 stored inquiries, each with its notification', async () => {
    const answers = await Promise.all(Array.from({ length: 200 }, (_, i) => inquire(i)));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(200);
    const stored = await inquiriesRepo().list(1000);
    expect(new Set(stored.map((e) => e.value.parentName)).size).toBe(200);
    expect(await listOutbox(undefined, 1000)).toHaveLength(200);
  });

  it('a mail server that is down loses no inquiry: all stored, every notification kept in the outbox', async () => {
    process.env.SMTP_URL = `smtp://127.0.0.1:${await closedPort()}`;
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const answers = await Promise.all(Array.from({ length: 50 }, (_, i) => inquire(i)));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(50);
    expect(await inquiriesRepo().list(1000)).toHaveLength(50);
    const queued = await listOutbox(undefined, 1000);
    expect(queued).toHaveLength(50);
    expect(queued.every((m) => m.value.reason === 'smtp-failed')).toBe(true);
  });
});

describe('a function that throws', () => {
  it('answers a generic 500 { error } with a reference; the details and the stack go only to the log', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    const failing = route({
      GET: () => {
        throw new Error('connection to db-7.internal refused (password=hunter2)');
      },
    });
    const res = await call(failing, '/api/anything');
    expect(res.status).toBe(500);
    expect(Object.keys(res.body)).toEqual(['error']);
    const [, reference] = REFERENCE.exec(res.body.error)!;
    expect(JSON.stringify(res.body)).not.toMatch(/hunter2|db-7\.internal|\.ts:\d+|at /);
    expect(log).toHaveBeenCalledOnce();
    const logged = log.mock.calls[0];
    expect(logged[0]).toContain(reference);
    expect((logged[1] as Error).stack).toContain('hunter2');
  });

  it('a real endpoint whose storage is misconfigured answers the same generic 500', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    const blobs = process.env.NETLIFY_BLOBS_CONTEXT;
    process.env.NETLIFY_BLOBS_CONTEXT = 'not a context';
    try {
      const res = await call(editorsHandler, '/api/database/editors');
      expect(res.status).toBe(500);
      expect(res.body).toEqual({ error: expect.stringMatching(REFERENCE) });
      expect(log.mock.calls[0][0]).toContain(REFERENCE.exec(res.body.error)![1]);
    } finally {
      process.env.NETLIFY_BLOBS_CONTEXT = blobs;
    }
  });
});
