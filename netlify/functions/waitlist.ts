/**
 * POST /api/waitlist { email, editorId }: a visitor asks to wait for a full editor. Nothing is stored
 * yet: the address is mailed a link, and joins the editor's list (kept once per editor, for the admin
 * to read and for telling) only when its owner confirms through it, so addresses typed by anyone
 * else never take a place. 202 either way; 429 past the address's few mails an hour.
 */
import type { Config } from '@netlify/functions';
import { waitlistSchema } from '#lib/schemas';
import { editorsRepo, isShown } from '#features/editors/server/editors.repo';
import { HttpError, json, readBody, route } from '#server/core/http';
import { sendConfirmation, spendConfirmation } from '#features/contact/server/opt-in';

/** Editor ids are slugs; anything else (a '/', a leading dot) cannot name an editor or a safe key. */
const EDITOR_ID = /^[A-Za-z0-9][A-Za-z0-9_-]*$/;

export default route({
  POST: async (req, context) => {
    const { email, editorId } = await readBody(req, waitlistSchema);
    const editor = EDITOR_ID.test(editorId) ? await editorsRepo(context).get(editorId) : null;
    // A hidden editor takes no one new, so nobody waits for them either.
    if (!editor || !isShown(editor)) throw new HttpError(404, 'Editor not found');
    await spendConfirmation(email, context);
    await sendConfirmation({ list: 'waitlist', email, editorId }, editor.name, context);
    return json({ ok: true }, { status: 202 });
  },
});

export const config: Config = {
  path: '/api/waitlist',
  rateLimit: { windowLimit: 20, windowSize: 60, aggregateBy: ['ip', 'domain'] },
};
