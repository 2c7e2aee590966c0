/**
 * POST /api/admin/privacy { email, action }: a privacy request that came by mail. 'lookup' answers
 * what we hold about that address, counted; 'export' answers the same zip the person downloads
 * themself; 'close-preview' what closing their account does, and 'close' (with a reason and the
 * endings read) closes it as the person's own closure does. Each but the preview is written to the
 * audit log (who, what, when). A POST keeps the address out of URLs and logs.
 */
import type { Config } from '@netlify/functions';
import { closeAccountMessages } from '#features/privacy/privacy';
import { adminPrivacySchema } from '#features/privacy/privacy.schema';
import { audited } from '#server/core/audit-log';
import { requireAdmin, requireOwner } from '#server/core/auth';
import { privateJson, readBody, route } from '#server/core/http';
import { exportZip, zipResponse } from '#features/privacy/server/export-zip';
import { personByEmail, personSummary } from '#features/privacy/server/export-person';
import { closeAccount, closingPerson, previewClosure } from '#features/privacy/server/close-account';
import { firebaseAdmin } from '#features/privacy/server/firebase-user';

export default route({
  POST: async (req, context) => {
    const admin = await requireAdmin(req, context);
    const body = await readBody(req, adminPrivacySchema);
    const { email, action } = body;
    const subject = { kind: 'person', id: email } as const;
    if (body.action === 'close-preview' || body.action === 'close') {
      // Closing an account is an owner's: staff may look a person up and export their data.
      requireOwner(admin);
      // Admin rights over sign-ins first: without them nothing is changed (503).
      const firebase = await firebaseAdmin(context);
      const closing = await closingPerson(email, firebase, context);
      const now = new Date();
      if (body.action === 'close-preview') return privateJson(await previewClosure(closing, now, context));
      const deleteUser = () => firebase.deleteUser(closing.uid);
      await audited(
        context,
        admin,
        { action: 'account-closed', subject, before: null, after: { email, reason: body.reason } },
        () =>
          closeAccount({ caller: closing, deleteUser, confirmed: body.endings, adminEmail: admin.email, now, context }),
        now,
      );
      return privateJson({ closed: true, message: closeAccountMessages.closedByAdmin });
    }
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
