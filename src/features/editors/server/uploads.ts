/**
 * Uploaded editor photos: the bytes decide the type (magic numbers), not the name or the declared
 * type; one blob per file in the 'uploads' store under a random key that carries the extension.
 */
import { UPLOAD_IMAGE_TYPES, type UploadImageType } from '#lib/uploads';
import { openStore, type DeployInfo } from '#server/storage/stores';

const startsWith = (bytes: Uint8Array, signature: number[], offset = 0) =>
  bytes.length >= offset + signature.length && signature.every((b, i) => bytes[offset + i] === b);

const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0));

/** The image type the bytes really are, or null. */
export function sniffImageType(bytes: Uint8Array): UploadImageType | null {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (startsWith(bytes, ascii('RIFF')) && startsWith(bytes, ascii('WEBP'), 8)) return 'image/webp';
  return null;
}

/** Keys look like `<uuid>.<ext>`: anything else cannot be one of ours. */
const UPLOAD_KEY_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.(jpg|png|webp)$/;

const typeOfKey = (key: string) =>
  (Object.entries(UPLOAD_IMAGE_TYPES).find(([, ext]) => key.endsWith(`.${ext}`))?.[0] ??
    null) as UploadImageType | null;

export const uploadUrl = (key: string) => `/api/uploads/${key}`;

/** The upload key of an editor's image when it is one of our uploads, else null. */
export function uploadKeyOf(image: string): string | null {
  const key = image.startsWith(uploadUrl('')) ? image.slice(uploadUrl('').length) : '';
  return UPLOAD_KEY_PATTERN.test(key) ? key : null;
}

export function uploadsRepo(info?: DeployInfo) {
  const store = openStore('uploads', info);
  return {
    async save(bytes: Uint8Array, type: UploadImageType): Promise<string> {
      const key = `${crypto.randomUUID()}.${UPLOAD_IMAGE_TYPES[type]}`;
      await store.set(key, bytes.slice().buffer, { onlyIfNew: true });
      return key;
    },
    async remove(key: string): Promise<void> {
      await store.delete(key);
    },
    async get(key: string): Promise<{ bytes: ArrayBuffer; type: UploadImageType } | null> {
      const type = typeOfKey(key);
      if (!UPLOAD_KEY_PATTERN.test(key) || !type) return null;
      const bytes = await store.get(key, { type: 'arrayBuffer' });
      return bytes ? { bytes, type } : null;
    },
  };
}
