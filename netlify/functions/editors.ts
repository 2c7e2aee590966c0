/** GET /api/database/editors: every editor the site shows, for the public pages; POST: an admin adds one. */
import type { Config } from '@netlify/functions';
import { EDITORS_CACHE_HEADERS } from '#features/editors/server/editors-cache';
import { editorsRepo, isShown, toPublicEditor, type EditorRecord } from '#features/editors/server/editors.repo';
import { route } from '#server/core/http';

/** The answer for one list, made once while the repository answers the same list from memory. */
const answers = new WeakMap<readonly EditorRecord[], string>();
function publicJson(editors: readonly EditorRecord[]): string {
  let body = answers.get(editors);
  if (body === undefined)
    answers.set(editors, (body = JSON.stringify(editors.filter(isShown).map((editor) => toPublicEditor(editor)))));
  return body;
}

export default route({
  GET: async (req, context) => {
    // The admin's own reads ask for `?fresh=` (a CDN cache entry of their own): they must show the
    // admin's write even when another instance answers, so they skip the instance's memory too.
    const fresh = new URL(req.url).searchParams.has('fresh');
    const editors = await editorsRepo(context).list({ fresh });
    return new Response(publicJson(editors), {
      headers: { 'content-type': 'application/json', ...EDITORS_CACHE_HEADERS },
    });
  },
  // The public list is the site's busiest cold start: an admin's write loads its sign-in check and
  // validation (zod and our schemas, 10-15 ms) only when one comes.
  POST: async (req, context) => (await import('#features/editors/server/editor-create')).createEditor(req, context),
});

export const config: Config = { path: '/api/database/editors' };
