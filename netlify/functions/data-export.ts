/**
 * GET /api/privacy/export: the signed-in person's data, as a zip download (export-zip.ts). A verified
 * address is required (what is keyed by address is read for it), and a few downloads an hour are
 * plenty: each reads everything the person has.
 */
import type { Config } from '@netlify/functions';
import { DATA_EXPORT_VERIFY_FIRST } from '#features/privacy/data-export';
import { authenticate, requireVerifiedEmail } from '#server/core/auth';
import { route } from '#server/core/http';
import { spend } from '#server/core/rate-limits';
import { exportZip, zipResponse } from '#features/privacy/server/export-zip';

export default route({
  GET: async (req, context) => {
    const caller = requireVerifiedEmail(await authenticate(req, context), DATA_EXPORT_VERIFY_FIRST);
    await spend('dataExport', caller.uid, context);
    const now = new Date();
    return zipResponse(await exportZip(caller, context, now), now);
  },
});

export const config: Config = { path: '/api/privacy/export' };
