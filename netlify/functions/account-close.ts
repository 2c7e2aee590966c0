/**
 * /api/account/close: GET says what closing the account would do now (each open project's ending and
 * refund), so the page says it before the person confirms; POST closes it (close-account.ts), if what
 * it confirms is still so. Closing asks for a sign-in within the last few minutes, as Firebase does
 * before deleting a user.
 */
import type { Config } from '@netlify/functions';
import { closeAccountMessages, RECENT_SIGN_IN_MS } from '#features/privacy/privacy';
import { closeAccountSchema } from '#features/privacy/privacy.schema';
import { authenticate, requireVerifiedEmail } from '#server/core/auth';
import { HttpError, privateJson, readBody, route } from '#server/core/http';
import { spend } from '#server/core/rate-limits';
import { closeAccount, previewClosure } from '#features/privacy/server/close-account';
import { deleteFirebaseUser } from '#features/privacy/server/firebase-user';

export default route({
  GET: async (req, context) => {
    const caller = requireVerifiedEmail(await authenticate(req, context), closeAccountMessages.verifyFirst);
    return privateJson(await previewClosure(caller, new Date(), context));
  },
  POST: async (req, context) => {
    const caller = requireVerifiedEmail(await authenticate(req, context), closeAccountMessages.verifyFirst);
    const now = new Date();
    if (!caller.signedInAt || now.getTime() - caller.signedInAt * 1000 > RECENT_SIGN_IN_MS)
      throw new HttpError(401, closeAccountMessages.signInAgain);
    await spend('step', caller.uid, context);
    const { endings, review } = await readBody(req, closeAccountSchema);
    const idToken = req.headers.get('authorization')!.slice('Bearer '.length);
    const deleteUser = () => deleteFirebaseUser(idToken, context);
    await closeAccount({ caller, deleteUser, confirmed: endings, review, now, context });
    return privateJson({ closed: true });
  },
});

export const config: Config = { path: '/api/account/close' };
