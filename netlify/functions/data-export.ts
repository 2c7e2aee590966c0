/**
 * GET /api/privacy/export: the signed-in person's data, as a zip download (export-zip.ts). A verified
 * address is required (what is keyed by address is read for it), and a few downloads an hour are
 * plenty: each reads everything the person has.
 */
import type { Config } from '@netlify/functions';
import { authenticate } from '../server/core/auth';
import { HttpError, route } from '../server/core/http';
import { spend } from '../server/core/rate-limits';
import { exportZip, zipResponse } from '../server/privacy/export-zip';

export default route({
  GET: async (req, context) => {
    const caller = await authenticate(req, context);
    if (!caller.emailVerified) throw new HttpError(403, 'Verify your e-mail address first, then download your data.');
    await spend('dataExport', caller.uid, context);
    const now = new Date();
    return zipResponse(await exportZip(caller, context, now), now);
  },
});

export const config: Config = { path: '/api/privacy/export' };
