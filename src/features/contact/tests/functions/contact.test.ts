import { createServer, type AddressInfo, type Socket } from 'node:net';
import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import contactHandler, { config } from '#functions/contact';
import { editorsRepo } from '#features/editors/server/editors.repo';
import { inquiriesRepo } from '../../server/inquiries.repo';
import { listOutbox } from '#server/core/mail';
import { DEMO_EDITORS } from '#features/editors/server/seed';
import { messages } from '#lib/messages';
import { site } from '#lib/site';
import { INQUIRY_SENT_PATH, formAnswerTexts } from '#lib/form-answers';
import { BASE, call, clearStore, context, postForm } from '#tests/functions';
import { closedPort, startSmtpServer } from '#tests/smtp';

const PATH = '/api/contact';
const maya = DEMO_EDITORS.find((e) => e.id === 'maya-chen')!;

const valid = {
  parentName: 'Pat Rivera',
  studentInfo: 'Sam Rivera, 11th Grade',
  intendedMajor: 'social sciences',
  services: ['commonapp', 'speed48'],
  preferredEditor: 'any',
  turnaround: '48hr',
  email: 'pat@example.com',
  phone: '(312) 555-0199',
  details: 'We would like a consult on Tuesday.\nThanks!',
  website: '',
};

const post = (json: unknown) => call(contactHandler, PATH, { method: 'POST', json });
const storedInquiries = async () => (await inquiriesRepo().list()).map((e) => e.value);
const expectNothingStored = async () => {
  expect(await storedInquiries()).toEqual([]);
  expect(await listOutbox()).toEqual([]);
};

beforeEach(async () => {
  vi.stubEnv('SMTP_URL', '');
  await Promise.all([clearStore('inquiries'), clearStore('outbox'), clearStore('editors')]);
  const { id, ...input } = maya;
  await editorsRepo().create(id, input);
});
afterEach(() => {
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
});

describe('POST /api/contact: an accepted inquiry', () => {
  it('is stored under a time key, trimmed, without the honeypot, before the answer', async () => {
    const before = new Date().toISOString();
    const res = await post({ ...valid, parentName: '  Pat Rivera ', email: ' Pat@Example.COM ' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ok: true });
    const entries = await inquiriesRepo().list();
    expect(entries).toHaveLength(1);
    expect(entries[0].key).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z-[0-9a-f]{8}$/);
    const { website: _honeypot, ...payload } = valid;
    expect(entries[0].value).toEqual({ ...payload, phone: '+13125550199', receivedAt: expect.any(String) });
    expect(entries[0].value.receivedAt >= before).toBe(true);
    expect(entries[0].key.startsWith(entries[0].value.receivedAt)).toBe(true);
  });

  it('needs only the required fields and fills the defaults', async () => {
    const { parentName, studentInfo, intendedMajor, email } = valid;
    expect((await post({ parentName, studentInfo, intendedMajor, email })).status).toBe(200);
    expect(await storedInquiries()).toEqual([
      {
        parentName,
        studentInfo,
        intendedMajor,
        email,
        services: [],
        preferredEditor: 'any',
        turnaround: 'standard',
        phone: '',
        details: '',
        receivedAt: expect.any(String),
      },
    ]);
  });

  it('stores the phone number in E.164 and refuses one it cannot read, naming the field', async () => {
    expect((await post({ ...valid, phone: '+44 20 7946 0958' })).status).toBe(200);
    expect((await storedInquiries())[0].phone).toBe('+442079460958');
    const refused = await post({ ...valid, phone: '555-0199' });
    expect(refused).toMatchObject({ status: 400, body: { error: 'phone: Enter a phone number with area code' } });
  });

  it('counts details in words: 300 are taken, 301 are refused', async () => {
    expect((await post({ ...valid, details: 'word '.repeat(300) })).status).toBe(200);
    const refused = await post({ ...valid, details: 'word '.repeat(301) });
    expect(refused).toMatchObject({ status: 400, body: { error: 'details must be at most 300 words (it has 301)' } });
  });

  it('keeps every inquiry: two identical ones are two records', async () => {
    await Promise.all([post(valid), post(valid)]);
    expect(await storedInquiries()).toHaveLength(2);
  });

  it('accepts an existing editor and details of exactly 3,000 characters', async () => {
    const res = await post({ ...valid, preferredEditor: 'maya-chen', details: 'x'.repeat(3000) });
    expect(res.status).toBe(200);
    expect((await storedInquiries())[0]).toMatchObject({ preferredEditor: 'maya-chen' });
  });

  it('notifies the business through the outbox when no SMTP is configured', async () => {
    await post({ ...valid, preferredEditor: 'maya-chen', parentName: 'Pat\r\nBcc: evil@example.com' });
    const [entry, ...rest] = await listOutbox();
    expect(rest).toEqual([]);
    const mail = entry.value;
    expect(mail).toMatchObject({ to: site.email, replyTo: 'pat@example.com', reason: 'no-smtp' });
    // Whatever the visitor typed, the subject stays one line.
    expect(mail.subject).toBe('New inquiry from Pat Bcc: evil@example.com');
    for (const text of [
      'Student and grade: Sam Rivera, 11th Grade',
      'Intended major: Social Sciences',
      'Services: Common App Essay Editing, 48-Hour Response (+$250)',
      'Preferred editor: Maya Chen (maya-chen)',
      'Preferred turnaround: 48-Hour Response (+$250)',
      'Email: pat@example.com',
      'Phone: (312) 555-0199', // stored in E.164, written as people read it
      'We would like a consult on Tuesday.\nThanks!',
    ]) {
      expect(mail.text).toContain(text);
    }
  });

  it('escapes what the visitor typed in the HTML notification', async () => {
    await post({ ...valid, parentName: '<b>Pat</b>', details: '<script>alert(1)</script>' });
    const [{ value: mail }] = await listOutbox();
    expect(mail.html).toContain('&lt;b&gt;Pat&lt;/b&gt;');
    expect(mail.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(mail.html).not.toContain('<script>');
  });
});

describe('POST /api/contact: notification by SMTP', () => {
  it('sends the notification to the business address with the inquiry in it', async () => {
    const smtp = await startSmtpServer();
    try {
      vi.stubEnv('SMTP_URL', smtp.url);
      const res = await post(valid);
      expect(res.status).toBe(200);
      expect(await storedInquiries()).toHaveLength(1);
      expect(smtp.received).toHaveLength(1);
      const [{ to, message }] = smtp.received;
      expect(to).toEqual([site.email]);
      expect(message).toContain('Subject: New inquiry from Pat Rivera');
      expect(message).toContain('Reply-To: pat@example.com');
      for (const text of [
        'Sam Rivera, 11th Grade',
        'Social Sciences',
        'Common App Essay Editing',
        'Any Available Editor',
        '(312) 555-0199',
        'We would like a consult on Tuesday.',
      ]) {
        expect(message).toContain(text);
      }
      // The record of what was sent.
      expect((await listOutbox()).map(({ value }) => [value.subject, value.reason])).toEqual([
        ['New inquiry from Pat Rivera', 'smtp-sent'],
      ]);
    } finally {
      await smtp.stop();
    }
  });

  it('still stores the inquiry and succeeds when SMTP is down; the notification waits in the outbox', async () => {
    vi.stubEnv('SMTP_URL', `smtp://127.0.0.1:${await closedPort()}`);
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const res = await post(valid);
    expect(res.status).toBe(200);
    expect(await storedInquiries()).toHaveLength(1);
    const [{ value: mail }] = await listOutbox();
    expect(mail).toMatchObject({ to: site.email, subject: 'New inquiry from Pat Rivera', reason: 'smtp-failed' });
  });

  it('answers before the notification is sent: a mail server that keeps silent does not hold the family up', async () => {
    // Accepts connections and never greets, as a hung mail server does.
    const sockets: Socket[] = [];
    const silent = createServer((socket) => sockets.push(socket));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    vi.stubEnv('SMTP_URL', `smtp://127.0.0.1:${(silent.address() as AddressInfo).port}`);
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const pending: Promise<unknown>[] = [];
    try {
      const req = new Request(`${BASE}${PATH}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(valid),
      });
      const res = await contactHandler(req, context({}, pending));
      expect(res.status).toBe(200);
      expect(await storedInquiries()).toHaveLength(1);
      expect(pending).toHaveLength(1);
      let settled = false;
      void pending[0].then(() => (settled = true));
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(settled).toBe(false);
      for (const socket of sockets) socket.destroy();
      await Promise.all(pending);
    } finally {
      await new Promise((resolve) => silent.close(resolve));
    }
    const [{ value: mail }] = await listOutbox();
    expect(mail).toMatchObject({ subject: 'New inquiry from Pat Rivera', reason: 'smtp-failed' });
  });

  it('still stores the inquiry and succeeds when neither SMTP nor the outbox can take the mail', async () => {
    const realBlobs = process.env.NETLIFY_BLOBS_CONTEXT!;
    const nowhere = `http://127.0.0.1:${await closedPort()}`;
    const deadBlobs = Buffer.from(
      JSON.stringify({
        ...JSON.parse(Buffer.from(realBlobs, 'base64').toString()),
        edgeURL: nowhere,
        uncachedEdgeURL: nowhere,
      }),
    ).toString('base64');
    // The SMTP server refuses the connection and, at that moment, the Blobs service goes away too.
    const smtp = await startSmtpServer({
      onConnect: () => {
        process.env.NETLIFY_BLOBS_CONTEXT = deadBlobs;
        return new Error('Service closed');
      },
    });
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      vi.stubEnv('SMTP_URL', smtp.url);
      const res = await post(valid);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ ok: true });
    } finally {
      process.env.NETLIFY_BLOBS_CONTEXT = realBlobs;
      await smtp.stop();
    }
    expect(await storedInquiries()).toHaveLength(1);
    // Kept before it was tried, its refusal not: its result reads 'not known', for the admin to send again.
    expect((await listOutbox()).map(({ value }) => value.reason)).toEqual(['sending']);
    expect(logged).toHaveBeenCalledWith(
      expect.stringMatching(/^Inquiry .+ is stored, but its notification/),
      expect.anything(),
    );
  });
});

describe('POST /api/contact: the honeypot', () => {
  it('answers 200 as for a person, and stores and sends nothing', async () => {
    const res = await post({ ...valid, website: 'http://spam.example' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ok: true });
    await expectNothingStored();
  });

  it("answers 200 even when the rest of a bot's payload is invalid", async () => {
    const res = await post({ website: 'x', email: 'nope' });
    expect(res.status).toBe(200);
    await expectNothingStored();
  });

  it('lets a blank honeypot through', async () => {
    expect((await post({ ...valid, website: '   ' })).status).toBe(200);
    expect(await storedInquiries()).toHaveLength(1);
  });
});

describe('POST /api/contact: refused input', () => {
  it.each([
    ['parentName', 'missing', { parentName: undefined }],
    ['parentName', 'blank', { parentName: '   ' }],
    ['parentName', 'over 120 characters', { parentName: 'p'.repeat(121) }],
    ['parentName', 'not text', { parentName: 42 }],
    ['studentInfo', 'missing', { studentInfo: undefined }],
    ['studentInfo', 'blank', { studentInfo: '\n\t' }],
    ['studentInfo', 'over 200 characters', { studentInfo: 's'.repeat(201) }],
    ['intendedMajor', 'missing', { intendedMajor: undefined }],
    ['intendedMajor', 'not lower-cased', { intendedMajor: 'STEM' }],
    ['intendedMajor', 'not listed', { intendedMajor: 'astrology' }],
    ['services', 'not a list', { services: 'commonapp' }],
    ['services', 'an unknown id', { services: ['commonapp', 'hacking'] }],
    ['services', 'a repeated id', { services: ['commonapp', 'commonapp'] }],
    ['preferredEditor', 'an unknown editor', { preferredEditor: 'nobody' }],
    ['preferredEditor', 'an invalid key', { preferredEditor: '/maya-chen' }],
    ['preferredEditor', 'blank', { preferredEditor: '' }],
    ['preferredEditor', 'over 100 characters', { preferredEditor: 'e'.repeat(101) }],
    ['turnaround', 'unknown', { turnaround: '1hr' }],
    ['email', 'missing', { email: undefined }],
    ['email', 'malformed', { email: 'pat@example' }],
    ['email', 'over 254 characters', { email: `${'a'.repeat(250)}@b.co` }],
    ['phone', 'over 40 characters', { phone: '5'.repeat(41) }],
    ['phone', 'without its area code', { phone: '555-0199' }],
    ['phone', 'not a number', { phone: '123-456-7890' }],
    ['details', 'over 300 words', { details: 'word '.repeat(301) }],
    ['details', 'over 3,000 characters', { details: 'd'.repeat(3001) }],
    ['details', 'not text', { details: ['a'] }],
  ])('answers 400 naming %s when it is %s, and stores nothing', async (field, _, change) => {
    const res = await post({ ...valid, ...change });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: expect.stringContaining(field) });
    await expectNothingStored();
  });

  it.each([
    ['null', 'null', 400],
    ['a list', '[]', 400],
    ['not JSON', 'parentName=Pat', 400],
    ['empty', '', 400],
    ['over 16 KB', JSON.stringify({ ...valid, pad: 'x'.repeat(17 * 1024) }), 400],
  ])('answers { error } for a body that is %s (%i)', async (_, body, status) => {
    const res = await call(contactHandler, PATH, {
      method: 'POST',
      body,
      headers: { 'content-type': 'application/json' },
    });
    expect(res.status).toBe(status);
    expect(res.body).toEqual({ error: expect.any(String) });
    await expectNothingStored();
  });

  it.each(['GET', 'PUT', 'DELETE'])('answers 405 to %s', async (method) => {
    const res = await call(contactHandler, PATH, { method });
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toBe('POST');
  });

  it('is served at /api/contact with a rate limit', () => {
    expect(config.path).toBe('/api/contact');
    expect(config.rateLimit).toMatchObject({ windowLimit: expect.any(Number), windowSize: expect.any(Number) });
  });
});

describe('POST /api/contact: the form posted before its island hydrates', () => {
  const { website: _honeypot, ...fields } = valid;
  const postFields = (changes: Record<string, string | string[]> = {}, headers?: Record<string, string | null>) =>
    postForm(contactHandler, PATH, { ...fields, ...changes }, headers);

  it('stores exactly what the JSON path stores and sends the visitor to the confirmation page', async () => {
    const res = await postFields({ website: '' });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe(INQUIRY_SENT_PATH);
    expect(await post(valid).then((r) => r.status)).toBe(200);
    const [a, b] = await storedInquiries();
    const { receivedAt: _a, ...fromForm } = a;
    const { receivedAt: _b, ...fromJson } = b;
    expect(fromForm).toEqual(fromJson);
    expect(await listOutbox()).toHaveLength(2);
  });

  it('fills the defaults for the fields the form did not show', async () => {
    const { parentName, studentInfo, intendedMajor, email } = valid;
    expect(
      (await postForm(contactHandler, PATH, { parentName, studentInfo, intendedMajor, email, website: '' })).status,
    ).toBe(303);
    expect(await storedInquiries()).toEqual([
      expect.objectContaining({ services: [], preferredEditor: 'any', turnaround: 'standard', phone: '', details: '' }),
    ]);
  });

  it('the honeypot works for native posts too: the same redirect as for a person, nothing stored or sent', async () => {
    const res = await postFields({ website: 'http://spam.example' });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe(INQUIRY_SENT_PATH);
    await expectNothingStored();
  });

  it('refuses another site’s form with 403 { error }', async () => {
    const res = await postFields({}, { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' });
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ error: expect.any(String) });
    await expectNothingStored();
  });

  it('answers missing fields with a page naming them as the form does and showing everything typed', async () => {
    const res = await postFields({ studentInfo: ' ', intendedMajor: '', email: '', details: 'Call me <after> six' });
    expect(res.status).toBe(400);
    // One problem per field, and a blank field is simply required.
    expect(res.body).toContain('Intended Major is required');
    expect(res.body).not.toContain('not one of the listed majors');
    expect(res.body).not.toContain('not a valid address');
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
    for (const text of [
      formAnswerTexts.inquiryNotSent,
      'Student Name and Current Grade is required',
      'Email is required',
      'Pat Rivera',
      'Common App Essay Editing, 48-Hour Response (+$250)',
      'Call me &lt;after&gt; six',
      `href="/contact">${formAnswerTexts.backToForm}`,
    ]) {
      expect(res.body).toContain(text);
    }
    await expectNothingStored();
  });

  it('leads a page for missing required fields with the form’s own message, and only then', async () => {
    const missing = await postFields({ parentName: '' });
    expect(missing.status).toBe(400);
    expect(missing.body).toContain(messages.requiredFields);
    expect(missing.body).toContain('Parent/Guardian Name is required');

    const present = await postFields({ phone: '555-0199' });
    expect(present.status).toBe(400);
    expect(present.body).toContain('Phone: Enter a phone number with area code');
    expect(present.body).not.toContain(messages.requiredFields);
  });

  it('names a phone number it cannot read, and details over 300 words, by their labels', async () => {
    const res = await postFields({ phone: '555-0199', details: 'word '.repeat(312) });
    expect(res.status).toBe(400);
    expect(res.body).toContain('Phone: Enter a phone number with area code');
    expect(res.body).toContain('Additional Details/Questions must be at most 300 words (it has 312)');
    await expectNothingStored();
  });

  it('answers an editor that does not exist with a page too', async () => {
    const res = await postFields({ preferredEditor: 'nobody' });
    expect(res.status).toBe(400);
    expect(res.body).toContain('Preferred Editor is not one of our editors');
    await expectNothingStored();
  });
});

describe('POST /api/contact: hostile native posts', () => {
  it('answers any form our page could post with a redirect or a page, never an error of ours, and stores only what the schema accepts', async () => {
    const { website: _honeypot, ...fields } = valid;
    const anyText = fc.oneof(
      fc.string({ maxLength: 40 }),
      fc.string({ unit: 'binary', maxLength: 40 }),
      fc.constant(''),
      fc.string({ minLength: 3001, maxLength: 3100 }),
    );
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...Object.keys(fields)), anyText, async (field, value) => {
        await clearStore('inquiries');
        const res = await postForm(contactHandler, PATH, { ...fields, [field]: value });
        expect([303, 400]).toContain(res.status);
        expect(String(res.body)).not.toMatch(/\bat .*\.(ts|js):\d+/);
        expect(await storedInquiries()).toHaveLength(res.status === 303 ? 1 : 0);
      }),
      { numRuns: 40 },
    );
  });
});
