/** GET /api/uploads/:key: an uploaded photo, public. Keys are random and never reused, so it caches forever. */
import type { Config } from '@netlify/functions';
import { errorResponse, route } from '#server/core/http';
import { uploadsRepo } from '#features/editors/server/uploads';

export default route({
  GET: async (_req, context) => {
    const file = await uploadsRepo(context).get(context.params?.key ?? '');
    if (!file) return errorResponse(404, 'No such file');
    return new Response(file.bytes, {
      headers: {
        'Content-Type': file.type,
        'Content-Length': String(file.bytes.byteLength),
        'Cache-Control': 'public, max-age=31536000, immutable',
        'X-Content-Type-Options': 'nosniff',
      },
    });
  },
});

export const config: Config = { path: '/api/uploads/:key' };
