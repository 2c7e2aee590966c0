/**
 * Hostile and random bodies for every endpoint that takes one, generated with fast-check: wrong
 * types, deep nesting, huge strings, prototype-pollution keys, invalid UTF-8, the wrong content type,
 * an empty body, 1 MB. The answer is always 400, 413 or 415 with `{ error }`, never a 500, and no
 * store changes. Each endpoint is reached by a caller allowed to use it, so only the body is wrong.
 */
import { getStore } from '@netlify/blobs';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_RATES } from '#features/payouts/earnings';
import { editorsRepo } from '../../src/features/editors/server/editors.repo';
import { inquiriesRepo } from '#features/contact/server/inquiries.repo';
import { attentionRepo, tellOwner } from '../../netlify/server/core/attention';
import { inquirySchema } from '../../src/lib/schemas';
import { LOCAL_WEBHOOK_SECRET } from '../../netlify/server/core/stripe';
import { signWebhookPayload } from '../../src/features/orders/server/webhook-signature';
import { sniffImageType } from '../../src/features/editors/server/uploads';
import { UPLOAD_MAX_BYTES } from '../../src/lib/uploads';
import { testTokens } from '../helpers/admin-access';
import {
  editorInput,
  invitedEditor,
  newApplicationKey,
  openOrder,
  validApplication,
  validInquiry,
  submittedSampleOf,
  validSample,
} from '../helpers/api-fixtures';
import { bearer, tokenOf } from '../helpers/auth-emulator';
import { listEndpoints, type Endpoint } from '../helpers/endpoints';
import { call, clearStore } from '../helpers/functions';
import { resetOrderingStores, selection } from '../helpers/orders';
import { paidOrder } from '../helpers/projects';
import { sniffProjectFile } from '#features/essay/server/files';
import { DELIVERY_LIMITS } from '../../src/features/projects/process';
import { arrangeBooking, bookingRequest } from '../helpers/consults';
import { freeSlots } from '../../src/features/consults/server/consult-booking';
import { STORE_NAMES } from '../../netlify/server/storage/stores';
import { DEFAULT_AVAILABILITY } from '../../src/features/consults/consult-availability';

// Every store a request could write to: rate-limit counters move on any request, refused or not,
// backups are written only by the scheduled export, and the journal names only writes the other stores
// show (it holds every write of the whole run: listing it for each endpoint cost minutes).
const STORES = STORE_NAMES.filter((name) => !['limits', 'backups', 'journal'].includes(name));
const RUNS = 40;
const MB = 1024 * 1024;

/** Every record of every store with its etag: a write anywhere changes it. */
async function snapshot() {
  const lists = await Promise.all(
    STORES.map(async (name) => (await getStore({ name, consistency: 'strong' }).list()).blobs),
  );
  return Object.fromEntries(STORES.map((name, i) => [name, lists[i].map((b) => `${b.key} ${b.etag}`).sort()]));
}

interface Sent {
  body: Uint8Array | string;
  contentType?: string;
}
/** How to reach one endpoint as someone allowed to, and a body it would accept. */
interface JsonTarget {
  kind: 'json';
  path: () => string;
  params?: () => Record<string, string>;
  headers: () => Record<string, string>;
  valid: () => Record<string, unknown>;
}
interface RawTarget {
  kind: 'raw';
  path: () => string;
  params?: () => Record<string, string>;
  headers: () => Record<string, string>;
  /** Hostile bodies for this endpoint and the statuses each may get (400, 413 or 415 unless given). */
  bodies: fc.Arbitrary<Sent>;
  statuses?: number[];
}

let tokens: { admin: string; customer: string; editor: string };
let editorId: string;
let sampleId: string;
let inquiryKey: string;
let attentionId: string;
let order: { id: string; orderId: string };
/** A paid project of the customer, waiting for its draft, and its order. */
let projectId: string;
let paidOrderId: string;
let invited: { id: string; token: string };
let applicationKey: string;
let consult: { slot: string; lookupToken: string; cancelToken: string; bookingId: string };

// --- Hostile JSON bodies, built from a valid one ---------------------------------------------------

const jsonType = (v: unknown) => (v === null ? 'null' : Array.isArray(v) ? 'array' : typeof v);
const encode = (text: string) => new TextEncoder().encode(text);
// A number at the bottom: an empty array is a valid value for fields that default to one (`addOns`).
const nested = (depth: number, asArray: boolean) =>
  asArray ? '['.repeat(depth) + '1' + ']'.repeat(depth) : '{"a":'.repeat(depth) + '1' + '}'.repeat(depth);
const INVALID_UTF8 = [[0xff], [0xc0, 0xaf], [0xed, 0xa0, 0x80], [0xe2, 0x82], [0xf8, 0x88, 0x80, 0x80, 0x80], [0x80]];
const POLLUTION =
  '"__proto__":{"polluted":"yes","isAdmin":true},"constructor":{"prototype":{"polluted":"yes"}},"prototype":{"polluted":"yes"},';
const WRONG_TYPES = [
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=x',
  'application/xml',
  'text/json',
  undefined,
];

/** The valid body with one field replaced by a value of another JSON type (nothing valid is of two types). */
const wrongField = (valid: Record<string, unknown>) =>
  fc.constantFrom(...Object.keys(valid)).chain((field) =>
    fc
      .jsonValue({ maxDepth: 3 })
      .filter((v) => jsonType(v) !== jsonType(valid[field]))
      .map((value) => ({ ...valid, [field]: value })),
  );

function hostileJson(valid: Record<string, unknown>): fc.Arbitrary<Sent & { label: string; statuses: number[] }> {
  const json = (label: string, text: string, statuses = [400]) => ({
    label,
    body: text,
    contentType: 'application/json',
    statuses,
  });
  return fc.oneof(
    wrongField(valid).map((body) => json('a field of the wrong type', JSON.stringify(body), [400, 413])),
    fc.jsonValue({ maxDepth: 4 }).map((body) => json('any JSON value', JSON.stringify(body) ?? 'null', [400, 413])),
    fc
      .tuple(fc.constantFrom(...Object.keys(valid)), fc.integer({ min: 1, max: 5000 }), fc.boolean())
      .map(([field, depth, asArray]) =>
        json(
          `${field} nested ${depth} deep`,
          JSON.stringify({ ...valid, [field]: '@' }).replace('"@"', nested(depth, asArray)),
          [400, 413],
        ),
      ),
    fc
      .integer({ min: 1, max: 5000 })
      .map((depth) => json(`a body nested ${depth} deep`, nested(depth, depth % 2 === 0), [400, 413])),
    fc
      .tuple(fc.constantFrom(...Object.keys(valid)), fc.integer({ min: 16 * 1024, max: 2 * MB }))
      .map(([field, length]) =>
        json(`${field} of ${length} characters`, JSON.stringify({ ...valid, [field]: 'x'.repeat(length) }), [400]),
      ),
    wrongField(valid).map((body) =>
      json('pollution keys beside a wrong field', `{${POLLUTION}${JSON.stringify(body).slice(1)}`),
    ),
    fc.tuple(fc.constantFrom(...INVALID_UTF8), fc.nat()).map(([bad, at]) => {
      const bytes = encode(JSON.stringify(valid));
      const i = 1 + (at % (bytes.length - 1));
      return {
        label: 'invalid UTF-8',
        body: new Uint8Array([...bytes.slice(0, i), ...bad, ...bytes.slice(i)]),
        contentType: 'application/json',
        statuses: [400],
      };
    }),
    fc
      .uint8Array({ maxLength: 512 })
      .map((bytes) => ({ label: 'random bytes', body: bytes, contentType: 'application/json', statuses: [400] })),
    fc.constantFrom(...WRONG_TYPES).map((contentType) => ({
      label: `Content-Type ${contentType}`,
      body: JSON.stringify(valid),
      contentType,
      statuses: [400],
    })),
    fc.constant(json('an empty body', '')),
    fc.constant(json('1 MB of JSON', JSON.stringify({ ...valid, pad: 'x'.repeat(MB) }), [400])),
  );
}

// --- The endpoints ----------------------------------------------------------------------------------

const anyone = () => ({});
const admin = () => bearer(tokens.admin);
const customer = () => bearer(tokens.customer);

const signedEvent = (object: unknown) => {
  const payload = JSON.stringify({
    id: 'evt_bad_input',
    object: 'event',
    type: 'checkout.session.completed',
    data: { object },
  });
  return {
    body: payload,
    contentType: 'application/json',
    signature: signWebhookPayload(payload, LOCAL_WEBHOOK_SECRET),
  };
};

/** Whatever an endpoint that takes no body may be sent. */
const ignoredBodies = () =>
  fc.oneof(
    fc.jsonValue({ maxDepth: 4 }).map((v) => ({ body: JSON.stringify(v) ?? '', contentType: 'application/json' })),
    fc.uint8Array({ maxLength: 512 }).map((body) => ({ body })),
    fc.constant({ body: 'x'.repeat(MB), contentType: 'application/json' }),
  );

/** One entry per endpoint that takes a body; a new one without an entry fails the first test. */
const TARGETS: Record<string, JsonTarget | RawTarget> = {
  'POST /api/database/subscribe': {
    kind: 'json',
    path: () => '/api/database/subscribe',
    headers: anyone,
    valid: () => ({ email: 'reader@example.com' }),
  },
  'POST /api/contact': { kind: 'json', path: () => '/api/contact', headers: anyone, valid: () => validInquiry },
  'POST /api/database/editors': {
    kind: 'json',
    path: () => '/api/database/editors',
    headers: admin,
    valid: () => editorInput(),
  },
  'PUT /api/database/editors/:id': {
    kind: 'json',
    path: () => `/api/database/editors/${editorId}`,
    params: () => ({ id: editorId }),
    headers: admin,
    valid: () => editorInput(),
  },
  'PATCH /api/database/editors/:id': {
    kind: 'json',
    path: () => `/api/database/editors/${editorId}`,
    params: () => ({ id: editorId }),
    headers: admin,
    valid: () => ({ hidden: false }),
  },
  'PUT /api/editor/profile': {
    kind: 'json',
    path: () => '/api/editor/profile',
    headers: () => bearer(tokens.editor),
    valid: () => ({ bio: 'I read every draft twice.' }),
  },
  'PUT /api/editor/samples': {
    kind: 'json',
    path: () => '/api/editor/samples',
    headers: () => bearer(tokens.editor),
    valid: () => validSample(),
  },
  'POST /api/admin/samples': {
    kind: 'json',
    path: () => '/api/admin/samples',
    headers: admin,
    valid: () => ({ editorId: 'maya-chen', sampleId, decision: 'decline', reason: 'Too short.' }),
  },
  'POST /api/waitlist': {
    kind: 'json',
    path: () => '/api/waitlist',
    headers: anyone,
    valid: () => ({ email: 'waiting@example.com', editorId: 'maya-chen' }),
  },
  'PATCH /api/admin/inquiries': {
    kind: 'json',
    path: () => '/api/admin/inquiries',
    headers: admin,
    valid: () => ({ id: inquiryKey, handled: true }),
  },
  'POST /api/admin/inquiries': {
    kind: 'json',
    path: () => '/api/admin/inquiries',
    headers: admin,
    valid: () => ({ id: inquiryKey, action: 'note', requestId: crypto.randomUUID(), text: 'Called back.' }),
  },
  'POST /api/admin/staff': {
    kind: 'json',
    path: () => '/api/admin/staff',
    headers: admin,
    valid: () => ({ email: `hostile-${crypto.randomUUID()}@example.test`, role: 'staff' }),
  },
  'PATCH /api/admin/staff': {
    kind: 'json',
    path: () => '/api/admin/staff',
    headers: admin,
    valid: () => ({ email: 'nobody-on-the-team@example.test', role: 'owner' }),
  },
  'PUT /api/admin/notifications': {
    kind: 'json',
    path: () => '/api/admin/notifications',
    headers: admin,
    valid: () => ({ kinds: ['order-paid'], digest: true }),
  },
  'POST /api/admin/outbox': {
    kind: 'json',
    path: () => '/api/admin/outbox',
    headers: admin,
    valid: () => ({ id: '2026-12-04T10:00:00.000Z-0123abcd' }),
  },
  'PATCH /api/admin/attention': {
    kind: 'json',
    path: () => '/api/admin/attention',
    headers: admin,
    valid: () => ({ id: attentionId, seen: true }),
  },
  'POST /api/database/emails': {
    kind: 'json',
    path: () => '/api/database/emails',
    headers: admin,
    valid: () => ({ id: 'reader@example.com' }),
  },
  'PATCH /api/database/emails': {
    kind: 'json',
    path: () => '/api/database/emails',
    headers: admin,
    valid: () => ({ id: 'reader@example.com', enabled: false }),
  },
  'POST /api/stripe/create-payment-session': {
    kind: 'json',
    path: () => '/api/stripe/create-payment-session',
    headers: customer,
    valid: () => selection(),
  },
  'POST /api/stripe/test-checkout/:orderId': {
    kind: 'json',
    path: () => `/api/stripe/test-checkout/${order.orderId}`,
    params: () => ({ orderId: order.orderId }),
    headers: customer,
    valid: () => ({ sessionId: order.id, cardNumber: '4242 4242 4242 4242' }),
  },
  // Every step parses its body the same way; a message is the one every open project takes.
  'POST /api/projects/:id/:action': {
    kind: 'json',
    path: () => `/api/projects/${projectId}/message`,
    params: () => ({ id: projectId, action: 'message' }),
    headers: customer,
    valid: () => ({ text: 'When is my draft due?' }),
  },
  'POST /api/admin/orders/:id/refunds': {
    kind: 'json',
    path: () => `/api/admin/orders/${paidOrderId}/refunds`,
    params: () => ({ id: paidOrderId }),
    headers: admin,
    valid: () => ({ requestId: crypto.randomUUID(), amountCents: 100, reason: 'Goodwill', projectIds: [] }),
  },
  // Takes no body: whatever is sent changes nothing, and another customer's order stays hidden (404).
  'POST /api/orders/:id/:action': {
    kind: 'raw',
    path: () => `/api/orders/${order.orderId}/cancel`,
    params: () => ({ id: order.orderId, action: 'cancel' }),
    headers: admin,
    statuses: [404],
    bodies: ignoredBodies(),
  },
  // Takes no body: whatever is sent, an admin who is no editor opens no bank account (403).
  'POST /api/editor/payout-account': {
    kind: 'raw',
    path: () => '/api/editor/payout-account',
    headers: admin,
    statuses: [403],
    bodies: ignoredBodies(),
  },
  // Test mode's stand-in for Stripe's page: its form carries nothing; an unknown account stays unknown.
  'POST /api/test-connect': {
    kind: 'raw',
    path: () => `/api/test-connect?account=acct_test_${'0'.repeat(32)}`,
    headers: anyone,
    statuses: [400, 404, 413],
    bodies: ignoredBodies(),
  },
  // Takes no body either: whatever is sent, someone else's paid order stays hidden (404).
  'POST /api/student-access/:orderId': {
    kind: 'raw',
    path: () => `/api/student-access/${paidOrderId}`,
    params: () => ({ orderId: paidOrderId }),
    headers: admin,
    statuses: [404],
    bodies: ignoredBodies(),
  },
  'POST /api/project-files/:id': {
    kind: 'raw',
    path: () => `/api/project-files/${projectId}`,
    params: () => ({ id: projectId }),
    headers: () => ({ ...customer(), 'x-file-name': 'essay.docx' }),
    bodies: fc.oneof(
      fc
        .uint8Array({ minLength: 1, maxLength: 2048 })
        .filter((bytes) => sniffProjectFile(bytes) === null)
        .map((body) => ({ body, contentType: 'application/octet-stream' })),
      fc.constant({ body: new Uint8Array(), contentType: 'application/octet-stream' }),
      // Plain text named .docx: bytes not of the type the name says.
      fc
        .stringMatching(/^[a-z ]{1,200}$/)
        .map((text) => ({ body: new TextEncoder().encode(text), contentType: 'application/octet-stream' })),
      fc
        .integer({ min: DELIVERY_LIMITS.fileBytes + 1, max: DELIVERY_LIMITS.fileBytes + MB })
        .map((size) => ({ body: new Uint8Array(size).fill(0x41), contentType: 'text/plain' })),
    ),
  },
  'POST /api/consult/bookings': {
    kind: 'json',
    path: () => '/api/consult/bookings',
    headers: anyone,
    valid: () => bookingRequest(consult.slot),
  },
  'POST /api/consult/lookup': {
    kind: 'json',
    path: () => '/api/consult/lookup',
    headers: anyone,
    valid: () => ({ token: consult.lookupToken }),
  },
  'POST /api/consult/cancel': {
    kind: 'json',
    path: () => '/api/consult/cancel',
    headers: anyone,
    valid: () => ({ token: consult.cancelToken }),
  },
  'POST /api/applications': {
    kind: 'json',
    path: () => '/api/applications',
    headers: anyone,
    valid: () => validApplication(),
  },
  'PATCH /api/admin/applications': {
    kind: 'json',
    path: () => '/api/admin/applications',
    headers: admin,
    valid: () => ({ key: applicationKey, stage: 'interviewing' }),
  },
  'POST /api/admin/editors': {
    kind: 'json',
    path: () => '/api/admin/editors',
    headers: admin,
    valid: () => ({ editorId: invited.id }),
  },
  'POST /api/editor-invite': {
    kind: 'json',
    path: () => '/api/editor-invite',
    headers: anyone,
    valid: () => ({ token: invited.token }),
  },
  'POST /api/admin/payouts': {
    kind: 'json',
    path: () => '/api/admin/payouts',
    headers: admin,
    valid: () => ({ requestId: crypto.randomUUID(), reference: 'Bank batch' }),
  },
  'PUT /api/admin/payouts': {
    kind: 'json',
    path: () => '/api/admin/payouts',
    headers: admin,
    valid: () => ({ ...DEFAULT_RATES }),
  },
  'PUT /api/admin/consult-availability': {
    kind: 'json',
    path: () => '/api/admin/consult-availability',
    headers: admin,
    valid: () => ({ ...DEFAULT_AVAILABILITY }),
  },
  'PATCH /api/admin/consults/:id': {
    kind: 'json',
    path: () => `/api/admin/consults/${consult.bookingId}`,
    params: () => ({ id: consult.bookingId }),
    headers: admin,
    valid: () => ({ meetingLink: 'https://meet.example.com/bad-input' }),
  },
  'POST /api/uploads': {
    kind: 'raw',
    path: () => '/api/uploads',
    headers: admin,
    bodies: fc.oneof(
      fc
        .tuple(fc.uint8Array({ maxLength: 2048 }), fc.constantFrom('image/png', 'image/jpeg', 'image/webp'))
        .filter(([bytes]) => sniffImageType(bytes) === null)
        .map(([body, contentType]) => ({ body, contentType })),
      fc
        .tuple(
          fc.uint8Array({ maxLength: 64 }),
          fc.constantFrom('image/svg+xml', 'text/html', 'application/json', 'image/gif', undefined),
        )
        .map(([body, contentType]) => ({ body, contentType })),
      fc
        .integer({ min: UPLOAD_MAX_BYTES + 1, max: UPLOAD_MAX_BYTES + MB })
        .map((size) => ({ body: new Uint8Array(size), contentType: 'image/png' })),
    ),
  },
  'POST /api/newsletter/unsubscribe-link': {
    kind: 'json',
    path: () => '/api/newsletter/unsubscribe-link',
    headers: anyone,
    valid: () => ({ email: 'reader@example.com' }),
  },
  // The confirming form of an unsubscribe link: a post from anywhere but this site's page is refused
  // before its body is read.
  'POST /unsubscribe': {
    kind: 'raw',
    path: () => '/unsubscribe',
    headers: () => ({ origin: 'https://elsewhere.example' }),
    statuses: [403],
    bodies: ignoredBodies(),
  },
  // The confirming form of a sign-up's link: the same, refused from anywhere but this site's page.
  'POST /confirm': {
    kind: 'raw',
    path: () => '/confirm',
    headers: () => ({ origin: 'https://elsewhere.example' }),
    statuses: [403],
    bodies: ignoredBodies(),
  },
  'POST /api/admin/privacy': {
    kind: 'json',
    path: () => '/api/admin/privacy',
    headers: admin,
    valid: () => ({ email: 'reader@example.com', action: 'lookup' }),
  },
  // Confirms the ending of a project nobody has: a body that got through would be refused (409), and
  // no account is closed.
  'POST /api/account/close': {
    kind: 'json',
    path: () => '/api/account/close',
    headers: customer,
    valid: () => ({ endings: [{ projectId: 'BCC-NOBODY-1', refundCents: 0 }] }),
  },
  'POST /api/stripe/webhook': {
    kind: 'raw',
    path: () => '/api/stripe/webhook',
    headers: anyone,
    bodies: fc.oneof(
      fc.jsonValue({ maxDepth: 4 }).map((v) => ({ body: JSON.stringify(v) ?? '', contentType: 'application/json' })),
      fc.uint8Array({ maxLength: 512 }).map((body) => ({ body })),
      fc.constant({ body: 'x'.repeat(MB), contentType: 'application/json' }),
      // Signed with the right secret, but not a checkout session: refused, not a crash.
      fc.jsonValue({ maxDepth: 3 }).map(signedEvent),
    ),
  },
};

const endpoints = await listEndpoints();
const withBody = endpoints.filter((e) => ['POST', 'PUT', 'PATCH'].includes(e.method));

beforeAll(async () => {
  delete process.env.STRIPE_SECRET_KEY;
  await resetOrderingStores();
  const { admin, user } = await testTokens();
  tokens = { admin, customer: user, editor: await tokenOf('maya@example.test') };
  editorId = (await editorsRepo().createWithNewId(editorInput('Bad Input Target'))).id;
  sampleId = await submittedSampleOf('maya-chen');
  invited = await invitedEditor();
  applicationKey = await newApplicationKey();
  order = await openOrder(tokens.customer);
  ({
    orderId: paidOrderId,
    projectIds: [projectId],
  } = await paidOrder(tokens.customer));
  inquiryKey = (await inquiriesRepo().add(await inquirySchema.parseAsync(validInquiry))).key;
  await tellOwner({
    id: 'refund-failed-BCC-BADINP-admin-x',
    at: new Date(),
    kind: 'refund-failed',
    orderId: 'BCC-BADINP',
    subject: 'A refund failed',
    lines: ['A refund failed.'],
  });
  attentionId = (await attentionRepo().page({ limit: 1 })).items[0].id;
  const [lookupBooking, cancelBooking, linkBooking] = [
    await arrangeBooking(),
    await arrangeBooking(),
    await arrangeBooking(),
  ];
  consult = {
    slot: (await freeSlots({})).slots[0],
    lookupToken: lookupBooking.token,
    cancelToken: cancelBooking.token,
    bookingId: linkBooking.id,
  };
});

afterAll(() => {
  expect(({} as Record<string, unknown>).polluted).toBeUndefined();
});

it('has hostile bodies for every endpoint that takes a body', () => {
  expect(Object.keys(TARGETS).sort()).toEqual(withBody.map((e) => e.key));
});

async function send(endpoint: Endpoint, target: JsonTarget | RawTarget, sent: Sent & { signature?: string }) {
  const headers: Record<string, string> = { ...target.headers() };
  if (sent.contentType) headers['content-type'] = sent.contentType;
  if (sent.signature) headers['stripe-signature'] = sent.signature;
  const params = 'params' in target ? target.params?.() : undefined;
  return call(endpoint.handler, target.path(), {
    method: endpoint.method,
    headers,
    body: sent.body as BodyInit,
    params,
  });
}

describe.each(withBody.filter((e) => TARGETS[e.key]))('$key', (endpoint) => {
  const target = TARGETS[endpoint.key];

  it('answers every hostile body with 400, 413 or 415 and { error }, and stores nothing', async () => {
    const before = await snapshot();
    const bodies =
      target.kind === 'json'
        ? hostileJson(target.valid())
        : target.bodies.map((b) => ({ ...b, label: 'raw', statuses: target.statuses ?? [400, 413, 415] }));
    await fc.assert(
      fc.asyncProperty(bodies, async (sent) => {
        // Every body, not only the first few a minute, must meet the checks: the per-person rate
        // limits (which count hostile bodies too) are rate-limits-per-person.test.ts's subject.
        await clearStore('limits');
        const res = await send(endpoint, target, sent);
        expect(sent.statuses, `${sent.label}: ${res.status} ${JSON.stringify(res.body).slice(0, 200)}`).toContain(
          res.status,
        );
        expect(res.body).toEqual({ error: expect.any(String) });
        expect(res.body.error).not.toMatch(/\bat .*\.(ts|js):\d+/); // no stack trace
      }),
      { numRuns: RUNS },
    );
    expect(await snapshot()).toEqual(before);
  });

  if (target.kind === 'json') {
    it('drops prototype-pollution keys from a body it accepts: nothing polluted, nothing stored with them', async () => {
      const before = await snapshot();
      const text = JSON.stringify(target.valid());
      const res = await send(endpoint, target, {
        body: `{${POLLUTION}${text.slice(1)}`,
        contentType: 'application/json',
      });
      expect(res.status).toBeLessThan(500);
      expect(JSON.stringify(res.body)).not.toContain('polluted');
      expect(({} as Record<string, unknown>).polluted).toBeUndefined();
      const after = await snapshot();
      for (const name of STORES) {
        const written = after[name]
          .filter((entry) => !before[name].includes(entry))
          .map((entry) => entry.split(' ')[0]);
        for (const key of written)
          expect(await getStore({ name, consistency: 'strong' }).get(key)).not.toContain('polluted');
      }
    });
  }
});
