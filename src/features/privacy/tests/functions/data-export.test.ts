/**
 * Download my data, through the real endpoints: a family, its invited student and its editor each get
 * what they see in the product, with the files, and nothing about anyone else.
 */
import { unzipSync, strFromU8 } from 'fflate';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import exportHandler from '#functions/data-export';
import studentAccess from '#functions/student-access';
import { subscribersRepo } from '#features/contact/server/subscribers.repo';
import { listOutbox } from '#server/core/mail';
import { inquiriesRepo } from '#features/contact/server/inquiries.repo';
import { inquirySchema } from '#lib/schemas';
import { RATE_LIMITS } from '#lib/limits';
import { forgetEditorLists } from '#features/editors/server/editors.repo';
import { seedDemoEditors } from '#features/editors/server/seed';
import { testTokens } from '#tests/admin-access';
import { useAtomicBlobsServer } from '#tests/atomic-blobs-server';
import { walkFaults } from '#tests/fault-walk';
import { submittedSampleOf, validInquiry, validSample } from '#tests/api-fixtures';
import { bearer, createUser } from '#tests/auth-emulator';
import { PDF } from '#tests/documents';
import { BASE, clearStore } from '#tests/functions';
import { selection, student } from '#tests/orders';
import { act, paidOrder, upload, useDeliveryParties } from '#tests/projects';

const blobs = useAtomicBlobsServer();
const parties = useDeliveryParties(['subscribers', 'inquiries', 'limits', 'outbox', 'samples']);
let sam: Awaited<ReturnType<typeof createUser>>;
let otherFamily: Awaited<ReturnType<typeof createUser>>;
let unverified: Awaited<ReturnType<typeof createUser>>;
const ADMIN_EMAIL = 'boss@example.test';

beforeAll(async () => {
  [sam, otherFamily, unverified] = await Promise.all([
    createUser(),
    createUser(),
    createUser(undefined, 'secret-pass', { verified: false }),
  ]);
});

/** Downloads the export as the token's owner: the answer, and the zip's entries when it is one. */
async function download(token: string | null) {
  const res = await exportHandler(new Request(`${BASE}/api/privacy/export`, { headers: token ? bearer(token) : {} }), {
    deploy: { context: '' },
    params: {},
  } as never);
  const bytes = new Uint8Array(await res.arrayBuffer());
  const zip = res.headers.get('content-type') === 'application/zip' ? unzipSync(bytes) : null;
  return {
    res,
    zip,
    data: zip ? JSON.parse(strFromU8(zip['data.json'])) : JSON.parse(new TextDecoder().decode(bytes)),
    text: zip ? strFromU8(zip['data.json']) : '',
  };
}

/** Pat's family: a paid order shared with Sam, a PDF draft in round 1, a message from our team. */
async function arrangeFamily() {
  const customer = parties.customer;
  const { orderId, projectIds } = await paidOrder(
    customer.idToken,
    selection({
      services: [{ id: 'supplement-small', quantity: 1 }],
      student: { ...student, studentEmail: sam.email },
    }),
  );
  const [id] = projectIds;
  const file = (await upload(customer.idToken, id, PDF, 'Why Us.pdf')).body;
  const submitted = await act(customer.idToken, id, 'submit', {
    version: 1,
    prompt: 'Why us?',
    draft: { kind: 'file', fileId: file.id },
  });
  expect(submitted.status, JSON.stringify(submitted.body)).toBe(200);
  expect((await act((await testTokens()).admin, id, 'message', { text: 'We are here to help.' })).status).toBe(200);
  const shared = await (studentAccess as (req: Request, ctx: never) => Promise<Response>)(
    new Request(`${BASE}/api/student-access/${orderId}`, { method: 'POST', headers: bearer(customer.idToken) }),
    { deploy: { context: '' }, params: { orderId } } as never,
  );
  expect(shared.status).toBe(200);
  // Someone else's order with the same editor: no export but theirs may show it.
  await paidOrder(otherFamily.idToken, selection({ services: [{ id: 'supplement-small', quantity: 1 }] }));
  await subscribersRepo().subscribe(customer.email);
  await inquiriesRepo().add(await inquirySchema.parseAsync({ ...validInquiry, email: customer.email }));
  await inquiriesRepo().add(await inquirySchema.parseAsync({ ...validInquiry, email: otherFamily.email }));
  return { orderId, id, file };
}

beforeEach(() => clearStore('limits'));

/** The subjects of the mails we keep that went to `email`, as an export lists them. */
const subjectsOfMailsTo = async (email: string) =>
  (await listOutbox(undefined, 1000))
    .map((m) => m.value)
    .filter((m) => [m.to].flat().includes(email))
    .map((m) => m.subject)
    .sort();

describe('GET /api/privacy/export', () => {
  it('gives the family a zip of its account, orders, projects with rounds and messages, newsletter, inquiries and files', async () => {
    const { orderId, id, file } = await arrangeFamily();
    const { res, zip, data, text } = await download(parties.customer.idToken);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toMatch(
      /^attachment; filename="beacon-data-\d{4}-\d{2}-\d{2}\.zip"$/,
    );
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    expect(data.account).toEqual({ uid: parties.customer.uid, email: parties.customer.email, emailVerified: true });
    expect(data.orders.map((o: { id: string }) => o.id)).toEqual([orderId]);
    expect(data.projects.asParent.map((p: { id: string }) => p.id)).toEqual([id]);
    expect(data.projects.asParent[0].rounds[0].draft.file.id).toBe(file.id);
    expect(data.projects.asParent[0].messages.map((m: { text: string }) => m.text)).toEqual(['We are here to help.']);
    expect(data.newsletter).toMatchObject({ email: parties.customer.email, enabled: true });
    expect(data.inquiries).toHaveLength(1);
    expect(data.inquiries[0]).not.toHaveProperty('handled');
    // The mails we keep that went to the family are theirs too.
    const mails = await subjectsOfMailsTo(parties.customer.email);
    expect(mails.length).toBeGreaterThan(0);
    expect(data.mails.map((m: { subject: string }) => m.subject).sort()).toEqual(mails);
    const files = Object.keys(zip!).filter((name) => name.startsWith('files/'));
    expect(files).toEqual([`files/${id}-1-${file.id.slice(0, 8)}-Why Us.pdf`]);
    expect(zip![files[0]]).toEqual(PDF);
    for (const secret of [otherFamily.email, otherFamily.uid, ADMIN_EMAIL, '"adminEmail"'])
      expect(text).not.toContain(secret);
  });

  it("gives the invited student the shared project as the student sees it: no parent's account, order or price", async () => {
    const { id, file } = await arrangeFamily();
    const { res, zip, data, text } = await download(sam.idToken);
    expect(res.status).toBe(200);
    expect(data.orders).toEqual([]);
    expect(data.projects.asStudent.map((p: { id: string }) => p.id)).toEqual([id]);
    expect(data.mails.map((m: { subject: string }) => m.subject).sort()).toEqual(await subjectsOfMailsTo(sam.email));
    expect(Object.keys(zip!).filter((n) => n.startsWith('files/'))).toEqual([
      `files/${id}-1-${file.id.slice(0, 8)}-Why Us.pdf`,
    ]);
    for (const secret of [parties.customer.uid, parties.customer.email, '"priceCents"', ADMIN_EMAIL, otherFamily.email])
      expect(text).not.toContain(secret);
  });

  it("gives the editor their projects as they edit them: no family's address, account, price or other project's file", async () => {
    const { id } = await arrangeFamily();
    const editor = await download(parties.editorToken);
    expect(editor.res.status).toBe(200);
    expect(editor.data.editorProfile).toMatchObject({ id: 'maya-chen' });
    const ids = editor.data.projects.asEditor.map((p: { id: string }) => p.id);
    expect(ids).toContain(id);
    expect(ids).toHaveLength(2); // Pat's and the other family's, as Maya sees both in her workspace
    expect(editor.data.orders).toEqual([]);
    for (const secret of [
      parties.customer.email,
      parties.customer.uid,
      otherFamily.email,
      otherFamily.uid,
      sam.email,
      ADMIN_EMAIL,
      '"priceCents"',
    ])
      expect(editor.text).not.toContain(secret);
  });

  it('gives the editor their sample edits as they read them on the workspace, where each stands', async () => {
    const id = await submittedSampleOf('maya-chen');
    const { data } = await download(parties.editorToken);
    expect(data.editorProfile.samples).toEqual([
      expect.objectContaining({ id, title: validSample().title, source: 'own', state: 'waiting' }),
    ]);
    const family = await download(parties.customer.idToken);
    expect(family.text).not.toContain(id);
  });

  it('refuses without a sign-in (401) and with an unverified address (403), as { error }', async () => {
    for (const [token, status] of [
      [null, 401],
      ['not.a.token', 401],
      [unverified.idToken, 403],
    ] as const) {
      const { res, data } = await download(token);
      expect(res.status).toBe(status);
      expect(data).toEqual({ error: expect.any(String) });
    }
  });

  it(`allows ${RATE_LIMITS.dataExport.limit} downloads an hour, then 429 with Retry-After`, async () => {
    const statuses = [];
    for (let i = 0; i <= RATE_LIMITS.dataExport.limit; i++) statuses.push((await download(sam.idToken)).res);
    expect(statuses.map((r) => r.status)).toEqual([...Array(RATE_LIMITS.dataExport.limit).fill(200), 429]);
    expect(Number(statuses.at(-1)!.headers.get('retry-after'))).toBeGreaterThan(0);
  });
});

describe('the export under storage faults', () => {
  it('a fault at any write it makes (its rate limit) answers 503, never a 200 with a partial file; the retry gives it whole', async () => {
    let fileId: string;
    const downloaded = async () => {
      const { res, zip, data } = await download(parties.customer.idToken);
      return { status: res.status, data, zip };
    };
    /** The whole export: the project's round with its file, and the file's bytes in the zip. */
    const expectWhole = ({ status, data, zip }: Awaited<ReturnType<typeof downloaded>>) => {
      expect(status).toBe(200);
      expect(data.projects.asParent[0].rounds[0].draft.file.id).toBe(fileId);
      const files = Object.keys(zip!).filter((name) => name.startsWith('files/'));
      expect(files.map((name) => zip![name])).toEqual([PDF]);
    };
    const writes = await walkFaults(blobs, {
      arrange: async () => {
        forgetEditorLists();
        await seedDemoEditors();
        const {
          projectIds: [id],
        } = await paidOrder(
          parties.customer.idToken,
          selection({ services: [{ id: 'supplement-small', quantity: 1 }] }),
        );
        fileId = (await upload(parties.customer.idToken, id, PDF, 'Why Us.pdf')).body.id;
        const draft = { kind: 'file', fileId };
        expect(
          (await act(parties.customer.idToken, id, 'submit', { version: 1, prompt: 'Why us?', draft })).status,
        ).toBe(200);
      },
      act: downloaded,
      afterFault(result) {
        if (result.status === 200) return expectWhole(result);
        expect(result.status).toBe(503);
        expect(result.data).toEqual({ error: expect.any(String) });
      },
      afterRetry: expectWhole,
    });
    expect(writes).toBeGreaterThanOrEqual(1);
  }, 600_000);
});
