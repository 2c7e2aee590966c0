import { beforeEach, describe, expect, it } from 'vitest';
import editorHandler from '../../netlify/functions/editor';
import editorsHandler from '../../netlify/functions/editors';
import uploadFileHandler from '../../netlify/functions/upload-file';
import uploadsHandler from '../../netlify/functions/uploads';
import { uploadMessages, UPLOAD_MAX_BYTES } from '../../src/lib/uploads';
import { asAdmin, itRefusesAllButAdmins } from '../helpers/admin-access';
import { call, clearStore } from '../helpers/functions';
import { JPEG_HEAD, padded, PNG_1x1, TEXT_AS_PNG, WEBP_1x1 } from '../helpers/images';

const upload = async (bytes: BodyInit, type: string, headers?: Record<string, string>) =>
  call(uploadsHandler, '/api/uploads', {
    method: 'POST',
    body: bytes,
    headers: { ...(headers ?? (await asAdmin())), 'content-type': type },
    duplex: 'half', // needed for a stream body
  } as RequestInit);

const download = async (url: string) => {
  const key = url.split('/').pop()!;
  const res = await uploadFileHandler(new Request(`http://localhost${url}`), {
    params: { key },
    deploy: { context: 'production' },
  } as never);
  return { status: res.status, headers: res.headers, bytes: Buffer.from(await res.arrayBuffer()) };
};

/** A body with no Content-Length: a stream, as a client that does not announce its size sends it. */
const streamOf = (bytes: Buffer) =>
  new ReadableStream({
    start(controller) {
      for (let i = 0; i < bytes.length; i += 64 * 1024) controller.enqueue(bytes.subarray(i, i + 64 * 1024));
      controller.close();
    },
  });

beforeEach(() => clearStore('uploads'));

describe('POST /api/uploads', () => {
  itRefusesAllButAdmins((headers) => upload(PNG_1x1, 'image/png', headers));

  it.each([
    ['a PNG', PNG_1x1, 'image/png', 'image/png', /\.png$/],
    ['a WebP', WEBP_1x1, 'image/webp', 'image/webp', /\.webp$/],
    ['a JPEG', JPEG_HEAD, 'image/jpeg', 'image/jpeg', /\.jpg$/],
    ['a JPEG sent as image/png (the bytes decide)', JPEG_HEAD, 'image/png', 'image/jpeg', /\.jpg$/],
  ])('stores %s and serves it publicly with long cache headers', async (_, bytes, declared, served, extension) => {
    const res = await upload(bytes, declared);
    expect(res.status).toBe(201);
    expect(res.body.url).toMatch(/^\/api\/uploads\/[0-9a-f-]{36}\.(jpg|png|webp)$/);
    expect(res.body.url).toMatch(extension);
    const file = await download(res.body.url);
    expect(file.status).toBe(200);
    expect(file.bytes.equals(bytes)).toBe(true);
    expect(file.headers.get('content-type')).toBe(served);
    expect(file.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(file.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('accepts exactly 2 MB', async () => {
    expect((await upload(padded(PNG_1x1, UPLOAD_MAX_BYTES), 'image/png')).status).toBe(201);
  });

  it('refuses a text file renamed .png (declared image/png) with 400', async () => {
    const res = await upload(TEXT_AS_PNG, 'image/png');
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: uploadMessages.wrongType });
  });

  it.each(['text/plain', 'image/gif', 'image/svg+xml', 'application/octet-stream', ''])(
    'refuses the declared type %j with 400',
    async (type) => {
      const res = await upload(PNG_1x1, type);
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ error: uploadMessages.wrongType });
    },
  );

  it('refuses an SVG (scripts can hide in one) even if declared as PNG', async () => {
    const res = await upload(
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
      'image/png',
    );
    expect(res.status).toBe(400);
  });

  it('refuses an empty body', async () => {
    const res = await upload(Buffer.alloc(0), 'image/png');
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: uploadMessages.empty });
  });

  it('refuses more than 2 MB with 413, by its Content-Length', async () => {
    const big = padded(PNG_1x1, UPLOAD_MAX_BYTES + 1);
    const res = await call(uploadsHandler, '/api/uploads', {
      method: 'POST',
      body: big,
      headers: { ...(await asAdmin()), 'content-type': 'image/png', 'content-length': String(big.length) },
    });
    expect(res.status).toBe(413);
    expect(res.body).toEqual({ error: uploadMessages.tooLarge });
  });

  it('refuses more than 2 MB with 413 when the size is not announced', async () => {
    const res = await upload(streamOf(padded(PNG_1x1, UPLOAD_MAX_BYTES + 1)), 'image/png');
    expect(res.status).toBe(413);
    expect(res.body).toEqual({ error: uploadMessages.tooLarge });
  });

  it('stores nothing when it refuses', async () => {
    await upload(TEXT_AS_PNG, 'image/png');
    await upload(padded(PNG_1x1, UPLOAD_MAX_BYTES + 1), 'image/png');
    const store = await clearStore('uploads');
    expect((await store.list()).blobs).toEqual([]);
  });
});

describe('GET /api/uploads/:key', () => {
  it.each([
    ['an unknown key', '/api/uploads/0b6f3a8e-1c2d-4e5f-8a9b-0c1d2e3f4a5b.png'],
    ['a key of another shape', '/api/uploads/..%2Forders%2Fx.png'],
    ['a key without an extension', '/api/uploads/0b6f3a8e-1c2d-4e5f-8a9b-0c1d2e3f4a5b'],
  ])('answers 404 { error } for %s', async (_, url) => {
    const file = await download(url);
    expect(file.status).toBe(404);
    expect(JSON.parse(file.bytes.toString())).toEqual({ error: 'No such file' });
  });

  it('answers 405 for other methods', async () => {
    const res = await call(uploadFileHandler, '/api/uploads/x.png', { method: 'DELETE', params: { key: 'x.png' } });
    expect(res.status).toBe(405);
  });
});

describe("an editor's uploaded photo", () => {
  const editor = {
    name: 'Grace Liu',
    image: '',
    college: 'Brown University',
    major: 'Biology',
    sat: '34',
    gpa: '3.9',
    ecs: 'Science Olympiad',
    strengths: 'Lab stories',
    slotsOpen: 2,
    totalSlots: 5,
    featured: { home: false, about: false },
  };
  const createWith = async (image: string, name = editor.name) =>
    (
      await call(editorsHandler, '/api/database/editors', {
        method: 'POST',
        json: { ...editor, name, image },
        headers: await asAdmin(),
      })
    ).body.id as string;
  const setImage = async (id: string, image: string) =>
    call(editorHandler, `/api/database/editors/${id}`, {
      method: 'PUT',
      json: { ...editor, image },
      params: { id },
      headers: await asAdmin(),
    });
  const deleteEditor = async (id: string) =>
    call(editorHandler, `/api/database/editors/${id}`, { method: 'DELETE', params: { id }, headers: await asAdmin() });
  const newPhoto = async () => (await upload(PNG_1x1, 'image/png')).body.url as string;

  beforeEach(() => clearStore('editors'));

  it('is deleted when the editor gets another photo, and the new one stays', async () => {
    const [first, second] = [await newPhoto(), await newPhoto()];
    const id = await createWith(first);
    expect((await setImage(id, second)).status).toBe(200);
    expect((await download(first)).status).toBe(404);
    expect((await download(second)).status).toBe(200);
  });

  it('is deleted with its editor', async () => {
    const photo = await newPhoto();
    const id = await createWith(photo);
    expect((await deleteEditor(id)).status).toBe(204);
    expect((await download(photo)).status).toBe(404);
  });

  it('stays while another editor shows it, and goes with the last one', async () => {
    const photo = await newPhoto();
    const [grace, twin] = [await createWith(photo), await createWith(photo, 'Grace Twin')];
    await setImage(grace, '/editors/grace.svg');
    expect((await download(photo)).status).toBe(200);
    await deleteEditor(twin);
    expect((await download(photo)).status).toBe(404);
  });

  it('stays when the editor is saved with the same photo', async () => {
    const photo = await newPhoto();
    const id = await createWith(photo);
    expect((await setImage(id, photo)).status).toBe(200);
    expect((await download(photo)).status).toBe(200);
  });
});
