/**
 * POST /api/contact: an inquiry or consult booking from the contact form.
 * The inquiry is stored before we answer; the notification to the business is best effort on top,
 * sent after the answer (`waitUntil`), so a slow or failing mail server never delays or fails the
 * request nor loses an inquiry. The form posts here natively too, before its island hydrates: then
 * the answer is a page (decision 015).
 */
import type { Config, Context } from '@netlify/functions';
import { z } from '#lib/zod';
import {
  ANY_EDITOR,
  INQUIRY_FIELD_LABELS,
  contactServiceLabel,
  inquiryFromForm,
  isHoneypotFilled,
  lacksRequired,
  majorLabel,
  turnaroundLabelById,
  type InquiryFormFields,
} from '#lib/contact';
import { CONTACT_PATH, INQUIRY_SENT_PATH, formAnswerTexts } from '#lib/form-answers';
import { messages } from '#lib/messages';
import { inquirySchema, type Inquiry } from '#lib/schemas';
import { fieldProblems, isBrowserFormPost, problemPage, readForm, relabel, seeOther } from '#server/core/form-post';
import { HttpError, json, logFailure, parseAsync, readBody, route } from '#server/core/http';
import { inquiriesRepo } from '#features/contact/server/inquiries.repo';
import { inquiryNotification } from '#features/contact/server/inquiry-notification';
import { sendMail } from '#server/core/mail';
import { preferredEditor } from '#features/editors/server/preferred-editor';
import { isStorageError } from '#server/storage/error';

/** The same answer for people and for bots caught by the honeypot: bots learn nothing. */
const ACCEPTED = { ok: true };

export default route({
  POST: (req, context) => (isBrowserFormPost(req) ? fromForm(req, context) : fromJson(req, context)),
});

async function fromJson(req: Request, context: Context) {
  const body = await readBody(req, z.unknown());
  if (isHoneypotFilled(body)) return json(ACCEPTED);
  await accept(await parseAsync(inquirySchema, body), context);
  return json(ACCEPTED);
}

/** The same rules, honeypot and store as the JSON path; the answer is a page. */
async function fromForm(req: Request, context: Context) {
  const fields = inquiryFromForm(await readForm(req));
  if (isHoneypotFilled(fields)) return seeOther(INQUIRY_SENT_PATH);
  const answer = (problems: string[], status?: number) =>
    problemPage({
      status,
      title: formAnswerTexts.inquiryNotSent,
      // The form's own words for a blank required field, above the list of them.
      lead: lacksRequired(fields) ? messages.requiredFields : undefined,
      problems,
      entered: entered(fields),
      back: { href: CONTACT_PATH, label: formAnswerTexts.backToForm },
    });
  const parsed = await inquirySchema.safeParseAsync(fields);
  if (!parsed.success) return answer(fieldProblems(parsed.error.issues, fields, INQUIRY_FIELD_LABELS));
  try {
    await accept(parsed.data, context);
  } catch (error) {
    if (error instanceof HttpError) return answer([relabel(error.message, INQUIRY_FIELD_LABELS)]);
    logFailure(req, error);
    return answer([messages.contactFailure], isStorageError(error) ? 503 : 500);
  }
  return seeOther(INQUIRY_SENT_PATH);
}

/** Stores the inquiry, then notifies the business after the answer. */
async function accept(inquiry: Inquiry, context: Context) {
  const editor = await preferredEditor(inquiry.preferredEditor, context);
  const { key, record } = await inquiriesRepo(context).add(inquiry);
  const notify = sendMail({ ...inquiryNotification(record, editor), kind: 'inquiry' }, context).catch((error) => {
    console.error(`Inquiry ${key} is stored, but its notification could not be sent or queued:`, error);
  });
  context.waitUntil(notify);
}

/** What the visitor sent, as the form labels it, to show back on the problem page. */
function entered(fields: InquiryFormFields): [string, string][] {
  const label = INQUIRY_FIELD_LABELS;
  const editor = fields.preferredEditor === ANY_EDITOR.value ? ANY_EDITOR.label : (fields.preferredEditor ?? '');
  return [
    [label.parentName, fields.parentName ?? ''],
    [label.studentInfo, fields.studentInfo ?? ''],
    [label.intendedMajor, majorLabel(fields.intendedMajor ?? '')],
    [label.services, fields.services.map(contactServiceLabel).join(', ')],
    [label.preferredEditor, editor],
    [label.turnaround, fields.turnaround ? turnaroundLabelById(fields.turnaround) : ''],
    [label.email, fields.email ?? ''],
    [label.phone, fields.phone ?? ''],
    [label.details, fields.details ?? ''],
  ];
}

export const config: Config = {
  path: '/api/contact',
  rateLimit: { windowLimit: 10, windowSize: 60, aggregateBy: ['ip', 'domain'] },
};
