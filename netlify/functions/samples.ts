/**
 * GET /api/database/samples: the sample edits our team approved, as families read them on the
 * profiles (`?editor=` for one editor's), of the editors the site shows. The build renders them into
 * each profile; the profile's island reads its editor's after load. Cached on the CDN with the editors.
 */
import type { Config } from '@netlify/functions';
import { sampleEditorSchema } from '#features/editors/samples.schema';
import { EDITORS_CACHE_HEADERS } from '#features/editors/server/editors-cache';
import { editorsRepo, isShown } from '#features/editors/server/editors.repo';
import { samplesRepo } from '#features/editors/server/samples.repo';
import { parse, route } from '#server/core/http';

export default route({
  GET: async (req, context) => {
    const editor = parse(sampleEditorSchema, new URL(req.url).searchParams.get('editor') ?? undefined) || undefined;
    // The list is in the instance's memory almost always; an editor it does not show is read no further.
    const shown = new Set((await editorsRepo(context).list()).filter(isShown).map((e) => e.id));
    const samples = editor && !shown.has(editor) ? [] : await samplesRepo(context).approved(editor);
    return new Response(JSON.stringify(samples.filter((s) => shown.has(s.editorId))), {
      headers: { 'content-type': 'application/json', ...EDITORS_CACHE_HEADERS },
    });
  },
});

export const config: Config = { path: '/api/database/samples' };
