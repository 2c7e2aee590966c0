/**
 * POST /api/database/subscribe { email }: the newsletter sign-up, confirmed by a mail that carries
 * the way out. The footer form posts here natively too, before its script runs: then the answer is a
 * page (decision 015).
 */
import type { Config, Context } from '@netlify/functions';
import { normalizeEmail } from '../../src/lib/email';
import { SUBSCRIBED_PATH, formAnswerTexts } from '../../src/lib/form-answers';
import { messages } from '../../src/lib/messages';
import { subscribeSchema } from '../../src/lib/schemas';
import { isBrowserFormPost, problemPage, readForm, seeOther, wayBack } from '../server/core/form-post';
import { json, logFailure, readBody, route } from '../server/core/http';
import { isStorageError } from '../server/storage/error';
import { subscribersRepo } from '../server/contact/subscribers.repo';
import { sendSubscribed } from '../server/privacy/unsubscribe-mail';

export default route({
  POST: (req, context) => (isBrowserFormPost(req) ? fromForm(req, context) : fromJson(req, context)),
});

async function fromJson(req: Request, context: Context) {
  const { email } = await readBody(req, subscribeSchema);
  // Subscribing twice is not an error for the visitor: the address is simply kept once.
  await subscribersRepo(context).subscribe(email);
  await sendSubscribed(email, context);
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
    await subscribersRepo(context).subscribe(parsed.data.email);
    await sendSubscribed(parsed.data.email, context);
  } catch (error) {
    logFailure(req, error);
    return answer(messages.subscribeFailure, isStorageError(error) ? 503 : 500);
  }
  return seeOther(SUBSCRIBED_PATH);
}

export const config: Config = {
  path: '/api/database/subscribe',
  rateLimit: { windowLimit: 20, windowSize: 60, aggregateBy: ['ip', 'domain'] },
};
