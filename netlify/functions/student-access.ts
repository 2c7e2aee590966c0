/**
 * POST /api/student-access/:orderId: the parent invites the student on their paid order to work on its
 * projects (the student is e-mailed); DELETE ends that. Answers the order's projects as the parent
 * sees them. 404 for anyone else's order, 409 for an unpaid one or a student address that is the
 * parent's own or an editor's of the order, 429 past 10 changes an hour.
 */
import type { Config, Context } from '@netlify/functions';
import { authenticate } from '#server/core/auth';
import { setStudentAccess } from '#features/projects/server/student-access';
import { privateJson, route } from '#server/core/http';

const handler = (share: boolean) => async (req: Request, context: Context) => {
  const caller = await authenticate(req, context);
  return privateJson(await setStudentAccess(context.params.orderId ?? '', share, caller, context));
};

export default route({ POST: handler(true), DELETE: handler(false) });

export const config: Config = { path: '/api/student-access/:orderId' };
