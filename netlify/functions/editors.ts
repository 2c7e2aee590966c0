/** GET /api/database/editors: every editor, for the public pages (SPEC §7). */
import type { Config } from '@netlify/functions';
import { editorsRepo, toPublicEditor } from '../server/editors.repo';
import { json, route } from '../server/http';

/** Browsers always revalidate; Netlify's CDN keeps a copy briefly, tagged so admin writes can purge it. */
const EDITORS_CACHE_HEADERS = {
  'Cache-Control': 'public, max-age=0, must-revalidate',
  'Netlify-CDN-Cache-Control': 'public, s-maxage=60, stale-while-revalidate=300',
  'Netlify-Cache-Tag': 'editors',
};

export default route({
  GET: async (_req, context) => {
    const editors = await editorsRepo(context).list();
    return json(editors.map(toPublicEditor), { headers: EDITORS_CACHE_HEADERS });
  },
});

export const config: Config = { path: '/api/database/editors' };
