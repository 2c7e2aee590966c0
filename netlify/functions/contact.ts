/**
 * POST /api/contact: an inquiry or consult booking from the contact form (SPEC §3, §7).
 * The inquiry is stored before we answer; the notification to the business is best effort on top,
 * sent after the answer (`waitUntil`), so a slow or failing mail server never delays or fails the
 * request nor loses an inquiry.
 */
import type { Config } from '@netlify/functions';
import { z } from 'zod';
import { isHoneypotFilled } from '../../src/lib/contact';
import { inquirySchema } from '../../src/lib/schemas';
import { json, parse, readBody, route } from '../server/http';
import { inquiriesRepo } from '../server/inquiries.repo';
import { inquiryNotification } from '../server/inquiry-notification';
import { sendMail } from '../server/mail';
import { preferredEditor } from '../server/preferred-editor';

/** The same answer for people and for bots caught by the honeypot: bots learn nothing. */
const ACCEPTED = { ok: true };

export default route({
  POST: async (req, context) => {
    const body = await readBody(req, z.unknown());
    if (isHoneypotFilled(body)) return json(ACCEPTED);
    const inquiry = parse(inquirySchema, body);
    const editor = await preferredEditor(inquiry.preferredEditor, context);

    const { key, record } = await inquiriesRepo(context).add(inquiry);
    const notify = sendMail(inquiryNotification(record, editor), context).catch((error) => {
      console.error(`Inquiry ${key} is stored, but its notification could not be sent or queued:`, error);
    });
    context.waitUntil(notify);
    return json(ACCEPTED);
  },
});

export const config: Config = {
  path: '/api/contact',
  rateLimit: { windowLimit: 10, windowSize: 60, aggregateBy: ['ip', 'domain'] },
};
