/**
 * POST /api/newsletter/unsubscribe-link { email }: mails that address a link to leave the newsletter,
 * if it is subscribed. The answer is the same either way, and comes before the lookup, so neither its
 * words nor its timing tell who subscribes. The policy page's form posts here natively (a page back);
 * a script may send JSON. Limited per address and per IP: each link is an e-mail to someone.
 */
import type { Config, Context } from '@netlify/functions';
import { unsubscribeLinkSchema } from '#features/privacy/privacy.schema';
import { normalizeEmail } from '#lib/email';
import { messages } from '#lib/messages';
import { unsubscribeTexts } from '#lib/unsubscribe';
import { isBrowserFormPost, problemPage, readForm, wayBack } from '#server/core/form-post';
import { json, readBody, route } from '#server/core/http';
import { spend } from '#server/core/rate-limits';
import { linkSentPage } from '#features/privacy/server/unsubscribe-pages';
import { unsubscribeSecret } from '#features/contact/server/unsubscribe-token';
import { sendUnsubscribeLink } from '#features/privacy/server/unsubscribe-mail';

async function accept(context: Context, email: string) {
  unsubscribeSecret(context); // 503 now, in production without a secret, rather than a mail never sent
  await spend('unsubscribeLink', email, context);
  context.waitUntil(sendUnsubscribeLink(email, context).catch((error) => console.error('Unsubscribe link:', error)));
}

export default route({
  POST: async (req, context) => {
    if (isBrowserFormPost(req)) {
      const typed = (await readForm(req)).get('email') ?? '';
      const parsed = unsubscribeLinkSchema.safeParse({ email: typed });
      if (!parsed.success) {
        const problem = normalizeEmail(typed) === '' ? messages.emailRequired : messages.emailInvalid;
        const title = unsubscribeTexts.linkNotSent;
        return problemPage({ title, problems: [problem], entered: [['Email', typed]], back: wayBack(req) });
      }
      await accept(context, parsed.data.email);
      return linkSentPage();
    }
    const { email } = await readBody(req, unsubscribeLinkSchema);
    await accept(context, email);
    return json({ ok: true });
  },
});

export const config: Config = {
  path: '/api/newsletter/unsubscribe-link',
  rateLimit: { windowLimit: 10, windowSize: 60, aggregateBy: ['ip', 'domain'] },
};
