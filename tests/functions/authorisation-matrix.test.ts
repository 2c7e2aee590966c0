/**
 * The authorisation matrix (docs/security.md): every endpoint x every kind of caller -> the status it
 * must answer. The endpoints come from netlify/functions itself, so a new endpoint (or a new method
 * on one) without a row here fails the first test. Each cell arranges its own data and makes a real
 * request with real tokens from the Auth emulator; a request an endpoint should accept is a valid
 * one, so "admin gets 200" also proves the row is not refusing everyone.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { acceptingSmtpUrl, givenUpMail } from '../helpers/smtp';
import { ledgerRepo } from '#features/payouts/server/ledger';
import { DEFAULT_RATES } from '#features/payouts/earnings';
import { inquirySchema } from '../../src/lib/schemas';
import { editorsRepo } from '../../src/features/editors/server/editors.repo';
import { DEMO_EDITORS } from '../../src/features/editors/server/seed';
import { inquiriesRepo } from '#features/contact/server/inquiries.repo';
import { confirmUrl } from '#features/contact/server/opt-in';
import { subscribersRepo } from '#features/contact/server/subscribers.repo';
import { signUnsubscribeToken } from '#features/contact/server/unsubscribe-token';
import { LOCAL_LINK_SECRET } from '#server/core/signed-links';
import { waitlistRepo } from '#features/waitlist/server/waitlist.repo';
import { attentionRepo, tellOwner } from '../../netlify/server/core/attention';
import { uploadsRepo } from '../../src/features/editors/server/uploads';
import { staffRepo } from '../../netlify/server/core/staff';
import { testTokens } from '../helpers/admin-access';
import {
  editorInput,
  invitedEditor,
  newApplicationKey,
  openOrder,
  validApplication,
  validInquiry,
  payableEntry,
  submittedSampleOf,
  validSample,
} from '../helpers/api-fixtures';
import { adminAuth, bearer, createUser, signIn, tokenOf } from '../helpers/auth-emulator';
import { listEndpoints } from '../helpers/endpoints';
import payoutAccount from '#functions/editor-payout-account';
import { call, clearStore, context } from '../helpers/functions';
import { PNG_1x1 } from '../helpers/images';
import { arrangeBooking, bookingRequest } from '../helpers/consults';
import { freeSlots } from '../../src/features/consults/server/consult-booking';
import { DEFAULT_AVAILABILITY } from '../../src/features/consults/consult-availability';
import { resetOrderingStores, selection } from '../helpers/orders';
import { act, paidOrder, upload } from '../helpers/projects';

/**
 * 'editor' signs in as the editor of the customer's project (the demo editor maya-chen); 'admin' is an
 * owner (ADMIN_EMAILS), 'staff' a member of the team with the staff role.
 */
const CALLERS = ['no token', 'malformed token', 'customer', 'admin', 'staff', 'another customer', 'editor'] as const;
type Caller = (typeof CALLERS)[number];
type Statuses = Record<Caller, number>;
/**
 * The admin's and the editor's own addresses, signed in before the address was verified: a role needs
 * a verified address in every environment, so until then each is answered as 'another customer' is.
 */
const UNVERIFIED = {
  'admin, address unverified': 'boss@example.test',
  'editor, address unverified': 'maya@example.test',
} as const;
type Unverified = keyof typeof UNVERIFIED;

/** What a cell sends, after arranging whatever it needs. */
interface Cell {
  path: string;
  params?: Record<string, string>;
  json?: unknown;
  body?: BodyInit;
  headers?: Record<string, string>;
}
interface Row {
  expect: Statuses;
  request: () => Promise<Cell>;
  /** The project's editor legitimately sees the customer's order id (it is part of the project). */
  editorSeesOrder?: boolean;
  /** What an unverified admin or editor gets, where it differs from 'another customer' (a verified one). */
  unverified?: number;
}

const everyone = (status: number): Statuses => ({
  'no token': status,
  'malformed token': status,
  customer: status,
  admin: status,
  staff: status,
  'another customer': status,
  editor: status,
});
const adminsOnly = (status: number): Statuses => ({
  'no token': 401,
  'malformed token': 401,
  customer: 403,
  admin: status,
  staff: status,
  'another customer': 403,
  editor: 403,
});
/** What only an owner of the business may do: staff are refused as customers are. */
const businessOwnersOnly = (status: number): Statuses => ({ ...adminsOnly(status), staff: 403 });
const signedIn = (status: number): Statuses => ({
  'no token': 401,
  'malformed token': 401,
  customer: status,
  admin: status,
  staff: status,
  'another customer': status,
  editor: status,
});
/** The customer owns the data; an admin may read it; anyone else learns nothing, not even that it exists. */
const ownerOrAdmin = (status: number): Statuses => ({ ...signedIn(status), 'another customer': 404, editor: 404 });
const ownerOnly = (status: number): Statuses => ({ ...ownerOrAdmin(status), admin: 404, staff: 404 });
/** A project: its customer, its editor and admins; strangers get 404. */
const projectParties = (status: number): Statuses => ({ ...signedIn(status), 'another customer': 404 });

let tokens: Record<Exclude<Caller, 'no token'> | Unverified, string>;
/** A pending order of 'customer', which no one else may see. */
let ownersOrder: string;
/** A paid order of 'customer', made once for every caller of its receipt. */
let receiptsOrder: Promise<string> | undefined;

/** A fresh paid project of 'customer' with maya-chen ('editor'), and a draft file of it. */
async function customersProject() {
  const {
    projectIds: [id],
  } = await paidOrder(tokens.customer, selection({ services: [{ id: 'supplement-small', quantity: 1 }] }));
  return id;
}
async function customersDraftFile() {
  const id = await customersProject();
  const file = (await upload(tokens.customer, id, 'My draft')).body;
  const submitted = await act(tokens.customer, id, 'submit', {
    version: 1,
    prompt: 'Prompt',
    draft: { kind: 'file', fileId: file.id },
  });
  if (submitted.status !== 200) throw new Error(`Could not submit: ${JSON.stringify(submitted.body)}`);
  return { id, fileId: file.id as string };
}

/** An event the owner was told of, as the attention list names it. */
async function ownerNotice() {
  const at = new Date();
  await tellOwner({
    id: `family-cancel-BCC-MATRIX-${crypto.randomUUID().slice(0, 8)}`,
    at,
    kind: 'family-cancel',
    orderId: 'BCC-MATRIX',
    subject: 'A family cancelled',
    lines: ['A family cancelled.'],
  });
  return (await attentionRepo().page({ limit: 1 })).items[0].id;
}

/** The sample the editor's rows save and delete, and the one of another editor's an admin approves. */
const MATRIX_SAMPLE = '0b6f2a4e-9d3c-4e1b-8a7f-5c2d9e1f3a60';

/** A new address, and one on the team as staff, for the team's rows. */
const matrixAddress = () => `team-${crypto.randomUUID()}@example.test`;
async function teamMember() {
  const email = matrixAddress();
  await staffRepo().invite(email, 'staff', 'owner@example.test', new Date());
  return email;
}

const editorWithId = async () => (await editorsRepo().createWithNewId(editorInput())).id;

/** One row per endpoint (method and `config.path`); a new endpoint needs one line here. */
const MATRIX: Record<string, Row> = {
  'GET /api/database/editors': { expect: everyone(200), request: async () => ({ path: '/api/database/editors' }) },
  'GET /api/editors/:id/reviews': {
    expect: everyone(200),
    request: async () => ({ path: '/api/editors/maya-chen/reviews', params: { id: 'maya-chen' } }),
  },
  'POST /api/database/editors': {
    expect: adminsOnly(201),
    request: async () => ({ path: '/api/database/editors', json: editorInput() }),
  },
  'PUT /api/database/editors/:id': {
    expect: adminsOnly(200),
    request: async () => {
      const id = await editorWithId();
      return { path: `/api/database/editors/${id}`, params: { id }, json: editorInput() };
    },
  },
  'PATCH /api/database/editors/:id': {
    expect: adminsOnly(200),
    request: async () => {
      const id = await editorWithId();
      return { path: `/api/database/editors/${id}`, params: { id }, json: { hidden: true } };
    },
  },
  'DELETE /api/database/editors/:id': {
    expect: adminsOnly(204),
    request: async () => {
      const id = await editorWithId();
      return { path: `/api/database/editors/${id}`, params: { id } };
    },
  },
  'GET /api/database/emails': { expect: adminsOnly(200), request: async () => ({ path: '/api/database/emails' }) },
  'PATCH /api/database/emails': {
    expect: adminsOnly(200),
    request: async () => {
      await subscribersRepo().subscribe('matrix@example.com');
      return { path: '/api/database/emails', json: { id: 'matrix@example.com', enabled: false } };
    },
  },
  'POST /api/database/emails': {
    expect: adminsOnly(200),
    request: async () => {
      await clearStore('limits');
      await subscribersRepo().signUp('matrix-pending@example.com');
      return { path: '/api/database/emails', json: { id: 'matrix-pending@example.com' } };
    },
  },
  'POST /api/database/subscribe': {
    expect: everyone(200),
    request: async () => ({
      path: '/api/database/subscribe',
      json: { email: `reader-${crypto.randomUUID()}@example.com` },
    }),
  },
  'POST /api/admin/privacy': {
    expect: adminsOnly(200),
    request: async () => ({ path: '/api/admin/privacy', json: { email: 'matrix@example.com', action: 'lookup' } }),
  },
  'GET /api/privacy/export': {
    expect: signedIn(200),
    // Everyone's own data: the editor's holds the project, and so the customer's order id.
    editorSeesOrder: true,
    unverified: 403,
    request: async () => {
      await clearStore('limits');
      return { path: '/api/privacy/export' };
    },
  },
  'GET /api/account/close': {
    // The editor has the customer's project open, so cannot close; unverified, they are no editor.
    expect: { ...signedIn(200), editor: 409 },
    editorSeesOrder: true,
    unverified: 403,
    request: async () => {
      await customersProject();
      return { path: '/api/account/close' };
    },
  },
  'POST /api/account/close': {
    // A confirmation of a project nobody has: refused before anything is closed, so no account here is.
    expect: signedIn(409),
    unverified: 403,
    request: async () => {
      await clearStore('limits');
      return { path: '/api/account/close', json: { endings: [{ projectId: 'BCC-AAAAAA-1', refundCents: 0 }] } };
    },
  },
  'GET /unsubscribe': {
    expect: everyone(200),
    request: async () => ({
      path: `/unsubscribe?token=${signUnsubscribeToken('matrix@example.com', LOCAL_LINK_SECRET)}`,
    }),
  },
  'POST /unsubscribe': {
    expect: everyone(403),
    // A form from another site: only our own confirmation page may post it.
    request: async () => ({
      path: '/unsubscribe',
      body: 'token=forged.1.x',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://elsewhere.example' },
    }),
  },
  'GET /confirm': {
    expect: everyone(200),
    request: async () => {
      const url = new URL(confirmUrl({ list: 'newsletter', email: 'matrix@example.com' }, context()));
      return { path: `${url.pathname}${url.search}` };
    },
  },
  'POST /confirm': {
    expect: everyone(403),
    // A form from another site: only our own confirmation page may post it.
    request: async () => ({
      path: '/confirm',
      body: 'token=forged.1.x',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://elsewhere.example' },
    }),
  },
  'POST /api/newsletter/unsubscribe-link': {
    expect: everyone(200),
    request: async () => ({
      path: '/api/newsletter/unsubscribe-link',
      json: { email: `leaving-${crypto.randomUUID()}@example.com` },
    }),
  },
  'POST /api/contact': { expect: everyone(200), request: async () => ({ path: '/api/contact', json: validInquiry }) },
  'POST /api/waitlist': {
    expect: everyone(202),
    request: async () => ({
      path: '/api/waitlist',
      json: { email: `waiting-${crypto.randomUUID()}@example.com`, editorId: 'maya-chen' },
    }),
  },
  'GET /api/admin/inquiries': { expect: adminsOnly(200), request: async () => ({ path: '/api/admin/inquiries' }) },
  'PATCH /api/admin/inquiries': {
    expect: adminsOnly(200),
    request: async () => {
      const { key } = await inquiriesRepo().add(await inquirySchema.parseAsync(validInquiry));
      return { path: '/api/admin/inquiries', json: { id: key, handled: true } };
    },
  },
  'POST /api/admin/inquiries': {
    expect: adminsOnly(200),
    request: async () => {
      const { key } = await inquiriesRepo().add(await inquirySchema.parseAsync(validInquiry));
      return {
        path: '/api/admin/inquiries',
        json: { id: key, action: 'note', requestId: crypto.randomUUID(), text: 'Called back.' },
      };
    },
  },
  'GET /api/admin/orders': { expect: adminsOnly(200), request: async () => ({ path: '/api/admin/orders' }) },
  'GET /api/admin/outbox': { expect: adminsOnly(200), request: async () => ({ path: '/api/admin/outbox' }) },
  'POST /api/admin/outbox': {
    expect: adminsOnly(200),
    request: async () => {
      const id = await givenUpMail();
      vi.stubEnv('SMTP_URL', await acceptingSmtpUrl());
      return { path: '/api/admin/outbox', json: { id } };
    },
  },
  'GET /api/admin/audit': { expect: adminsOnly(200), request: async () => ({ path: '/api/admin/audit' }) },
  'GET /api/admin/backups': { expect: adminsOnly(200), request: async () => ({ path: '/api/admin/backups' }) },
  'GET /api/admin/attention': { expect: adminsOnly(200), request: async () => ({ path: '/api/admin/attention' }) },
  'PATCH /api/admin/attention': {
    expect: adminsOnly(200),
    request: async () => ({ path: '/api/admin/attention', json: { id: await ownerNotice(), seen: true } }),
  },
  'GET /api/admin/waitlist': { expect: adminsOnly(200), request: async () => ({ path: '/api/admin/waitlist' }) },
  'GET /api/admin/waitlist/counts': {
    expect: adminsOnly(200),
    request: async () => ({ path: '/api/admin/waitlist/counts' }),
  },
  'DELETE /api/admin/waitlist': {
    expect: adminsOnly(204),
    request: async () => {
      const email = `matrix-${crypto.randomUUID()}@example.com`;
      await waitlistRepo().join({ email, editorId: 'maya-chen', editorName: 'Maya Chen' });
      return { path: `/api/admin/waitlist?${new URLSearchParams({ editor: 'maya-chen', email })}` };
    },
  },
  'POST /api/uploads': {
    expect: adminsOnly(201),
    request: async () => ({ path: '/api/uploads', body: PNG_1x1, headers: { 'content-type': 'image/png' } }),
  },
  'GET /api/uploads/:key': {
    expect: everyone(200),
    request: async () => {
      const key = await uploadsRepo().save(PNG_1x1, 'image/png');
      return { path: `/api/uploads/${key}`, params: { key } };
    },
  },
  'GET /api/consult/slots': { expect: everyone(200), request: async () => ({ path: '/api/consult/slots' }) },
  'POST /api/consult/bookings': {
    expect: everyone(201),
    request: async () => ({
      path: '/api/consult/bookings',
      json: bookingRequest((await freeSlots({})).slots[0], { email: `matrix-${crypto.randomUUID()}@example.com` }),
    }),
  },
  // The cancel link's token is the only key, whoever holds it: it opens that one consult.
  'POST /api/consult/lookup': {
    expect: everyone(200),
    request: async () => ({ path: '/api/consult/lookup', json: { token: (await arrangeBooking()).token } }),
  },
  'POST /api/consult/cancel': {
    expect: everyone(200),
    request: async () => ({ path: '/api/consult/cancel', json: { token: (await arrangeBooking()).token } }),
  },
  'GET /api/admin/consults': { expect: adminsOnly(200), request: async () => ({ path: '/api/admin/consults' }) },
  'DELETE /api/admin/consults/:id': {
    expect: adminsOnly(200),
    request: async () => {
      const { id } = await arrangeBooking();
      return { path: `/api/admin/consults/${id}`, params: { id } };
    },
  },
  'PATCH /api/admin/consults/:id': {
    expect: adminsOnly(200),
    request: async () => {
      const { id } = await arrangeBooking();
      return {
        path: `/api/admin/consults/${id}`,
        params: { id },
        json: { meetingLink: 'https://meet.example.com/matrix' },
      };
    },
  },
  'GET /api/admin/consult-availability': {
    expect: adminsOnly(200),
    request: async () => ({ path: '/api/admin/consult-availability' }),
  },
  'PUT /api/admin/consult-availability': {
    expect: adminsOnly(200),
    request: async () => ({ path: '/api/admin/consult-availability', json: DEFAULT_AVAILABILITY }),
  },
  'GET /api/admin/payouts': { expect: adminsOnly(200), request: async () => ({ path: '/api/admin/payouts' }) },
  // Something payable each time, so an admin's run is recorded.
  'POST /api/admin/payouts': {
    expect: businessOwnersOnly(200),
    request: async () => {
      await ledgerRepo().add([payableEntry()]);
      return { path: '/api/admin/payouts', json: { requestId: crypto.randomUUID(), reference: 'Bank batch' } };
    },
  },
  'PUT /api/admin/payouts': {
    expect: businessOwnersOnly(200),
    request: async () => ({ path: '/api/admin/payouts', json: DEFAULT_RATES }),
  },
  'GET /api/me': { expect: signedIn(200), request: async () => ({ path: '/api/me' }) },
  'GET /api/admin/notifications': {
    expect: adminsOnly(200),
    request: async () => ({ path: '/api/admin/notifications' }),
  },
  'PUT /api/admin/notifications': {
    expect: adminsOnly(200),
    request: async () => ({ path: '/api/admin/notifications', json: { kinds: ['review'], digest: false } }),
  },
  'GET /api/admin/staff': { expect: adminsOnly(200), request: async () => ({ path: '/api/admin/staff' }) },
  'POST /api/admin/staff': {
    expect: businessOwnersOnly(200),
    request: async () => ({ path: '/api/admin/staff', json: { email: matrixAddress(), role: 'staff' } }),
  },
  'PATCH /api/admin/staff': {
    expect: businessOwnersOnly(200),
    request: async () => ({ path: '/api/admin/staff', json: { email: await teamMember(), role: 'owner' } }),
  },
  'DELETE /api/admin/staff': {
    expect: businessOwnersOnly(200),
    request: async () => ({ path: `/api/admin/staff?${new URLSearchParams({ email: await teamMember() })}` }),
  },
  'GET /api/orders': { expect: signedIn(200), request: async () => ({ path: '/api/orders' }) },
  'GET /api/orders/:id': {
    expect: ownerOrAdmin(200),
    request: async () => ({ path: `/api/orders/${ownersOrder}`, params: { id: ownersOrder } }),
  },
  // The family's billing address is on it: not even the order's editor may read it.
  'GET /api/orders/:id/receipts/:receipt': {
    expect: ownerOrAdmin(200),
    request: async () => {
      receiptsOrder ??= paidOrder(tokens.customer).then(({ orderId }) => orderId);
      const id = await receiptsOrder;
      return { path: `/api/orders/${id}/receipts/payment`, params: { id, receipt: 'payment' } };
    },
  },
  // The customer's own unpaid order: 'checkout' opens a fresh session for it.
  'POST /api/orders/:id/:action': {
    expect: ownerOnly(200),
    request: async () => {
      const { orderId } = await openOrder(tokens.customer);
      return { path: `/api/orders/${orderId}/checkout`, params: { id: orderId, action: 'checkout' } };
    },
  },
  // The parent shares a paid order's projects with its student, or ends that; no one else learns the order exists.
  'POST /api/student-access/:orderId': {
    expect: ownerOnly(200),
    request: async () => {
      const { orderId } = await paidOrder(tokens.customer);
      return { path: `/api/student-access/${orderId}`, params: { orderId } };
    },
  },
  'DELETE /api/student-access/:orderId': {
    expect: ownerOnly(200),
    request: async () => {
      const { orderId } = await paidOrder(tokens.customer);
      return { path: `/api/student-access/${orderId}`, params: { orderId } };
    },
  },
  'POST /api/stripe/create-payment-session': {
    // The order names maya-chen: the editor signed in as her does not order editing from herself.
    expect: { ...signedIn(200), editor: 409 },
    request: async () => ({ path: '/api/stripe/create-payment-session', json: selection() }),
  },
  // Only the payment provider's signature opens the webhook: no token, however good, does.
  'POST /api/stripe/webhook': {
    expect: everyone(400),
    request: async () => ({
      path: '/api/stripe/webhook',
      json: {
        id: 'evt_forged',
        type: 'checkout.session.completed',
        data: {
          object: { client_reference_id: ownersOrder, amount_total: 1, currency: 'usd', payment_status: 'paid' },
        },
      },
    }),
  },
  'GET /api/projects': { expect: signedIn(200), request: async () => ({ path: '/api/projects' }) },
  'GET /api/projects/:id': {
    expect: projectParties(200),
    editorSeesOrder: true,
    request: async () => {
      const id = await customersProject();
      return { path: `/api/projects/${id}`, params: { id } };
    },
  },
  // A message is a step every party may take, in every open state.
  'POST /api/projects/:id/:action': {
    expect: projectParties(200),
    editorSeesOrder: true,
    request: async () => {
      const id = await customersProject();
      return { path: `/api/projects/${id}/message`, params: { id, action: 'message' }, json: { text: 'Hello!' } };
    },
  },
  // Files come from who uses them next: the customer before a draft, the editor before feedback.
  'POST /api/project-files/:id': {
    expect: { ...projectParties(201), admin: 403, staff: 403, editor: 409 },
    request: async () => {
      const id = await customersProject();
      return {
        path: `/api/project-files/${id}`,
        params: { id },
        body: 'My draft',
        headers: { 'content-type': 'application/octet-stream', 'x-file-name': 'draft.txt' },
      };
    },
  },
  'GET /api/project-files/:id/:fileId': {
    expect: projectParties(200),
    request: async () => {
      const { id, fileId } = await customersDraftFile();
      return { path: `/api/project-files/${id}/${fileId}`, params: { id, fileId } };
    },
  },
  'GET /api/projects/:id/drafts/:round': {
    expect: projectParties(200),
    request: async () => {
      const { id } = await customersDraftFile();
      return { path: `/api/projects/${id}/drafts/1`, params: { id, round: '1' } };
    },
  },
  // The editor writes their own bio (the demo's, so the store stays as other tests expect it).
  'PUT /api/editor/profile': {
    expect: { ...signedIn(403), editor: 200 },
    request: async () => ({
      path: '/api/editor/profile',
      json: { bio: DEMO_EDITORS.find((e) => e.id === 'maya-chen')!.bio },
    }),
  },
  'GET /api/database/samples': { expect: everyone(200), request: async () => ({ path: '/api/database/samples' }) },
  // The editor's own samples: one sample, saved and deleted again under the same id (two at most are kept).
  'GET /api/editor/samples': {
    expect: { ...signedIn(403), editor: 200 },
    request: async () => ({ path: '/api/editor/samples' }),
  },
  'PUT /api/editor/samples': {
    expect: { ...signedIn(403), editor: 200 },
    request: async () => ({ path: '/api/editor/samples', json: validSample(MATRIX_SAMPLE) }),
  },
  'DELETE /api/editor/samples': {
    expect: { ...signedIn(403), editor: 200 },
    request: async () => ({ path: '/api/editor/samples', json: { id: MATRIX_SAMPLE } }),
  },
  'GET /api/admin/samples': { expect: adminsOnly(200), request: async () => ({ path: '/api/admin/samples' }) },
  'POST /api/admin/samples': {
    expect: adminsOnly(200),
    request: async () => ({
      path: '/api/admin/samples',
      json: {
        editorId: 'daniel-okafor',
        sampleId: await submittedSampleOf('daniel-okafor', MATRIX_SAMPLE),
        decision: 'approve',
      },
    }),
  },
  'GET /api/editor/projects': {
    expect: { ...signedIn(403), editor: 200 },
    editorSeesOrder: true,
    request: async () => ({ path: '/api/editor/projects' }),
  },
  // An editor's own money; the ledger keeps no one else's in their answer.
  'GET /api/editor/earnings': {
    expect: { ...signedIn(403), editor: 200 },
    request: async () => ({ path: '/api/editor/earnings' }),
  },
  // An editor's own bank account with Stripe: only they may see it or open Stripe's onboarding for it.
  'GET /api/editor/payout-account': {
    expect: { ...signedIn(403), editor: 200 },
    request: async () => ({ path: '/api/editor/payout-account' }),
  },
  'POST /api/editor/payout-account': {
    expect: { ...signedIn(403), editor: 200 },
    request: async () => ({ path: '/api/editor/payout-account' }),
  },
  // Test mode's stand-in for Stripe's hosted page: like Stripe's, the link is the key.
  'GET /api/test-connect': {
    expect: everyone(200),
    request: async () => ({ path: `/api/test-connect?account=${await testAccount()}` }),
  },
  'POST /api/test-connect': {
    expect: everyone(303),
    request: async () => ({
      path: `/api/test-connect?account=${await testAccount()}`,
      body: '',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'sec-fetch-site': 'same-origin' },
    }),
  },
  'GET /api/admin/projects': { expect: adminsOnly(200), request: async () => ({ path: '/api/admin/projects' }) },
  'GET /api/admin/reviews': { expect: adminsOnly(200), request: async () => ({ path: '/api/admin/reviews' }) },
  'POST /api/admin/orders/:id/refunds': {
    expect: adminsOnly(200),
    request: async () => {
      const { orderId } = await paidOrder(tokens.customer);
      return {
        path: `/api/admin/orders/${orderId}/refunds`,
        params: { id: orderId },
        json: { requestId: crypto.randomUUID(), amountCents: 100, reason: 'Goodwill' },
      };
    },
  },
  'GET /api/admin/editors': { expect: adminsOnly(200), request: async () => ({ path: '/api/admin/editors' }) },
  'POST /api/applications': {
    expect: everyone(201),
    request: async () => ({ path: '/api/applications', json: validApplication() }),
  },
  'GET /api/admin/applications': {
    expect: adminsOnly(200),
    request: async () => ({ path: '/api/admin/applications?stage=new' }),
  },
  'PATCH /api/admin/applications': {
    expect: adminsOnly(200),
    request: async () => ({
      path: '/api/admin/applications',
      json: { key: await newApplicationKey(), stage: 'interviewing' },
    }),
  },
  'POST /api/admin/editors': {
    expect: adminsOnly(200),
    request: async () => ({ path: '/api/admin/editors', json: { editorId: (await invitedEditor()).id } }),
  },
  // What a link names is anyone's to read (the link is the key); accepting is the invited address's alone.
  'POST /api/editor-invite': {
    expect: everyone(200),
    request: async () => ({ path: '/api/editor-invite', json: { token: (await invitedEditor()).token } }),
  },
  'GET /api/admin/search': { expect: adminsOnly(200), request: async () => ({ path: '/api/admin/search?q=example' }) },
  'GET /api/admin/today': { expect: adminsOnly(200), request: async () => ({ path: '/api/admin/today' }) },
  'GET /api/admin/reports/months': {
    expect: adminsOnly(200),
    request: async () => ({ path: '/api/admin/reports/months' }),
  },
  'GET /api/admin/exports/:file': {
    expect: adminsOnly(200),
    request: async () => ({
      path: '/api/admin/exports/orders.csv?from=2026-01-01&to=2026-12-31',
      params: { file: 'orders.csv' },
    }),
  },
  'GET /api/stripe/test-checkout/:orderId': {
    expect: ownerOnly(200),
    request: async () => ({ path: `/api/stripe/test-checkout/${ownersOrder}`, params: { orderId: ownersOrder } }),
  },
  'POST /api/stripe/test-checkout/:orderId': {
    expect: ownerOnly(200),
    request: async () => {
      const { id, orderId } = await openOrder(tokens.customer);
      return {
        path: `/api/stripe/test-checkout/${orderId}`,
        params: { orderId },
        json: { sessionId: id, cardNumber: '4242 4242 4242 4242' },
      };
    },
  },
};

const endpoints = await listEndpoints();

/** A test-mode account of the signed-in editor's, as test mode's onboarding link names it. */
async function testAccount(): Promise<string> {
  const res = await call(payoutAccount, '/api/editor/payout-account', {
    method: 'POST',
    headers: bearer(tokens.editor),
  });
  return new URL(res.body.url).searchParams.get('account')!;
}

beforeAll(async () => {
  delete process.env.STRIPE_SECRET_KEY;
  await resetOrderingStores();
  const [customer, other, { admin }, editor, staff] = await Promise.all([
    createUser(),
    createUser(),
    testTokens(),
    tokenOf('maya@example.test'),
    createUser(),
  ]);
  await clearStore('staff');
  await staffRepo().invite(staff.email, 'staff', 'owner@example.test', new Date());
  const [unverifiedAdmin, unverifiedEditor] = [
    await unverifiedToken(UNVERIFIED['admin, address unverified']),
    await unverifiedToken(UNVERIFIED['editor, address unverified']),
  ];
  tokens = {
    'malformed token': 'not-a-token',
    customer: customer.idToken,
    admin,
    staff: staff.idToken,
    'another customer': other.idToken,
    editor,
    'admin, address unverified': unverifiedAdmin,
    'editor, address unverified': unverifiedEditor,
  };
  ownersOrder = (await openOrder(tokens.customer)).orderId;
});

/** A token of the account as it was before its address was verified (the verified token stays valid). */
async function unverifiedToken(email: string) {
  const { uid } = await adminAuth().getUserByEmail(email);
  await adminAuth().updateUser(uid, { emailVerified: false });
  return signIn(email, 'secret-pass');
}

// A row may name a mail server for its call alone.
afterEach(() => vi.unstubAllEnvs());
// Other test files sign in with these accounts as they were.
afterAll(async () => {
  for (const email of Object.values(UNVERIFIED))
    await adminAuth().updateUser((await adminAuth().getUserByEmail(email)).uid, { emailVerified: true });
});

it('has a row for every endpoint in netlify/functions, and no row for an endpoint that is gone', () => {
  expect(Object.keys(MATRIX).sort()).toEqual(endpoints.map((e) => e.key));
});

describe.each(endpoints.filter((e) => MATRIX[e.key]))('$key', ({ key, method, handler }) => {
  const row = MATRIX[key];
  it.each([...CALLERS, ...(Object.keys(UNVERIFIED) as Unverified[])])('%s', async (caller) => {
    const { path, headers, ...init } = await row.request();
    const auth = caller === 'no token' ? {} : bearer(tokens[caller]);
    const res = await call(handler, path, { method, ...init, headers: { ...headers, ...auth } });
    expect(res.status, JSON.stringify(res.body)).toBe(
      caller in UNVERIFIED ? (row.unverified ?? row.expect['another customer']) : row.expect[caller as Caller],
    );
    if (res.status >= 400) expect(res.body).toEqual({ error: expect.any(String) });
    // Whatever the answer, the customer's order never shows to anyone but its owner and an admin
    // (and the editor of its projects, which carry the order's id).
    const entitled =
      caller === 'customer' || caller === 'admin' || caller === 'staff' || (caller === 'editor' && row.editorSeesOrder);
    if (!entitled) expect(JSON.stringify(res.body)).not.toContain(ownersOrder);
  });
});

it('each refused project step names who may take it, whoever asks', async () => {
  const id = await customersProject();
  const refusals: [Exclude<Caller, 'no token' | 'malformed token' | 'another customer'>, string, string][] = [
    ['customer', 'acknowledge', 'Only the editor can do that.'],
    ['customer', 'reassign', 'Only our team can do that.'],
    ['editor', 'submit', 'Only the family can do that.'],
    ['editor', 'withdraw', 'Only the parent or our team can do that.'],
    ['admin', 'extend', 'Only the family can do that.'],
    ['admin', 'comment', 'Only the editor can do that.'],
  ];
  for (const [caller, action, error] of refusals) {
    expect(await act(tokens[caller], id, action, { version: 1 }), `${action} by ${caller}`).toMatchObject({
      status: 403,
      body: { error },
    });
  }
});
