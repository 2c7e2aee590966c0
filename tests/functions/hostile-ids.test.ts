/**
 * Ids from a request never reach storage unchecked: every endpoint that takes an id (in its path or
 * its body) is sent hostile ones (traversal, encoded traversal, too long, unicode, separators), by an
 * admin and by a family, and must answer a clean 4xx with `{ error }` while storage sees no request
 * that names the id, nor any store but ours. The endpoints with a path parameter come from
 * netlify/functions itself, so a new one is tried without a line here.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { freeSlots } from '../../src/features/consults/server/consult-booking';
import { seedDemoEditors } from '../../src/features/editors/server/seed';
import { STORE_NAMES } from '../../netlify/server/storage/stores';
import { testTokens } from '../helpers/admin-access';
import { editorInput, validInquiry } from '../helpers/api-fixtures';
import { useAtomicBlobsServer } from '../helpers/atomic-blobs-server';
import { bearer, createUser } from '../helpers/auth-emulator';
import { bookingRequest } from '../helpers/consults';
import { listEndpoints, type Endpoint } from '../helpers/endpoints';
import { call } from '../helpers/functions';
import { selection } from '../helpers/orders';
import { paidOrder } from '../helpers/projects';

const blobs = useAtomicBlobsServer();

const HOSTILE = [
  '..',
  '.',
  '../site:files/x',
  'maya-chen/../maya-chen',
  '%2e%2e',
  '%2E%2E%2Fsite:files%2Fx',
  '..%2f..%2fsite:orders',
  'BCC-ABC234/../BCC-ABC234',
  'BCC-ABC234-1/..',
  'a'.repeat(700),
  'Maya-Chën',
  'マヤ',
  '😀',
  'x?y=1',
  'x#y',
  'x\\y',
  'x\u0000y',
  ' ',
];

/** A valid value for each path parameter, for the parameter not under attack. */
const VALID: Record<string, string> = {
  id: 'BCC-ABC234-1',
  orderId: 'BCC-ABC234',
  fileId: crypto.randomUUID(),
  key: `${crypto.randomUUID()}.png`,
  action: 'message',
  receipt: 'payment',
};

/** A body each endpoint would accept were its id good, so the id is what it meets. */
function bodyFor(endpoint: Endpoint): { json?: unknown; body?: BodyInit; headers?: Record<string, string> } {
  if (endpoint.method === 'GET' || endpoint.method === 'DELETE') return {};
  if (endpoint.path === '/api/project-files/:id' && endpoint.method === 'POST') {
    return { body: 'My draft', headers: { 'content-type': 'application/octet-stream', 'x-file-name': 'essay.txt' } };
  }
  if (endpoint.path === '/api/admin/orders/:id/refunds')
    return { json: { requestId: crypto.randomUUID(), amountCents: 100, reason: 'Goodwill', projectIds: [] } };
  if (endpoint.path === '/api/database/editors/:id') return { json: editorInput() };
  if (endpoint.path === '/api/stripe/test-checkout/:orderId')
    return { json: { sessionId: `cs_test_local_${'a'.repeat(32)}`, cardNumber: '4242 4242 4242 4242' } };
  if (endpoint.path === '/api/projects/:id/:action') return { json: { text: 'Hello', version: 1 } };
  return { json: {} };
}

let callers: Record<'admin' | 'family', Record<string, string>>;
let projectId: string;
beforeAll(async () => {
  vi.spyOn(console, 'error').mockImplementation(() => {});
  await seedDemoEditors();
  const [{ admin }, family] = await Promise.all([testTokens(), createUser()]);
  callers = { admin: bearer(admin), family: bearer(family.idToken) };
  ({
    projectIds: [projectId],
  } = await paidOrder(family.idToken, selection({ services: [{ id: 'supplement-small', quantity: 1 }] })));
});
afterAll(() => vi.restoreAllMocks());

type Answer = Awaited<ReturnType<typeof call>>;

/** A clean refusal, and storage never asked for the id nor for a store of another name. */
function expectRefusedUntouched(res: Answer, hostile: string, what: string) {
  expect(res.status, `${what}: ${JSON.stringify(res.body)}`).toBeGreaterThanOrEqual(400);
  expect(res.status, what).toBeLessThan(500);
  expect(res.status, what).not.toBe(429);
  expect(res.body, what).toEqual({ error: expect.any(String) });
  const stores = new Set(STORE_NAMES.map((name) => `site:${name}`));
  for (const request of blobs.takeRequests()) {
    expect(stores.has(request.store), `${what}: a request to ${request.store}`).toBe(true);
    if (hostile.trim().length > 1)
      expect(request.key.includes(hostile), `${what}: ${request.method} ${request.key}`).toBe(false);
  }
}

const endpoints = (await listEndpoints()).filter((e) => e.path.includes(':'));

describe('ids in the path', () => {
  it('every endpoint with a path parameter is tried', () => {
    expect(endpoints.length).toBeGreaterThanOrEqual(10);
  });

  it.each(endpoints.map((e) => [e.key, e] as const))(
    '%s refuses every hostile id cleanly, and storage never sees it',
    async (_, endpoint) => {
      const params = [...endpoint.path.matchAll(/:(\w+)/g)].map((m) => m[1]);
      for (const attacked of params) {
        for (const hostile of HOSTILE) {
          for (const [who, headers] of Object.entries(callers)) {
            const values = Object.fromEntries(params.map((p) => [p, p === attacked ? hostile : VALID[p]]));
            const path = endpoint.path.replace(/:(\w+)/g, (_m, p: string) => encodeURIComponent(values[p]));
            const { headers: extra, ...body } = bodyFor(endpoint);
            blobs.takeRequests();
            const res = await call(endpoint.handler, path, {
              method: endpoint.method,
              params: values,
              headers: { ...headers, ...extra },
              ...body,
            });
            expectRefusedUntouched(res, hostile, `${endpoint.key} ${attacked}=${JSON.stringify(hostile)} as ${who}`);
          }
        }
      }
    },
    120_000,
  );
});

describe('ids in the body', () => {
  const bodies: Record<
    string,
    {
      endpoint: string;
      method?: string;
      caller: 'admin' | 'family';
      json: (hostile: string) => Promise<unknown> | unknown;
      params?: () => Record<string, string>;
    }
  > = {
    'checkout editorId': {
      endpoint: '/api/stripe/create-payment-session',
      caller: 'family',
      json: (editorId) => selection({ editorId }),
    },
    'waitlist editorId': {
      endpoint: '/api/waitlist',
      caller: 'family',
      json: (editorId) => ({ email: 'waiting@example.com', editorId }),
    },
    'inquiry preferredEditor': {
      endpoint: '/api/contact',
      caller: 'family',
      json: (preferredEditor) => ({ ...validInquiry, preferredEditor }),
    },
    'consult preferredEditor': {
      endpoint: '/api/consult/bookings',
      caller: 'family',
      json: async (preferredEditor) => bookingRequest((await freeSlots({})).slots[0], { preferredEditor }),
    },
    'reassign editorId': {
      endpoint: '/api/projects/:id/:action',
      caller: 'admin',
      params: () => ({ id: projectId, action: 'reassign' }),
      json: (editorId) => ({ version: 1, editorId }),
    },
    'subscriber id': {
      endpoint: '/api/database/emails',
      method: 'PATCH',
      caller: 'admin',
      json: (id) => ({ id, enabled: false }),
    },
    'inquiry id': {
      endpoint: '/api/admin/inquiries',
      method: 'PATCH',
      caller: 'admin',
      json: (id) => ({ id, handled: true }),
    },
    'owner event id': {
      endpoint: '/api/admin/attention',
      method: 'PATCH',
      caller: 'admin',
      json: (id) => ({ id, seen: true }),
    },
  };

  it.each(Object.entries(bodies))(
    '%s: every hostile id is refused cleanly, and storage never sees it',
    async (what, row) => {
      const endpoint = (await listEndpoints()).find(
        (e) => e.path === row.endpoint && e.method === (row.method ?? 'POST'),
      )!;
      for (const hostile of HOSTILE) {
        const params = row.params?.() ?? {};
        const path = row.endpoint.replace(/:(\w+)/g, (_m, p: string) => params[p]);
        const json = await row.json(hostile);
        blobs.takeRequests();
        const res = await call(endpoint.handler, path, {
          method: endpoint.method,
          params,
          headers: callers[row.caller],
          json,
        });
        expectRefusedUntouched(res, hostile, `${what}=${JSON.stringify(hostile)}`);
      }
    },
    120_000,
  );
});
