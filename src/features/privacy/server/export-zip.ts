/**
 * The download: one zip with `data.json` and, under `files/`, every draft and feedback file the
 * person may download. The JSON is not offered alone: one button, one file, and the JSON inside is
 * the whole of the data. Files are stored, not compressed again (documents and PDFs are compressed
 * already), which keeps an ordinary account's export to well under a second of work.
 */
import { zipSync, strToU8, type Zippable } from 'fflate';
import { projectFilesRepo } from '#features/essay/server/files';
import type { DeployInfo } from '#server/storage/stores';
import { gatherExport, type ExportSubject } from './export';

export async function exportZip(subject: ExportSubject, info?: DeployInfo, now = new Date()): Promise<Uint8Array> {
  const { data, files } = await gatherExport(subject, info, now);
  const repo = projectFilesRepo(info);
  const entries: Zippable = { 'data.json': strToU8(JSON.stringify(data, null, 2)) };
  for (const file of files) {
    const bytes = await repo.read(file.projectId, file.fileId);
    // A file removed since (its bytes deleted on request) is simply not there any more.
    if (bytes) entries[file.path] = [new Uint8Array(bytes), { level: 0 }];
  }
  return zipSync(entries, { level: 6, mtime: now });
}

/** `beacon-data-2026-11-26.zip`: whose is clear from where it was downloaded. */
const exportFileName = (now = new Date()) => `beacon-data-${now.toISOString().slice(0, 10)}.zip`;

/** The zip as a private download that no cache on the way keeps. */
export const zipResponse = (zip: Uint8Array, now = new Date()) =>
  new Response(zip as Uint8Array<ArrayBuffer>, {
    headers: {
      'Content-Type': 'application/zip',
      'Content-Length': String(zip.byteLength),
      'Content-Disposition': `attachment; filename="${exportFileName(now)}"`,
      'Cache-Control': 'private, no-store',
    },
  });
