/**
 * Every admin write is audited. The admin write endpoints are found, not listed: each endpoint of
 * netlify/functions whose method writes and whose code (its file and what it imports) lets an admin
 * act (`requireAdmin(`, `.isAdmin`). Each needs a way to call it here, as an admin with valid input,
 * and that call must leave an entry in the audit log; a new one without a way fails, and so does one
 * that leaves no entry. Project steps are taken once per transition the process gives our team.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { acceptingSmtpUrl, givenUpMail } from '../helpers/smtp';
import { ledgerRepo } from '#features/payouts/server/ledger';
import { DEFAULT_RATES } from '#features/payouts/earnings';
import { tellOwner } from '../../netlify/server/core/attention';
import { inquiriesRepo } from '#features/contact/server/inquiries.repo';
import { subscribersRepo } from '#features/contact/server/subscribers.repo';
import { editorsRepo } from '../../src/features/editors/server/editors.repo';
import { openStore } from '../../netlify/server/storage/stores';
import { staffRepo } from '../../netlify/server/core/staff';
import { NOTIFICATION_KINDS } from '#lib/notifications';
import { waitlistRepo } from '#features/waitlist/server/waitlist.repo';
import { DEFAULT_AVAILABILITY } from '../../src/features/consults/consult-availability';
import { TRANSITIONS } from '../../src/features/projects/process';
import { inquirySchema } from '../../src/lib/schemas';
import { asAdmin, resetAdminWriteStores, testAdminUid, testTokens } from '../helpers/admin-access';
import {
  editorInput,
  invitedEditor,
  newApplicationKey,
  validInquiry,
  payableEntry,
  submittedSampleOf,
} from '../helpers/api-fixtures';
import { createUser, tokenOf } from '../helpers/auth-emulator';
import { arrangeBooking } from '../helpers/consults';
import { listEndpoints } from '../helpers/endpoints';
import { call } from '../helpers/functions';
import { importedPath } from '../helpers/imports';
import { act, paidOrder } from '../helpers/projects';

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);
const ADMIN_CAN_ACT = /requireAdmin\(|\.isAdmin\b/;

/** A module and every module of ours it imports, by path. */
function withImports(file: string, seen = new Set<string>()): Set<string> {
  if (seen.has(file)) return seen;
  seen.add(file);
  const source = readFileSync(file, 'utf8');
  // Static imports and the modules a function loads when a request needs them.
  for (const [, spec] of source.matchAll(/(?:from |import\()'([.#][^']+)'/g)) {
    const target = importedPath(file, spec);
    if (target) withImports(target.endsWith('.ts') ? target : `${target}.ts`, seen);
  }
  return seen;
}
/** auth.ts defines the admin check: importing it alone (to sign a caller in) lets no admin act. */
const AUTH = resolve('netlify/server/core/auth.ts');
const letsAnAdminAct = (file: string) =>
  [...withImports(resolve('netlify/functions', file))].some(
    (module) => module !== AUTH && ADMIN_CAN_ACT.test(readFileSync(module, 'utf8')),
  );

/** How to call each admin write endpoint as an admin with valid input: its path, params and body. */
interface Request {
  path: string;
  params?: Record<string, string>;
  json?: unknown;
  body?: BodyInit;
  headers?: Record<string, string>;
}
let customer: Awaited<ReturnType<typeof createUser>>;
const project = async () => (await paidOrder(customer.idToken)).projectIds[0];
const newEditor = async () => (await editorsRepo().createWithNewId(editorInput())).id;

/** A final project whose family review the site shows, or holds for our team when its words call for it. */
async function shownReview(text = 'Great.') {
  const id = await project();
  const admin = (await testTokens()).admin;
  await act(admin, id, 'finalize', { version: 1 });
  const scores = { feedback: 5, communication: 5, onTime: 5 };
  await act(customer.idToken, id, 'review', { scores, text });
  await act(await tokenOf('maya@example.test'), id, 'review', { score: 5, text: 'Lovely family.' });
  return id;
}

/** An address on the team as staff. */
async function onTheTeam() {
  const email = `cover-${crypto.randomUUID()}@example.test`;
  await staffRepo().invite(email, 'staff', 'owner@example.test', new Date());
  return email;
}

/** A project whose family asked for help with its returned feedback, at its version then. */
async function helpAsked() {
  const id = await project();
  const draft = { kind: 'text', text: 'My essay.' };
  await act(customer.idToken, id, 'submit', { version: 1, prompt: 'Why us?', draft });
  await act(await tokenOf('maya@example.test'), id, 'return', { version: 2, notes: 'Fix the commas.' });
  const asked = await act(customer.idToken, id, 'ask-for-help', { version: 3, reason: 'It missed the prompt.' });
  expect(asked.status, JSON.stringify(asked.body)).toBe(200);
  return { id, version: asked.body.version as number };
}

/** Our team's steps on a project, one per transition the process lets an admin take through the endpoint. */
const TEAM_STEPS: Record<string, () => Promise<{ id: string; body: unknown }>> = {
  'team-finalize': async () => ({ id: await project(), body: { version: 1 } }),
  'team-withdraw': async () => ({ id: await project(), body: { version: 1, reason: 'The family asked us to.' } }),
  'message-from-team': async () => ({ id: await project(), body: { text: 'Hello from the office.' } }),
  reassign: async () => ({ id: await project(), body: { version: 1, editorId: 'sofia-ramirez' } }),
  'hide-review': async () => ({ id: await shownReview(), body: { reason: 'It named another student.' } }),
  'publish-review': async () => ({ id: await shownReview('Great. Call me on 312 555 0100.'), body: {} }),
  'grant-round': async () => {
    const { id, version } = await helpAsked();
    return { id, body: { version, reason: 'A new round, on us.' } };
  },
  'close-help': async () => {
    const { id, version } = await helpAsked();
    return { id, body: { version, reason: 'The feedback answers the prompt.' } };
  },
};
const teamTransitions = TRANSITIONS.filter(
  (t) => t.via === 'endpoint' && (t.actors as readonly string[]).includes('admin'),
);

const WRITES: Record<string, () => Promise<Request>> = {
  'POST /api/database/editors': async () => ({ path: '/api/database/editors', json: editorInput() }),
  'PUT /api/database/editors/:id': async () => {
    const id = await newEditor();
    return { path: `/api/database/editors/${id}`, params: { id }, json: { ...editorInput(), college: 'Yale' } };
  },
  'PATCH /api/database/editors/:id': async () => {
    const id = await newEditor();
    return { path: `/api/database/editors/${id}`, params: { id }, json: { hidden: true } };
  },
  'DELETE /api/database/editors/:id': async () => {
    const id = await newEditor();
    return { path: `/api/database/editors/${id}`, params: { id } };
  },
  'PATCH /api/database/emails': async () => {
    await subscribersRepo().subscribe('reader@example.com');
    return { path: '/api/database/emails', json: { id: 'reader@example.com', enabled: false } };
  },
  'POST /api/database/emails': async () => {
    await subscribersRepo().signUp('pending@example.com');
    return { path: '/api/database/emails', json: { id: 'pending@example.com' } };
  },
  'POST /api/admin/outbox': async () => {
    const id = await givenUpMail();
    vi.stubEnv('SMTP_URL', await acceptingSmtpUrl());
    return { path: '/api/admin/outbox', json: { id } };
  },
  'POST /api/admin/inquiries': async () => {
    const { key } = await inquiriesRepo().add(await inquirySchema.parseAsync(validInquiry));
    return {
      path: '/api/admin/inquiries',
      json: { id: key, action: 'reply', requestId: crypto.randomUUID(), text: 'Thank you: we will call.' },
    };
  },
  'PATCH /api/admin/inquiries': async () => {
    const { key } = await inquiriesRepo().add(await inquirySchema.parseAsync(validInquiry));
    return { path: '/api/admin/inquiries', json: { id: key, handled: true } };
  },
  'PUT /api/admin/consult-availability': async () => ({
    path: '/api/admin/consult-availability',
    json: {
      ...DEFAULT_AVAILABILITY,
      weekly: { ...DEFAULT_AVAILABILITY.weekly, sat: [{ start: '10:00', end: '12:00' }] },
    },
  }),
  'POST /api/admin/editors': async () => ({
    path: '/api/admin/editors',
    json: { editorId: (await invitedEditor()).id },
  }),
  'POST /api/admin/samples': async () => ({
    path: '/api/admin/samples',
    json: {
      editorId: 'maya-chen',
      sampleId: await submittedSampleOf('maya-chen'),
      decision: 'decline',
      reason: 'Too short.',
    },
  }),
  'PATCH /api/admin/applications': async () => ({
    path: '/api/admin/applications',
    json: { key: await newApplicationKey(), stage: 'interviewing' },
  }),
  'POST /api/admin/payouts': async () => {
    await ledgerRepo().add([payableEntry()]);
    return { path: '/api/admin/payouts', json: { requestId: crypto.randomUUID(), reference: 'Bank batch' } };
  },
  'PUT /api/admin/payouts': async () => ({
    path: '/api/admin/payouts',
    json: { ...DEFAULT_RATES, fullEditor: { kind: 'share', basisPoints: 6500 } },
  }),
  'DELETE /api/admin/consults/:id': async () => {
    const { id } = await arrangeBooking();
    return { path: `/api/admin/consults/${id}`, params: { id } };
  },
  'PATCH /api/admin/consults/:id': async () => {
    const { id } = await arrangeBooking();
    return { path: `/api/admin/consults/${id}`, params: { id }, json: { meetingLink: 'https://meet.example.com/a' } };
  },
  'POST /api/admin/orders/:id/refunds': async () => {
    const { orderId } = await paidOrder(customer.idToken);
    return {
      path: `/api/admin/orders/${orderId}/refunds`,
      params: { id: orderId },
      json: { requestId: crypto.randomUUID(), amountCents: 500, reason: 'Goodwill', projectIds: [] },
    };
  },
  'POST /api/admin/privacy': async () => ({
    path: '/api/admin/privacy',
    json: { email: customer.email, action: 'lookup' },
  }),
  // A choice unlike the one before, whatever an earlier call of this row saved.
  'PUT /api/admin/notifications': async () => ({
    path: '/api/admin/notifications',
    json: {
      kinds: [NOTIFICATION_KINDS[Math.floor(Math.random() * NOTIFICATION_KINDS.length)]],
      digest: Math.random() < 0.5,
    },
  }),
  'POST /api/admin/staff': async () => ({
    path: '/api/admin/staff',
    json: { email: `cover-${crypto.randomUUID()}@example.test`, role: 'staff' },
  }),
  'PATCH /api/admin/staff': async () => ({
    path: '/api/admin/staff',
    json: { email: await onTheTeam(), role: 'owner' },
  }),
  'DELETE /api/admin/staff': async () => ({
    path: `/api/admin/staff?${new URLSearchParams({ email: await onTheTeam() })}`,
  }),
  'DELETE /api/admin/waitlist': async () => {
    await waitlistRepo().join({ editorId: 'maya-chen', editorName: 'Maya Chen', email: 'wait@example.com' });
    return { path: `/api/admin/waitlist?${new URLSearchParams({ editor: 'maya-chen', email: 'wait@example.com' })}` };
  },
  'PATCH /api/admin/attention': async () => {
    await tellOwner({
      id: 'refund-failed-BCC-COVER1-re_1',
      at: new Date(),
      kind: 'refund-failed',
      orderId: 'BCC-COVER1',
      subject: 'A refund failed',
      lines: ['A refund failed.'],
    });
    const [{ key }] = (await openStore('attention').list()).blobs;
    return { path: '/api/admin/attention', json: { id: key, seen: true } };
  },
};

/**
 * Writes that reach admin code but are no admin's action, each with why. Nothing else may be left out.
 */
const CHANGES_NOTHING: Record<string, string> = {
  'POST /api/uploads': 'a photo alone changes no editor: the editor saved with it is audited',
  'POST /api/account/close':
    "one's own account, as anyone closes theirs; an admin closes another's by POST /api/admin/privacy",
};
/** Writes an admin who is nothing else there is refused (403): shown below, with what they would send. */
const REFUSED_TO_ADMINS: Record<string, () => Promise<Request>> = {
  'POST /api/project-files/:id': async () => {
    const id = await project();
    return {
      path: `/api/project-files/${id}`,
      params: { id },
      body: 'My draft',
      headers: { 'x-file-name': 'essay.txt' },
    };
  },
};

const endpoints = await listEndpoints();
const adminWrites = endpoints.filter((e) => !READS.has(e.method) && letsAnAdminAct(e.file));

let adminUid: string;
beforeAll(async () => {
  customer = await createUser();
  adminUid = await testAdminUid();
});
beforeEach(resetAdminWriteStores);
// A row may name a mail server for its call alone.
afterEach(() => vi.unstubAllEnvs());

/** How many entries the admin has in the log. */
async function adminEntries(): Promise<number> {
  const store = openStore('audit');
  const { blobs } = await store.list();
  const records = await Promise.all(
    blobs.map((b) => store.get(b.key, { type: 'json' }) as Promise<{ by: { uid: string } }>),
  );
  return records.filter((r) => r.by.uid === adminUid).length;
}

it('finds the admin write endpoints, and has a way to call each (or a reason it changes nothing)', () => {
  const keys = adminWrites.map((e) => e.key);
  // The finder must see the known ones: a finder that finds nothing would pass every check below.
  expect(keys).toEqual(expect.arrayContaining(['DELETE /api/admin/waitlist', 'POST /api/projects/:id/:action']));
  const known = new Set([
    ...Object.keys(WRITES),
    ...Object.keys(CHANGES_NOTHING),
    ...Object.keys(REFUSED_TO_ADMINS),
    'POST /api/projects/:id/:action',
  ]);
  expect(
    keys.filter((key) => !known.has(key)),
    'admin write endpoints with no way to call them here',
  ).toEqual([]);
  const stale = [...Object.keys(WRITES), ...Object.keys(CHANGES_NOTHING), ...Object.keys(REFUSED_TO_ADMINS)].filter(
    (key) => !keys.includes(key),
  );
  expect(stale, 'rows for endpoints that are gone').toEqual([]);
});

describe.each(adminWrites.filter((e) => WRITES[e.key]))('$key', ({ key, method, handler }) => {
  it('leaves an entry in the audit log', async () => {
    const { path, ...init } = await WRITES[key]();
    const before = await adminEntries();
    const res = await call(handler, path, { method, ...init, headers: { ...init.headers, ...(await asAdmin()) } });
    expect(res.status, JSON.stringify(res.body)).toBeLessThan(300);
    expect(await adminEntries()).toBeGreaterThan(before);
  });
});

describe.each(adminWrites.filter((e) => REFUSED_TO_ADMINS[e.key]))('$key', ({ key, method, handler }) => {
  it('is refused to an admin, and changes nothing', async () => {
    const { path, ...init } = await REFUSED_TO_ADMINS[key]();
    const res = await call(handler, path, { method, ...init, headers: { ...init.headers, ...(await asAdmin()) } });
    expect(res.status, JSON.stringify(res.body)).toBe(403);
  });
});

describe('POST /api/projects/:id/:action', () => {
  it('has a way to take every step the process gives our team', () => {
    expect(Object.keys(TEAM_STEPS).sort()).toEqual(teamTransitions.map((t) => t.name).sort());
  });

  it.each(teamTransitions.map((t) => [t.name, t.action] as const))('%s leaves an entry', async (name, action) => {
    const { id, body } = await TEAM_STEPS[name]();
    const before = await adminEntries();
    const res = await act((await testTokens()).admin, id, action, body);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(await adminEntries()).toBeGreaterThan(before);
  });
});
