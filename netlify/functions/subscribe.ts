/**
 * POST /api/database/subscribe { email }: the newsletter sign-up. The address is kept as pending and
 * mailed a link to confirm; it gets the newsletter only once confirmed. A known address is never
 * changed here (one that left stays out): it is only mailed the link again, a few times an hour at
 * most (429 after). The footer form posts here natively too, before its script runs: then the answer
 * is a page (decision 015).
 */
import type { Config, Context } from '@netlify/functions';
import { normalizeEmail } from '#lib/email';
import { SUBSCRIBED_PATH, formAnswerTexts } from '#lib/form-answers';
import { messages } from '#lib/messages';
import { subscribeSchema } from '#lib/schemas';
import { isBrowserFormPost, problemPage, readForm, seeOther, wayBack } from '#server/core/form-post';
import { HttpError, json, logFailure, readBody, route } from '#server/core/http';
import { isStorageError } from '#server/storage/error';
import { subscribersRepo } from '#features/contact/server/subscribers.repo';
import { sendConfirmation, spendConfirmation } from '#features/contact/server/opt-in';

export default route({
  POST: (req, context) => (isBrowserFormPost(req) ? fromForm(req, context) : fromJson(req, context)),
});

/** Subscribing twice is not an error for the visitor, and the answer does not tell who subscribes. */
async function signUp(email: string, context: Context) {
  await spendConfirmation(email, context);
  const subscriber = await subscribersRepo(context).signUp(email);
  if (!subscriber.enabled) await sendConfirmation({ list: 'newsletter', email }, '', context);
}

async function fromJson(req: Request, context: Context) {
  const { email } = await readBody(req, subscribeSchema);
  await signUp(email, context);
  return json({ ok: true });
}

/** The same rules and store as the JSON path; the same messages (messages.ts), on a page. */
async function fromForm(req: Request, context: Context) {
  const typed = (await readForm(req)).get('email') ?? '';
  const answer = (problem: string, status?: number) =>
    problemPage({
      status,
      title: formAnswerTexts.notSubscribed,
      problems: [problem],
      entered: [['Email', typed]],
      back: wayBack(req),
    });
  const parsed = subscribeSchema.safeParse({ email: typed });
  if (!parsed.success) return answer(normalizeEmail(typed) === '' ? messages.emailRequired : messages.emailInvalid);
  try {
    await signUp(parsed.data.email, context);
  } catch (error) {
    if (error instanceof HttpError) return answer(error.message, error.status);
    logFailure(req, error);
    return answer(messages.subscribeFailure, isStorageError(error) ? 503 : 500);
  }
  return seeOther(SUBSCRIBED_PATH);
}

export const config: Config = {
  path: '/api/database/subscribe',
  rateLimit: { windowLimit: 20, windowSize: 60, aggregateBy: ['ip', 'domain'] },
};
