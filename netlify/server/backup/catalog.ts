/** The backups a `backups` store holds (layout.ts), from one listing of its top level. */
import type { Store } from '#server/storage/stores';
import { datePattern, manifestKey, manifestSchema, type Manifest } from './layout';

export interface Catalog {
  /** Dates with a manifest, newest first. */
  complete: string[];
  /** Dates with copies, complete or not, newest first. */
  folders: string[];
}

/** The date a manifest's key names, as a list of none or one. */
function dateOfManifest(key: string): string[] {
  const date = key.slice(0, 10);
  return datePattern.test(date) && key === manifestKey(date) ? [date] : [];
}

const newestFirst = (dates: string[]) => dates.sort().reverse();

export async function readCatalog(backups: Store): Promise<Catalog> {
  const { blobs, directories } = await backups.list({ directories: true });
  const complete = blobs.flatMap((b) => dateOfManifest(b.key));
  return {
    complete: newestFirst(complete),
    folders: newestFirst(directories.filter((date) => datePattern.test(date))),
  };
}

/** The manifest of the complete backup of `date`, or null when there is none. */
export async function readManifest(backups: Store, date: string): Promise<Manifest | null> {
  const stored = await backups.get(manifestKey(date), { type: 'json' });
  return stored === null ? null : manifestSchema.parse(stored);
}
