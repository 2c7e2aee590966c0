/**
 * GET /unsubscribe?token=: the newsletter link's page, asking to confirm (mail scanners open links,
 * so a GET changes nothing). POST /unsubscribe (form, token; or a mail app's one-click POST to the
 * link): the subscriber leaves. Both are plain
 * pages that work without JavaScript; a forged, altered or expired token gets a page saying how to
 * ask for a new link.
 */
import type { Config } from '@netlify/functions';
import { unsubscribeTokenSchema } from '#features/privacy/privacy.schema';
import { readForm } from '#server/core/form-post';
import { route } from '#server/core/http';
import { subscribersRepo } from '#features/contact/server/subscribers.repo';
import { badLinkPage, confirmPage, donePage } from '#features/privacy/server/unsubscribe-pages';
import { readUnsubscribeToken, unsubscribeSecret } from '#features/contact/server/unsubscribe-token';
import type { DeployInfo } from '#server/storage/deploy';

/** The address a well-formed, genuine, current token names; null otherwise. */
function addressOf(token: string | null, info: DeployInfo): { email: string; token: string } | null {
  const parsed = unsubscribeTokenSchema.safeParse({ token });
  if (!parsed.success) return null;
  const email = readUnsubscribeToken(parsed.data.token, unsubscribeSecret(info));
  return email ? { email, token: parsed.data.token } : null;
}

export default route({
  GET: (req, context) => {
    const found = addressOf(new URL(req.url).searchParams.get('token'), context);
    return found ? confirmPage(found.email, found.token) : badLinkPage();
  },
  POST: async (req, context) => {
    // Our confirmation page posts the token in the form; a mail app's one click (RFC 8058) posts
    // 'List-Unsubscribe=One-Click' to the link itself, the token in its query.
    const token = (await readForm(req)).get('token') ?? new URL(req.url).searchParams.get('token');
    const found = addressOf(token, context);
    if (!found) return badLinkPage();
    // Already gone or never subscribed: the page says the same, the address gets no newsletter.
    await subscribersRepo(context).unsubscribe(found.email);
    return donePage(found.email);
  },
});

export const config: Config = {
  path: '/unsubscribe',
  rateLimit: { windowLimit: 30, windowSize: 60, aggregateBy: ['ip', 'domain'] },
};
