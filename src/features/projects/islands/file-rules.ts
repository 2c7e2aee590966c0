/**
 * What the browser checks before uploading a draft or feedback file: the server judges the bytes
 * again, but a family should not wait for a 5 MB upload to learn it was the wrong kind of file.
 */
import { PROJECT_FILE_TYPES } from '../project';
import { DELIVERY_LIMITS, fileMessages } from '../process';

/** Why `file` cannot be uploaded, or null. */
export function fileProblem(file: { name: string; size: number }): string | null {
  const extension = file.name.split('.').pop()?.toLowerCase() ?? '';
  if (!(extension in PROJECT_FILE_TYPES) || !file.name.includes('.')) return fileMessages.wrongType;
  if (file.size === 0) return fileMessages.empty;
  if (file.size > DELIVERY_LIMITS.fileBytes) return fileMessages.tooLarge;
  return null;
}

/** Documents are linked only when they are https (the server accepts nothing else). */
export function isHttpsLink(value: string): boolean {
  try {
    const url = new URL(value.trim());
    return url.protocol === 'https:' && url.hostname.includes('.');
  } catch {
    return false;
  }
}
