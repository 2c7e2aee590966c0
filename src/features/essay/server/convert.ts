/**
 * A draft file's bytes, of the kind its bytes were judged to be, as plain blocks to read in the
 * page: a .docx through mammoth in a worker thread, a .txt as UTF-8, an .rtf by a small reader; a PDF stays a download.
 * Never throws: a file that cannot be read says why, and its original stays downloadable.
 */
import type { ProjectFileKind } from '#features/projects/project';
import { conversionMessages } from '../essay-limits';
import type { Conversion } from './conversion';
import { convertDocxInWorker } from './docx-in-worker';
import { convertTxt } from './plain-text';
import { convertRtf } from './rtf';

export type { Conversion };

export async function convertDraft(bytes: Uint8Array, kind: ProjectFileKind): Promise<Conversion> {
  if (kind === 'docx') return convertDocxInWorker(bytes);
  if (kind === 'txt') return convertTxt(bytes);
  if (kind === 'rtf') return convertRtf(bytes);
  return { status: 'download-only', blocks: [], reason: conversionMessages.pdf };
}
