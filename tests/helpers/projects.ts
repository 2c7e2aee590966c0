/** Paid orders and their projects for the delivery tests, through the real endpoints. */
import projectActionHandler from '../../netlify/functions/project-action';
import projectUploadHandler from '../../netlify/functions/project-upload';
import testCheckoutHandler from '../../netlify/functions/test-checkout';
import type { ProjectView } from '../../src/lib/delivery';
import { openOrder } from './api-fixtures';
import { bearer } from './auth-emulator';
import { call } from './functions';
import { selection } from './orders';

/** A paid order of the token's owner (test checkout, 4242); answers its id and its project ids. */
export async function paidOrder(idToken: string, body: unknown = selection()) {
  const { id, orderId } = await openOrder(idToken, body);
  const paid = await call(testCheckoutHandler, `/api/stripe/test-checkout/${orderId}`, {
    method: 'POST',
    params: { orderId },
    headers: bearer(idToken),
    json: { sessionId: id, cardNumber: '4242 4242 4242 4242' },
  });
  if (paid.status !== 200 || paid.body.result !== 'paid') throw new Error(`Could not pay ${orderId}: ${paid.status} ${JSON.stringify(paid.body)}`);
  const units = (body as { services: { quantity: number }[] }).services.reduce((sum, s) => sum + s.quantity, 0);
  return { orderId, projectIds: Array.from({ length: units }, (_, i) => `${orderId}-${i + 1}`) };
}

/** POST /api/projects/:id/:action as the token's owner. */
export const act = (idToken: string, id: string, action: string, json: unknown = {}) =>
  call(projectActionHandler, `/api/projects/${id}/${action}`, { method: 'POST', params: { id, action }, headers: bearer(idToken), json });

/** Uploads `bytes` to a project as the token's owner; answers the response (201 with the file). */
export const upload = (idToken: string, id: string, bytes: Uint8Array | string, name = 'essay.txt') =>
  call(projectUploadHandler, `/api/project-files/${id}`, {
    method: 'POST',
    params: { id },
    headers: { ...bearer(idToken), 'content-type': 'application/octet-stream', 'x-file-name': encodeURIComponent(name) },
    body: typeof bytes === 'string' ? bytes : (bytes as BodyInit),
  });

/** A first draft as pasted text, against the project's current version. */
export const submitText = (idToken: string, project: Pick<ProjectView, 'id' | 'version'>, text = 'My essay, first draft.') =>
  act(idToken, project.id, 'submit', { version: project.version, prompt: 'Why this college? (250 words)', draft: { kind: 'text', text } });
