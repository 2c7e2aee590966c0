/**
 * GET /confirm?token=: the page a confirmation link opens, asking to confirm (mail scanners open
 * links, so a GET changes nothing). POST /confirm (form, token): the newsletter address becomes
 * active, or the address joins the editor's waitlist. Confirming again changes nothing and says the
 * same. A forged, altered or expired token gets a page saying how to get a new link.
 */
import type { Config, Context } from '@netlify/functions';
import { optInTexts } from '#features/contact/opt-in';
import { unsubscribeTokenSchema } from '#features/privacy/privacy.schema';
import { readForm } from '#server/core/form-post';
import { route } from '#server/core/http';
import { subscribersRepo } from '#features/contact/server/subscribers.repo';
import { readOptIn, type OptIn } from '#features/contact/server/opt-in';
import { askPage, badConfirmLinkPage, confirmedPage, noWaitlistPage } from '#features/contact/server/opt-in-pages';
import { editorsRepo, isShown } from '#features/editors/server/editors.repo';
import { sendSubscribed } from '#features/privacy/server/unsubscribe-mail';
import { waitlistRepo } from '#features/waitlist/server/waitlist.repo';

/** The opt-in a well-formed, genuine, current token names, and the token; null otherwise. */
function optInOf(token: string | null, context: Context): { optIn: OptIn; token: string } | null {
  const parsed = unsubscribeTokenSchema.safeParse({ token });
  const optIn = parsed.success ? readOptIn(parsed.data.token, context) : null;
  return optIn && parsed.success ? { optIn, token: parsed.data.token } : null;
}

/** The editor a waitlist link names, while they take new families. */
async function shownEditor(editorId: string, context: Context) {
  const editor = await editorsRepo(context).get(editorId);
  return editor && isShown(editor) ? editor : null;
}

export default route({
  GET: async (req, context) => {
    const found = optInOf(new URL(req.url).searchParams.get('token'), context);
    if (!found) return badConfirmLinkPage();
    const { optIn, token } = found;
    if (optIn.list === 'newsletter') {
      const t = optInTexts.newsletter;
      return askPage(t.askTitle, t.askBody(optIn.email), token);
    }
    const editor = await shownEditor(optIn.editorId, context);
    if (!editor) return noWaitlistPage();
    const t = optInTexts.waitlist;
    return askPage(t.askTitle(editor.name), t.askBody(optIn.email, editor.name), token);
  },
  POST: async (req, context) => {
    const found = optInOf((await readForm(req)).get('token') ?? null, context);
    if (!found) return badConfirmLinkPage();
    const { optIn } = found;
    if (optIn.list === 'newsletter') {
      await subscribersRepo(context).subscribe(optIn.email);
      await sendSubscribed(optIn.email, context);
      const t = optInTexts.newsletter;
      return confirmedPage(t.doneTitle, t.doneBody(optIn.email));
    }
    const editor = await shownEditor(optIn.editorId, context);
    if (!editor) return noWaitlistPage();
    // Joining again once told waits again; already waiting stays in place.
    await waitlistRepo(context).join({ email: optIn.email, editorId: editor.id, editorName: editor.name });
    const t = optInTexts.waitlist;
    return confirmedPage(t.doneTitle, t.doneBody(optIn.email, editor.name));
  },
});

export const config: Config = {
  path: '/confirm',
  rateLimit: { windowLimit: 30, windowSize: 60, aggregateBy: ['ip', 'domain'] },
};
