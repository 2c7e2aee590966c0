/**
 * POST /api/admin/privacy { email, action }: a privacy request that came by mail. 'lookup' answers
 * what we hold about that address, counted; 'export' answers the same zip the person downloads
 * themself. Each is written to the audit log (who, what, when). A POST keeps the address out of URLs
 * and logs.
 */
import type { Config } from '@netlify/functions';
import { adminPrivacySchema } from '../../src/lib/privacy.schema';
import { audited } from '../server/admin/audit-log';
import { requireAdmin } from '../server/core/auth';
import { privateJson, readBody, route } from '../server/core/http';
import { exportZip, zipResponse } from '../server/privacy/export-zip';
import { personByEmail, personSummary } from '../server/privacy/export-person';

export default route({
  POST: async (req, context) => {
    const admin = await requireAdmin(req, context);
    const { email, action } = await readBody(req, adminPrivacySchema);
    const subject = { kind: 'person', id: email } as const;
    const person = await personByEmail(email, context);
    if (action === 'lookup') {
      const summary = await audited(
        context,
        admin,
        { action: 'person-looked-up', subject, before: null, after: { email } },
        () => personSummary(person, context),
      );
      return privateJson(summary);
    }
    const now = new Date();
    const zip = await audited(
      context,
      admin,
      { action: 'data-exported', subject, before: null, after: { email } },
      () => exportZip(person, context, now),
      now,
    );
    return zipResponse(zip, now);
  },
});

export const config: Config = { path: '/api/admin/privacy' };
