/**
 * /api/editor/payout-account: the signed-in editor's bank account for payouts, through Stripe Connect.
 * GET: where it stands ('none', 'onboarding', 'ready'), read from Stripe again. POST: a fresh link into
 * Stripe's hosted onboarding (the account is made on the first). 403 for anyone who is not an editor.
 */
import type { Config, Context } from '@netlify/functions';
import { onboardingLinkFor, payoutAccountOf } from '#features/payouts/server/connect';
import { editorOf } from '#features/editors/server/signed-in-editor';
import { authenticate } from '#server/core/auth';
import { HttpError, privateJson, route } from '#server/core/http';

async function signedInEditor(req: Request, context: Context) {
  const caller = await authenticate(req, context);
  const editor = await editorOf(caller, context);
  if (!editor) throw new HttpError(403, 'Editors only');
  return { caller, editor };
}

export default route({
  GET: async (req, context) => {
    const { editor } = await signedInEditor(req, context);
    return privateJson(await payoutAccountOf(editor, new Date(), context));
  },
  POST: async (req, context) => {
    const { caller, editor } = await signedInEditor(req, context);
    return privateJson({ url: await onboardingLinkFor(editor, caller.email, new Date(), context) });
  },
});

export const config: Config = { path: '/api/editor/payout-account' };
