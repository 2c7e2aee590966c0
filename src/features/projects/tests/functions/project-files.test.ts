/**
 * Draft and feedback files: judged by their bytes, at most 5 MB, stored privately,
 * downloadable only by the project's customer, its editor and admins, always as an attachment.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import projectFile from '#functions/project-file';
import fc from 'fast-check';
import { attachmentHeader, safeFileName, sniffProjectFile } from '#features/essay/server/files';
import { type ProjectView } from '../../project';
import { deliveryMessages, fileMessages } from '../../process';
import { testTokens } from '#tests/admin-access';
import { bearer, createUser, tokenOf } from '#tests/auth-emulator';
import { call } from '#tests/functions';
import { DOCX, PDF, RTF, zipWith } from '#tests/documents';
import { resetOrderingStores, selection } from '#tests/orders';
import { act, paidOrder, upload } from '#tests/projects';

let tokens: { customer: string; other: string; admin: string; editor: string; otherEditor: string };
let projectId: string;

beforeAll(async () => {
  await resetOrderingStores();
  const [customer, other, { admin }] = await Promise.all([createUser(), createUser(), testTokens()]);
  tokens = {
    customer: customer.idToken,
    other: other.idToken,
    admin,
    editor: await tokenOf('maya@example.test'),
    otherEditor: await tokenOf('sofia@example.test'),
  };
  projectId = (await paidOrder(tokens.customer, selection({ services: [{ id: 'supplement-large', quantity: 1 }] })))
    .projectIds[0];
});

const download = (token: string | null, fileId: string, id = projectId) =>
  call(projectFile, `/api/project-files/${id}/${fileId}`, {
    params: { id, fileId },
    headers: token ? bearer(token) : {},
  });

describe('what a file is', () => {
  it('is decided by its bytes', () => {
    expect(sniffProjectFile(DOCX)).toBe('docx');
    expect(sniffProjectFile(PDF)).toBe('pdf');
    expect(sniffProjectFile(RTF)).toBe('rtf');
    expect(sniffProjectFile(new TextEncoder().encode('Dear admissions officer,\n\tI…'))).toBe('txt');
    const refused = [
      new Uint8Array(),
      new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), // PNG
      new Uint8Array([0x4d, 0x5a, 0x90, 0x00]), // a Windows program
      new Uint8Array([0xff, 0xfe, 0x00, 0x00]), // not UTF-8
      new TextEncoder().encode('text with a \u0000 NUL'),
      zipWith(['[Content_Types].xml', 'xl/workbook.xml']), // a spreadsheet, not a document
      zipWith(['evil.exe']),
      new Uint8Array([0x50, 0x4b, 0x03, 0x04, 1, 2, 3]), // a broken ZIP
    ];
    for (const bytes of refused) expect(sniffProjectFile(bytes), Array.from(bytes.slice(0, 8)).join()).toBeNull();
  });

  it('keeps a safe name with the real extension', () => {
    expect(safeFileName('../../etc/passwd', 'txt')).toBe('passwd.txt');
    expect(safeFileName('My Essay "final".docx', 'pdf')).toBe('My Essay final.pdf');
    expect(safeFileName('', 'rtf')).toBe('document.rtf');
  });

  it('cuts a long name by characters, never inside one, so any name a browser sends makes a header', () => {
    expect(safeFileName(`${'a'.repeat(99)}😀😀.txt`, 'txt')).toBe(`${'a'.repeat(99)}😀.txt`);
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 300 }), (name) => {
        const safe = safeFileName(name, 'txt');
        expect(safe.isWellFormed()).toBe(true);
        expect([...safe.slice(0, -'.txt'.length)].length).toBeLessThanOrEqual(100);
        expect(() => attachmentHeader(safe)).not.toThrow();
      }),
    );
  });
});

describe('POST /api/project-files/:id', () => {
  it('takes a document and names its kind; refuses other files, empty ones and more than 5 MB', async () => {
    const res = await upload(tokens.customer, projectId, DOCX, 'Why Us.docx');
    expect(res).toMatchObject({
      status: 201,
      body: { id: expect.any(String), name: 'Why Us.docx', kind: 'docx', bytes: DOCX.byteLength },
    });
    expect(
      (await upload(tokens.customer, projectId, new Uint8Array([0x89, 0x50, 0x4e, 0x47]), 'essay.pdf')).body,
    ).toEqual({ error: fileMessages.wrongType });
    expect((await upload(tokens.customer, projectId, '', 'essay.txt')).body).toEqual({ error: fileMessages.empty });
    const big = new Uint8Array(5 * 1024 * 1024 + 1).fill(0x41);
    expect(await upload(tokens.customer, projectId, big)).toMatchObject({
      status: 413,
      body: { error: fileMessages.tooLarge },
    });
  });

  it('refuses a file whose bytes are not the type its name says, or whose name says no type we take', async () => {
    const text = 'Just a text file here';
    expect(await upload(tokens.customer, projectId, text.slice(0, 19), 'essay.pdf')).toMatchObject({
      status: 400,
      body: { error: fileMessages.notItsType('pdf') },
    });
    expect(await upload(tokens.customer, projectId, PDF, 'essay.docx')).toMatchObject({
      status: 400,
      body: { error: fileMessages.notItsType('docx') },
    });
    expect(await upload(tokens.customer, projectId, text, 'notes.md')).toMatchObject({
      status: 400,
      body: { error: fileMessages.wrongType },
    });
    expect(await upload(tokens.customer, projectId, text, 'ESSAY.TXT')).toMatchObject({
      status: 201,
      body: { name: 'ESSAY.txt', kind: 'txt' },
    });
  });

  it('takes files only from who may use them now: not from an admin, a stranger, or the editor before there is a draft', async () => {
    expect((await upload(tokens.admin, projectId, 'Notes')).status).toBe(403);
    expect((await upload(tokens.other, projectId, 'Notes')).status).toBe(404);
    expect((await upload(tokens.otherEditor, projectId, 'Notes')).status).toBe(404);
    expect(await upload(tokens.editor, projectId, 'Notes')).toMatchObject({
      status: 409,
      body: { error: fileMessages.notNow },
    });
  });
});

describe('GET /api/project-files/:id/:fileId', () => {
  it('serves a draft to its customer, its editor and admins, as an attachment, and to no one else', async () => {
    const file = (await upload(tokens.customer, projectId, PDF, 'Essay draft.pdf')).body;
    const before = (
      await act(tokens.customer, projectId, 'submit', {
        version: 1,
        prompt: 'Prompt',
        draft: { kind: 'file', fileId: file.id },
      })
    ).body as ProjectView;
    expect(before.rounds[0].draft).toEqual({
      kind: 'file',
      file: { id: file.id, name: 'Essay draft.pdf', kind: 'pdf', bytes: PDF.byteLength },
    });
    for (const token of [tokens.customer, tokens.editor, tokens.admin]) {
      const res = await download(token, file.id);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('application/pdf');
      expect(res.headers.get('content-disposition')).toBe(
        `attachment; filename="Essay draft.pdf"; filename*=UTF-8''Essay%20draft.pdf`,
      );
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('cache-control')).toBe('private, no-store');
      expect(res.body).toBe(new TextDecoder().decode(PDF));
    }
    expect((await download(tokens.other, file.id)).status).toBe(404);
    expect((await download(tokens.otherEditor, file.id)).status).toBe(404);
    expect((await download(null, file.id)).status).toBe(401);
    expect((await download(tokens.customer, crypto.randomUUID())).status).toBe(404);
    expect((await download(tokens.customer, '../other')).status).toBe(404);
  });

  it('a long name with an emoji where it is cut uploads and downloads again', async () => {
    const name = `${'a'.repeat(99)}😀 draft.txt`;
    // After the draft (the test above), it is the editor who uploads.
    const uploaded = await upload(tokens.editor, projectId, 'My notes', name);
    expect(uploaded.status, JSON.stringify(uploaded.body)).toBe(201);
    const file = uploaded.body;
    expect(file.name).toBe(`${'a'.repeat(99)}😀.txt`);
    const res = await download(tokens.editor, file.id);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toContain(
      `filename*=UTF-8''${'a'.repeat(99)}${encodeURIComponent('😀')}.txt`,
    );
  });

  it('an upload no step used yet is there only for whoever uploaded it', async () => {
    const staged = (await upload(tokens.editor, projectId, 'Notes on your draft')).body;
    expect((await download(tokens.editor, staged.id)).status).toBe(200);
    expect((await download(tokens.customer, staged.id)).status).toBe(404);
    expect((await download(tokens.admin, staged.id)).status).toBe(404);
  });

  it('feedback files come back with the return and download for the customer', async () => {
    const project = (
      await call((await import('#functions/project')).default, `/api/projects/${projectId}`, {
        params: { id: projectId },
        headers: bearer(tokens.editor),
      })
    ).body as ProjectView;
    const notes = (await upload(tokens.editor, projectId, RTF, 'notes.rtf')).body;
    const returned = await act(tokens.editor, projectId, 'return', {
      version: project.version,
      notes: 'See the file.',
      fileIds: [notes.id],
    });
    expect(returned.body.rounds[0].files).toEqual([
      { id: notes.id, name: 'notes.rtf', kind: 'rtf', bytes: RTF.byteLength },
    ]);
    expect((await download(tokens.customer, notes.id)).status).toBe(200);
    // Someone else's upload cannot be slipped into a step.
    const theirs = (await upload(tokens.customer, projectId, 'Mine')).body;
    expect(
      (
        await act(tokens.customer, projectId, 'submit', {
          version: returned.body.version,
          draft: { kind: 'file', fileId: notes.id },
        })
      ).status,
    ).toBe(400);
    expect(
      (
        await act(tokens.customer, projectId, 'submit', {
          version: returned.body.version,
          draft: { kind: 'file', fileId: theirs.id },
        })
      ).status,
    ).toBe(200);
  });

  it.each(['cancel', 'withdraw'] as const)(
    'once the family chose to %s, the editor downloads nothing more; the family and our team still do',
    async (action) => {
      const [id] = (
        await paidOrder(tokens.customer, selection({ services: [{ id: 'supplement-small', quantity: 1 }] }))
      ).projectIds;
      const draft = (await upload(tokens.customer, id, PDF, 'Why us.pdf')).body;
      expect(
        (
          await act(tokens.customer, id, 'submit', {
            version: 1,
            prompt: 'Why us?',
            draft: { kind: 'file', fileId: draft.id },
          })
        ).status,
      ).toBe(200);
      expect((await download(tokens.editor, draft.id, id)).status).toBe(200);
      const ended = await act(tokens.customer, id, action, { version: 2 });
      expect(ended.status, JSON.stringify(ended.body)).toBe(200);
      const refused = await download(tokens.editor, draft.id, id);
      expect(refused.status).toBe(403);
      expect(refused.body).toEqual({ error: deliveryMessages.filesClosed(ended.body.state) });
      for (const token of [tokens.customer, tokens.admin])
        expect((await download(token, draft.id, id)).status).toBe(200);
    },
  );
});
