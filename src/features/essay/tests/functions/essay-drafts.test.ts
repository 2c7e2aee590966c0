/**
 * A draft read in the page, through the real endpoints: the family uploads a .docx, it is converted
 * on upload and kept as text, and each party to the project reads it with its words against the
 * limit the family stated; anyone else learns nothing.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import projectDraft from '#functions/project-draft';
import studentAccess from '#functions/student-access';
import { draftTextsRepo } from '../../server/draft-texts.repo';
import { runDueTimers } from '#server/jobs/timers';
import { DAY_MS } from '#lib/time';
import type { DraftText } from '../../essay';
import { conversionMessages } from '../../essay-limits';
import { testTokens } from '#tests/admin-access';
import { bearer, createUser } from '#tests/auth-emulator';
import { call, context } from '#tests/functions';
import { selection, student } from '#tests/orders';
import { act, paidOrder, upload, useDeliveryParties } from '#tests/projects';
import { docx, paragraph } from '#tests/docx';

const parties = useDeliveryParties(['drafts']);
let sam: Awaited<ReturnType<typeof createUser>>;
let stranger: Awaited<ReturnType<typeof createUser>>;
let admin: string;

beforeAll(async () => {
  [sam, stranger, { admin }] = await Promise.all([createUser(), createUser(), testTokens()]);
});

const readDraft = (token: string, id: string, round: string) =>
  call(projectDraft, `/api/projects/${id}/drafts/${round}`, { params: { id, round }, headers: bearer(token) });

/** A paid project whose student is Sam, invited. */
async function samsProject() {
  const { orderId, projectIds } = await paidOrder(
    parties.customer.idToken,
    selection({
      services: [{ id: 'supplement-small', quantity: 1 }],
      student: { ...student, studentEmail: sam.email },
    }),
  );
  const invited = await call(studentAccess, `/api/student-access/${orderId}`, {
    method: 'POST',
    params: { orderId },
    headers: bearer(parties.customer.idToken),
  });
  expect(invited.status).toBe(200);
  return projectIds[0] as string;
}

const essay = docx(
  paragraph('Why Us', 'Heading1') + paragraph("I've wanted this since I was 12 &lt;b&gt;years&lt;/b&gt; old."),
);

describe('GET /api/projects/:id/drafts/:round', () => {
  it('gives an uploaded .docx as text, counted against the limit, to the family, the student, the editor and admins', async () => {
    const id = await samsProject();
    const file = (await upload(parties.customer.idToken, id, essay, 'Why Us.docx')).body;
    const submitted = await act(parties.customer.idToken, id, 'submit', {
      version: 1,
      prompt: 'Why us?',
      draft: { kind: 'file', fileId: file.id },
      wordLimit: 250,
    });
    expect(submitted.status).toBe(200);
    const expected: DraftText = {
      round: 1,
      source: 'docx',
      status: 'ready',
      blocks: [
        { kind: 'h', text: 'Why Us' },
        { kind: 'p', text: "I've wanted this since I was 12 <b>years</b> old." },
      ],
      words: 13,
      wordLimit: 250,
      fileId: file.id,
      fileName: 'Why Us.docx',
    };
    for (const token of [parties.customer.idToken, sam.idToken, parties.editorToken, admin]) {
      const res = await readDraft(token, id, '1');
      expect(res).toMatchObject({ status: 200, body: expected });
      expect(res.headers.get('cache-control')).toBe('private, no-store');
    }
    expect(await readDraft(stranger.idToken, id, '1')).toMatchObject({ status: 404 });
    expect(await readDraft(parties.customer.idToken, id, '2')).toMatchObject({ status: 404 });
    expect(await readDraft(parties.customer.idToken, id, 'x')).toMatchObject({ status: 400 });
    expect(await readDraft(parties.customer.idToken, 'BCC-NOPE-1', '1')).toMatchObject({ status: 404 });
  });

  it('splits pasted text into paragraphs and keeps the limit of the round before unless a new one is given', async () => {
    const { projectIds } = await paidOrder(parties.customer.idToken);
    const id = projectIds[0] as string;
    await act(parties.customer.idToken, id, 'submit', {
      version: 1,
      prompt: 'Prompt',
      draft: { kind: 'text', text: 'One two three.\n\nFour five.' },
      wordLimit: 650,
    });
    expect((await readDraft(parties.customer.idToken, id, '1')).body).toEqual({
      round: 1,
      source: 'text',
      status: 'ready',
      blocks: [
        { kind: 'p', text: 'One two three.' },
        { kind: 'p', text: 'Four five.' },
      ],
      words: 5,
      wordLimit: 650,
    });
    const bad = await act(parties.customer.idToken, id, 'submit', {
      version: 2,
      draft: { kind: 'text', text: 'x' },
      wordLimit: 3.5,
    });
    expect(bad).toMatchObject({ status: 400 });
  });

  it('keeps a draft that cannot be converted, saying why, with its download', async () => {
    const { projectIds } = await paidOrder(parties.customer.idToken);
    const id = projectIds[0] as string;
    const macro = docx(paragraph('x'), { extra: { 'word/vbaProject.bin': new Uint8Array([1]) } });
    const file = (await upload(parties.customer.idToken, id, macro, 'macro.docx')).body;
    expect(file.kind).toBe('docx');
    await act(parties.customer.idToken, id, 'submit', {
      version: 1,
      prompt: 'P',
      draft: { kind: 'file', fileId: file.id },
    });
    expect((await readDraft(parties.customer.idToken, id, '1')).body).toMatchObject({
      status: 'unreadable',
      reason: conversionMessages.macros,
      blocks: [],
      words: 0,
      wordLimit: null,
      fileId: file.id,
    });
  });

  it('converts on upload, and an upload no draft uses loses its text with its file', async () => {
    const { projectIds } = await paidOrder(parties.customer.idToken);
    const id = projectIds[0] as string;
    const file = (await upload(parties.customer.idToken, id, 'Plain words here.')).body;
    expect(await draftTextsRepo().get(id, file.id)).toEqual({
      status: 'ready',
      blocks: [{ kind: 'p', text: 'Plain words here.' }],
    });
    const pending: Promise<unknown>[] = [];
    expect(await runDueTimers(context({}, pending), new Date(Date.now() + DAY_MS + 60_000))).toMatchObject({
      failed: 0,
    });
    await Promise.all(pending);
    expect(await draftTextsRepo().get(id, file.id)).toBeNull();
  });
});
