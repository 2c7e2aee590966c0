/**
 * POST /api/uploads (admin): an editor photo as the raw request body. JPEG, PNG or WebP up to 2 MB,
 * judged by its bytes; answers 201 { url } for the editor's image field.
 */
import type { Config } from '@netlify/functions';
import { isUploadImageType, uploadMessages, UPLOAD_MAX_BYTES } from '#lib/uploads';
import { requireAdmin } from '#server/core/auth';
import { HttpError, json, readBytes, route } from '#server/core/http';
import { sniffImageType, uploadsRepo, uploadUrl } from '#features/editors/server/uploads';

export default route({
  POST: async (req, context) => {
    await requireAdmin(req, context);
    const declared = (req.headers.get('content-type') ?? '').split(';')[0].trim().toLowerCase();
    if (!isUploadImageType(declared)) throw new HttpError(400, uploadMessages.wrongType);
    const bytes = await readBytes(req, UPLOAD_MAX_BYTES, new HttpError(413, uploadMessages.tooLarge));
    if (bytes.byteLength === 0) throw new HttpError(400, uploadMessages.empty);
    // The declared type is only a claim: the bytes must really be one of the accepted images.
    const type = sniffImageType(bytes);
    if (!type) throw new HttpError(400, uploadMessages.wrongType);
    const key = await uploadsRepo(context).save(bytes, type);
    return json({ url: uploadUrl(key) }, { status: 201, headers: { 'Cache-Control': 'no-store' } });
  },
});

export const config: Config = { path: '/api/uploads' };
