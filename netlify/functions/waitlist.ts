/**
 * POST /api/waitlist { email, editorId }: a visitor waits for a full editor. Not only
 * logged: we keep the address, once per editor, so the admin can read the list.
 */
import type { Config } from '@netlify/functions';
import { waitlistSchema } from '../../src/lib/schemas';
import { editorsRepo, isShown } from '../server/editors/editors.repo';
import { HttpError, json, readBody, route } from '../server/core/http';
import { waitlistRepo } from '../server/waitlist/waitlist.repo';

/** Editor ids are slugs; anything else (a '/', a leading dot) cannot name an editor or a safe key. */
const EDITOR_ID = /^[A-Za-z0-9][A-Za-z0-9_-]*$/;

export default route({
  POST: async (req, context) => {
    const { email, editorId } = await readBody(req, waitlistSchema);
    const editor = EDITOR_ID.test(editorId) ? await editorsRepo(context).get(editorId) : null;
    // A hidden editor takes no one new, so nobody waits for them either.
    if (!editor || !isShown(editor)) throw new HttpError(404, 'Editor not found');
    // Joining twice is not an error for the visitor: the address is simply kept once (and, once told, waits again).
    const joined = await waitlistRepo(context).join({ email, editorId, editorName: editor.name });
    return json({ ok: true }, { status: joined === 'already' ? 200 : 201 });
  },
});

export const config: Config = {
  path: '/api/waitlist',
  rateLimit: { windowLimit: 20, windowSize: 60, aggregateBy: ['ip', 'domain'] },
};
