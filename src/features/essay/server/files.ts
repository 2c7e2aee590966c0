/**
 * Drafts and feedback as files: .docx, .pdf, .txt or .rtf up to 5 MB, judged by their
 * bytes (never by the name or the declared type), kept privately in the `files` store under
 * `<project id>/<random id>`, and served only as an attachment.
 */
import { PROJECT_FILE_TYPES, type FileRef, type ProjectFileKind } from '#features/projects/project';
import { PROJECT_ID, UUID } from '#lib/ids';
import { openStore, type DeployInfo } from '#server/storage/stores';

const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0));
const startsWith = (bytes: Uint8Array, signature: number[], offset = 0) =>
  bytes.length >= offset + signature.length && signature.every((b, i) => bytes[offset + i] === b);

/** The names in a ZIP archive's central directory, or null when the bytes are not a readable ZIP. */
function zipEntryNames(bytes: Uint8Array): string[] | null {
  if (!startsWith(bytes, [0x50, 0x4b, 0x03, 0x04])) return null;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  // The end-of-central-directory record sits in the last 22 bytes plus a comment of up to 64 KB.
  for (let end = bytes.length - 22; end >= Math.max(0, bytes.length - 22 - 0xffff); end--) {
    if (view.getUint32(end, true) !== 0x06054b50) continue;
    const count = view.getUint16(end + 10, true);
    let at = view.getUint32(end + 16, true);
    const names: string[] = [];
    for (let i = 0; i < count; i++) {
      if (at + 46 > bytes.length || view.getUint32(at, true) !== 0x02014b50) return null;
      const nameLength = view.getUint16(at + 28, true);
      const extra = view.getUint16(at + 30, true) + view.getUint16(at + 32, true);
      names.push(new TextDecoder().decode(bytes.subarray(at + 46, at + 46 + nameLength)));
      at += 46 + nameLength + extra;
    }
    return names;
  }
  return null;
}

/** Plain text: valid UTF-8 without control characters other than tab, line breaks and form feed. */
function isPlainText(bytes: Uint8Array): boolean {
  try {
    const text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    // eslint-disable-next-line no-control-regex -- control characters are what this looks for
    return !/[\u0000-\u0008\u000b\u000e-\u001f\u007f]/.test(text);
  } catch {
    return false;
  }
}

/** What the bytes really are, or null for anything we do not accept. */
export function sniffProjectFile(bytes: Uint8Array): ProjectFileKind | null {
  if (bytes.length === 0) return null;
  if (startsWith(bytes, ascii('%PDF-'))) return 'pdf';
  if (startsWith(bytes, ascii('{\\rtf'))) return 'rtf';
  const entries = zipEntryNames(bytes);
  if (entries) return entries.includes('[Content_Types].xml') && entries.includes('word/document.xml') ? 'docx' : null;
  return isPlainText(bytes) ? 'txt' : null;
}

/** The kind a file's name says it is, by its extension: what its bytes must then be. */
export function namedKind(name: string): ProjectFileKind | null {
  const extension = /\.([^.]*)$/.exec(name)?.[1]?.toLowerCase() ?? '';
  return Object.hasOwn(PROJECT_FILE_TYPES, extension) ? (extension as ProjectFileKind) : null;
}

/** A name safe to show and to send back: no path, no control characters, the real extension. */
export function safeFileName(name: string, kind: ProjectFileKind): string {
  const stem = name
    .toWellFormed()
    .split(/[\\/]/)
    .pop()!
    // eslint-disable-next-line no-control-regex -- control characters are what is taken out
    .replace(/[\u0000-\u001f\u007f"]/g, '')
    .replace(/\.[^.]*$/, '')
    .trim();
  // Cut by code points: cut by UTF-16 units, an emoji could be split into a half no header can carry.
  const base = [...stem].slice(0, 100).join('').trim();
  return `${base || 'document'}.${kind}`;
}

/** The download's header: an ASCII name for old clients, and the name itself (RFC 6266). */
export const attachmentHeader = (name: string) =>
  `attachment; filename="${name.replace(/[^\x20-\x7e]|["\\]/g, '_')}"; filename*=UTF-8''${encodeURIComponent(name.toWellFormed())}`;

interface StoredFileMeta {
  name: string;
  kind: ProjectFileKind;
  bytes: number;
  uploadedBy: string;
  uploadedAt: string;
}

export function projectFilesRepo(info?: DeployInfo) {
  const store = openStore('files', info);
  const key = (projectId: string, fileId: string) => `${projectId}/${fileId}`;
  /** Ids not of our shape name no file: answered before any request. */
  const ours = (projectId: string, fileId: string) => PROJECT_ID.test(projectId) && UUID.test(fileId);
  return {
    async save(projectId: string, bytes: Uint8Array, meta: StoredFileMeta): Promise<FileRef> {
      const id = crypto.randomUUID();
      await store.set(key(projectId, id), bytes.slice().buffer, { metadata: { ...meta }, onlyIfNew: true });
      return { id, name: meta.name, kind: meta.kind, bytes: meta.bytes };
    },
    /** The stored file's description, or null. */
    async describe(projectId: string, fileId: string): Promise<(FileRef & { uploadedBy: string }) | null> {
      const found = ours(projectId, fileId) ? await store.getMetadata(key(projectId, fileId)) : null;
      if (!found) return null;
      const meta = found.metadata as unknown as StoredFileMeta;
      return { id: fileId, name: meta.name, kind: meta.kind, bytes: meta.bytes, uploadedBy: meta.uploadedBy };
    },
    async read(projectId: string, fileId: string): Promise<ArrayBuffer | null> {
      return ours(projectId, fileId) ? store.get(key(projectId, fileId), { type: 'arrayBuffer' }) : null;
    },
    async remove(projectId: string, fileId: string): Promise<void> {
      if (ours(projectId, fileId)) await store.delete(key(projectId, fileId));
    },
  };
}

export const contentTypeOf = (kind: ProjectFileKind) => PROJECT_FILE_TYPES[kind];
