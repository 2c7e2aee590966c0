/**
 * PUT /api/editor/profile: the signed-in editor writes the bio on their profile page, in their own
 * words. Everything else on the profile is the admin's. 403 for anyone who is not an editor; 429
 * past 10 saves an hour, since each one builds the site again.
 */
import type { Config } from '@netlify/functions';
import { editorBioSchema } from '#features/editors/editor.schema';
import { authenticate } from '#server/core/auth';
import { editorOf } from '#features/editors/server/signed-in-editor';
import { editorsRepo } from '#features/editors/server/editors.repo';
import { HttpError, privateJson, readBody, route } from '#server/core/http';
import { spend } from '#server/core/rate-limits';
import { publishEditorChange } from '#features/editors/server/site-rebuild';

export default route({
  PUT: async (req, context) => {
    const caller = await authenticate(req, context);
    const editor = await editorOf(caller, context);
    if (!editor) throw new HttpError(403, 'Editors only');
    const { bio } = await readBody(req, editorBioSchema);
    await spend('profileSave', caller.uid, context);
    const saved = await editorsRepo(context).updateBio(editor.id, bio);
    if (!saved) throw new HttpError(404, 'Editor not found');
    await publishEditorChange(context);
    return privateJson({ bio: saved.bio ?? '' });
  },
});

export const config: Config = { path: '/api/editor/profile' };
