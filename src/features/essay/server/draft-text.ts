/**
 * One round's draft as the page reads it: pasted text split into paragraphs, an uploaded file's
 * converted text (converted now and kept if the upload's conversion is missing), a link or a PDF as
 * a download, with its words counted against the limit the family stated.
 */
import type { Project, Round } from '#features/projects/project';
import type { DraftText } from '../essay';
import { countWords } from '#lib/words';
import { draftViewMessages } from '../essay-limits';
import { HttpError } from '#server/core/http';
import { projectFilesRepo } from './files';
import type { DeployInfo } from '#server/storage/stores';
import { convertDraft, type Conversion } from './convert';
import { draftTextsRepo } from './draft-texts.repo';
import { textBlocks } from '../essay-text';

/** Converts an uploaded draft and keeps its text; the file itself is already stored. */
export async function convertUpload(
  projectId: string,
  fileId: string,
  bytes: Uint8Array,
  kind: Parameters<typeof convertDraft>[1],
  info?: DeployInfo,
) {
  await draftTextsRepo(info).save(projectId, fileId, await convertDraft(bytes, kind));
}

async function fileText(project: Project, fileId: string, info?: DeployInfo): Promise<Conversion> {
  const texts = draftTextsRepo(info);
  const kept = await texts.get(project.id, fileId);
  if (kept) return kept;
  const files = projectFilesRepo(info);
  const [described, bytes] = await Promise.all([files.describe(project.id, fileId), files.read(project.id, fileId)]);
  if (!described || !bytes) return { status: 'download-only', blocks: [] };
  const conversion = await convertDraft(new Uint8Array(bytes), described.kind);
  await texts.save(project.id, fileId, conversion);
  return conversion;
}

export async function draftText(project: Project, round: Round, info?: DeployInfo): Promise<DraftText> {
  const { draft } = round;
  const common = { round: round.n, wordLimit: round.wordLimit ?? null };
  let conversion: Conversion;
  let source: DraftText['source'];
  let file: { fileId: string; fileName: string } | undefined;
  if (draft.kind === 'text') {
    source = 'text';
    conversion = { status: 'ready', blocks: textBlocks(draft.text) };
  } else if (draft.kind === 'removed') {
    throw new HttpError(404, draftViewMessages.removed);
  } else if (draft.kind === 'link') {
    source = 'link';
    conversion = { status: 'download-only', blocks: [] };
  } else {
    source = draft.file.kind;
    file = { fileId: draft.file.id, fileName: draft.file.name };
    conversion = await fileText(project, draft.file.id, info);
  }
  const words = conversion.blocks.reduce((sum, block) => sum + countWords(block.text), 0);
  return { ...common, source, ...conversion, words, ...file };
}
