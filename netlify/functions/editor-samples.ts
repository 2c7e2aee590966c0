/**
 * /api/editor/samples: the signed-in editor's sample edits. GET lists them with where each stands; PUT
 * saves one (new or changed, named by the id the page made) as sent for our team's approval; DELETE
 * `{ id }` deletes one. 403 for anyone who is not an editor; 400 with the reason for a sample that
 * names the student, gives contact details or comments on words not in it once; 409 past two; 429
 * past 20 saves an hour.
 */
import type { Config, Context } from '@netlify/functions';
import { checkSample, SAMPLE_LIMITS } from '#features/editors/samples';
import { sampleInputSchema, sampleRemoveSchema } from '#features/editors/samples.schema';
import { samplesRepo } from '#features/editors/server/samples.repo';
import { editorOf } from '#features/editors/server/signed-in-editor';
import { publishEditorChange } from '#features/editors/server/site-rebuild';
import { authenticate } from '#server/core/auth';
import { HttpError, privateJson, readBody, route } from '#server/core/http';
import { spend } from '#server/core/rate-limits';

async function signedInEditor(req: Request, context: Context) {
  const caller = await authenticate(req, context);
  const editor = await editorOf(caller, context);
  if (!editor) throw new HttpError(403, 'Editors only');
  return { caller, editor };
}

export default route({
  GET: async (req, context) => {
    const { editor } = await signedInEditor(req, context);
    return privateJson({ samples: await samplesRepo(context).list(editor.id) });
  },
  PUT: async (req, context) => {
    const { caller, editor } = await signedInEditor(req, context);
    const input = await readBody(req, sampleInputSchema, SAMPLE_LIMITS.bodyBytes);
    const now = new Date();
    const checked = checkSample(input, now.toISOString().slice(0, 10));
    if ('error' in checked) throw new HttpError(400, checked.error);
    await spend('sampleSave', caller.uid, context);
    const repo = samplesRepo(context);
    const { wasPublic } = await repo.save(editor.id, input, checked, now);
    // An approved sample changed is off the profile until approved again.
    if (wasPublic) await publishEditorChange(context);
    return privateJson({ samples: await repo.list(editor.id) });
  },
  DELETE: async (req, context) => {
    const { caller, editor } = await signedInEditor(req, context);
    const { id } = await readBody(req, sampleRemoveSchema);
    await spend('sampleSave', caller.uid, context);
    const repo = samplesRepo(context);
    if ((await repo.remove(editor.id, id)).wasPublic) await publishEditorChange(context);
    return privateJson({ samples: await repo.list(editor.id) });
  },
});

export const config: Config = { path: '/api/editor/samples' };
