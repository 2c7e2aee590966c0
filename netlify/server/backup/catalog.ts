/** What a `backups` store holds (layout.ts): its base, its newest point and the hours it keeps. */
import type { z } from '#lib/zod';
import type { Store } from '#server/storage/stores';
import { hourPattern } from '#server/storage/journal';
import {
  BASE_KEY,
  baseSchema,
  hourManifestKey,
  hourManifestSchema,
  LATEST_KEY,
  latestSchema,
  type Base,
  type HourManifest,
  type Latest,
} from './layout';

async function readParsed<S extends z.ZodTypeAny>(backups: Store, key: string, schema: S): Promise<z.infer<S> | null> {
  const stored = await backups.get(key, { type: 'json' });
  return stored === null ? null : schema.parse(stored);
}

export const readBase = (backups: Store): Promise<Base | null> => readParsed(backups, BASE_KEY, baseSchema);
export const readLatest = (backups: Store): Promise<Latest | null> => readParsed(backups, LATEST_KEY, latestSchema);
export const readHourManifest = (backups: Store, hour: string): Promise<HourManifest | null> =>
  readParsed(backups, hourManifestKey(hour), hourManifestSchema);

/** The hours with a manifest, oldest first, from one listing. */
export async function manifestedHours(backups: Store): Promise<string[]> {
  const { blobs } = await backups.list({ prefix: 'hours/', directories: true });
  return blobs
    .map((b) => b.key.slice('hours/'.length, -'.json'.length))
    .filter((hour) => hourPattern.test(hour))
    .sort();
}
