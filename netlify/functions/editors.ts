/** GET /api/database/editors: every editor, for the public pages; POST: an admin adds one (SPEC §7). */
import type { Config } from '@netlify/functions';
import { editorInputSchema } from '../../src/lib/schemas';
import { requireAdmin } from '../server/auth';
import { EDITORS_CACHE_TAG, purgeCacheTags } from '../server/cdn';
import { editorsRepo, toPublicEditor } from '../server/editors.repo';
import { json, readBody, route } from '../server/http';

/** Browsers always revalidate; Netlify's CDN keeps a copy briefly, tagged so admin writes can purge it. */
const EDITORS_CACHE_HEADERS = {
  'Cache-Control': 'public, max-age=0, must-revalidate',
  'Netlify-CDN-Cache-Control': 'public, s-maxage=60, stale-while-revalidate=300',
  'Netlify-Cache-Tag': EDITORS_CACHE_TAG,
};

export default route({
  GET: async (_req, context) => {
    const editors = await editorsRepo(context).list();
    return json(editors.map(toPublicEditor), { headers: EDITORS_CACHE_HEADERS });
  },
  POST: async (req, context) => {
    await requireAdmin(req);
    const input = await readBody(req, editorInputSchema);
    const record = await editorsRepo(context).createWithNewId(input);
    await purgeCacheTags([EDITORS_CACHE_TAG]);
    return json(toPublicEditor(record), { status: 201, headers: { 'Cache-Control': 'no-store' } });
  },
});

export const config: Config = { path: '/api/database/editors' };
