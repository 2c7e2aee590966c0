/** Paid orders and their projects for the delivery tests, through the real endpoints. */
import projectActionHandler from '../../netlify/functions/project-action';
import projectUploadHandler from '../../netlify/functions/project-upload';
import testCheckoutHandler from '../../netlify/functions/test-checkout';
import type { ProjectView } from '../../src/features/projects/project';
import { beforeAll, beforeEach } from 'vitest';
import { openOrder } from './api-fixtures';
import { bearer, createUser, tokenOf } from './auth-emulator';
import { call, clearStore } from './functions';
import { resetOrderingStores, selection } from './orders';

/** A paid order of the token's owner (test checkout, 4242); answers its id and its project ids. */
export async function paidOrder(idToken: string, body: unknown = selection()) {
  const { id, orderId } = await openOrder(idToken, body);
  const paid = await call(testCheckoutHandler, `/api/stripe/test-checkout/${orderId}`, {
    method: 'POST',
    params: { orderId },
    headers: bearer(idToken),
    json: { sessionId: id, cardNumber: '4242 4242 4242 4242' },
  });
  if (paid.status !== 200 || paid.body.result !== 'paid')
    throw new Error(`Could not pay ${orderId}: ${paid.status} ${JSON.stringify(paid.body)}`);
  const units = (body as { services: { quantity: number }[] }).services.reduce((sum, s) => sum + s.quantity, 0);
  return { orderId, projectIds: Array.from({ length: units }, (_, i) => `${orderId}-${i + 1}`) };
}

/** POST /api/projects/:id/:action as the token's owner. */
export const act = (idToken: string, id: string, action: string, json: unknown = {}) =>
  call(projectActionHandler, `/api/projects/${id}/${action}`, {
    method: 'POST',
    params: { id, action },
    headers: bearer(idToken),
    json,
  });

/** Uploads `bytes` to a project as the token's owner; answers the response (201 with the file). */
export const upload = (idToken: string, id: string, bytes: Uint8Array | string, name = 'essay.txt') =>
  call(projectUploadHandler, `/api/project-files/${id}`, {
    method: 'POST',
    params: { id },
    headers: {
      ...bearer(idToken),
      'content-type': 'application/octet-stream',
      'x-file-name': encodeURIComponent(name),
    },
    body: typeof bytes === 'string' ? bytes : (bytes as BodyInit),
  });

/** A first draft as pasted text, against the project's current version. */
export const submitText = (
  idToken: string,
  project: Pick<ProjectView, 'id' | 'version'>,
  text = 'My essay, first draft.',
) =>
  act(idToken, project.id, 'submit', {
    version: project.version,
    prompt: 'Why this college? (250 words)',
    draft: { kind: 'text', text },
  });

/**
 * The two parties of a delivery test file: a new customer, and Maya's token as their editor. Every
 * test starts from the demo editors and no orders, projects, timers or files (and `alsoClear`).
 */
export function useDeliveryParties(alsoClear: string[] = []) {
  const parties = {} as { customer: Awaited<ReturnType<typeof createUser>>; editorToken: string };
  beforeAll(async () => {
    parties.customer = await createUser();
    parties.editorToken = await tokenOf('maya@example.test');
  });
  beforeEach(async () => {
    await resetOrderingStores();
    await Promise.all(['projects', 'timers', 'files', ...alsoClear].map(clearStore));
  });
  return parties;
}
