/**
 * POST /api/applications: a recent graduate applies to edit for us, from /become-an-editor. The page's
 * form is plain HTML and posts natively: the answer is a page (the confirmation, or what to fix with
 * what was entered); a script may send JSON. Limited per address and per IP.
 */
import type { Config, Context } from '@netlify/functions';
import {
  APPLICATION_FIELD_LABELS,
  APPLICATION_PATH,
  APPLICATION_SENT_PATH,
  applicationTexts,
} from '#features/applications/application';
import { NUMBER_FIELDS, applicationSchema } from '#features/applications/application.schema';
import { receiveApplication } from '#features/applications/server/receive';
import { fieldProblems, isBrowserFormPost, problemPage, readForm, relabel, seeOther } from '#server/core/form-post';
import { HttpError, json, logFailure, readBody, route } from '#server/core/http';
import { isStorageError } from '#server/storage/error';

export default route({
  POST: async (req, context) => {
    if (isBrowserFormPost(req)) return fromForm(req, context);
    await receiveApplication(await readBody(req, applicationSchema), context);
    return json({ ok: true }, { status: 201 });
  },
});

async function fromForm(req: Request, context: Context) {
  const form = await readForm(req);
  const fields: Record<string, string> = Object.fromEntries(
    Object.keys(APPLICATION_FIELD_LABELS).map((name) => [name, form.get(name) ?? '']),
  );
  // A number typed in the form is text; a JSON body must send numbers.
  const typed = (name: string) =>
    (NUMBER_FIELDS as readonly string[]).includes(name) && /^\s*\d{1,6}\s*$/.test(fields[name])
      ? Number(fields[name])
      : fields[name];
  const answer = (problems: string[], status?: number) =>
    problemPage({
      status,
      title: applicationTexts.notSent,
      problems,
      entered: Object.entries(APPLICATION_FIELD_LABELS).map(([name, label]) => [label, fields[name]]),
      back: { href: APPLICATION_PATH, label: applicationTexts.backToForm },
    });
  const parsed = await applicationSchema.safeParseAsync(
    Object.fromEntries(Object.keys(fields).map((name) => [name, typed(name)])),
  );
  if (!parsed.success) return answer(fieldProblems(parsed.error.issues, fields, APPLICATION_FIELD_LABELS));
  try {
    await receiveApplication(parsed.data, context);
  } catch (error) {
    if (error instanceof HttpError) return answer([relabel(error.message, APPLICATION_FIELD_LABELS)], error.status);
    logFailure(req, error);
    return answer([applicationTexts.failed], isStorageError(error) ? 503 : 500);
  }
  return seeOther(APPLICATION_SENT_PATH);
}

export const config: Config = {
  path: '/api/applications',
  rateLimit: { windowLimit: 10, windowSize: 60, aggregateBy: ['ip', 'domain'] },
};
