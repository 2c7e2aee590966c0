/**
 * Brings the backups of a deploy context back as they were at the end of an hour (scripts/restore.ts
 * runs it; the rehearsal runs it into scratch stores): the base, then every kept hour up to that one,
 * in order, each copy replacing the one before and each mark removing it.
 * Into empty stores: when a store holds a blob the point does not, nothing is written and the stores
 * are named, unless `merge` is asked for. Every write is `onlyIfNew`, so a restore stopped midway is
 * simply run again: a blob already there with the backup's bytes and metadata counts as restored, one
 * that differs is reported and left as it is. It ends by checking that every blob is in its store.
 */
import { currentHour, journalKey } from '#server/storage/journal';
import { forgetCompleteness } from '#server/storage/list-index';
import { listKeys } from '#server/storage/paging';
import { openStore, type DeployInfo, type Store } from '#server/storage/stores';
import { manifestedHours, readBase, readHourManifest, readLatest } from './catalog';
import { copyBlob, type Copied } from './copy';
import { BACKED_UP_STORES, basePrefix, copiedFrom, gonePrefix, hourPrefix, type BackedUpStore } from './layout';
import { forEachWhile, untilDone } from './pool';

const AT_ONCE = 8;

export interface RestoreOptions {
  info?: DeployInfo;
  /** Restore into stores that hold blobs already: add what they lack, change nothing there. */
  merge?: boolean;
  /** The deploy context whose stores are written, when not `info`'s (the rehearsal's scratch stores). */
  into?: DeployInfo;
  /** Whether to start more work (a scheduled rehearsal's time); the restore command has no limit. */
  goOn?: () => boolean;
}

export interface StoreRestore {
  store: BackedUpStore;
  /** Blobs at that point. */
  blobs: number;
  written: number;
  /** Already there with the backup's bytes and metadata (an earlier attempt, or `merge`). */
  alreadyThere: number;
  /** Keys already there with other bytes or metadata: left as they are. */
  differing: string[];
  /** Keys of the backup not in the store after the restore. */
  missing: string[];
}

export type RestoreResult =
  | { refused: { store: BackedUpStore; foreign: number }[] }
  | { point: string; restored: StoreRestore[] }
  | { point: string; underWay: true };

/** A backup that cannot be restored: none yet, an hour not kept, or one that lost blobs. */
export class BackupUnusable extends Error {
  readonly name = 'BackupUnusable';
}

/** Each store's blobs at a point: key -> the copy that holds it. */
type Plan = Map<BackedUpStore, Map<string, string>>;

/**
 * Every store's blobs at `point` (the newest when not given), each hour checked against its
 * manifest; and the blobs whose copy differs at the newest point.
 */
export async function pointOf(backups: Store, point: string | undefined) {
  const [base, latest, hours] = await Promise.all([readBase(backups), readLatest(backups), manifestedHours(backups)]);
  if (!base?.finishedAt || !latest) throw new BackupUnusable('There is no complete backup yet.');
  const at = point ?? latest.through;
  if (at > latest.through)
    throw new BackupUnusable(`There is no backup of ${at} yet: the newest is of ${latest.through}.`);
  if (base.foldedThrough && at < base.foldedThrough)
    throw new BackupUnusable(`The backups keep the hours from ${base.foldedThrough} on.`);
  return { at, ...(await planOf(backups, hours, at, latest.through, base.foldedThrough)) };
}

/** The stores that hold blobs a restore would not write, and how many: a restore into them is refused. */
export async function foreignBlobs(
  keysOf: (store: BackedUpStore) => { has(key: string): boolean } | undefined,
  target: (store: BackedUpStore) => Store,
) {
  const foreign = await Promise.all(
    BACKED_UP_STORES.map(async (store) => {
      const keys = keysOf(store);
      const count = (await listKeys(target(store))).filter((key) => !keys?.has(key)).length;
      return { store, foreign: count };
    }),
  );
  return foreign.filter((f) => f.foreign > 0);
}

/** Counts one blob's outcome in its store's report. */
export function tally(report: StoreRestore, key: string, result: Copied['result']) {
  if (result === 'copied') report.written++;
  else if (result === 'same') report.alreadyThere++;
  else if (result === 'differs') report.differing.push(key);
}

export async function restoreBackup(
  point: string | undefined,
  { info, merge = false, into, goOn = untilDone }: RestoreOptions = {},
): Promise<RestoreResult> {
  const backups = openStore('backups', info);
  const { at, plan, changedSince } = await pointOf(backups, point);
  const target = (store: BackedUpStore) => openStore(store, into ?? info, { unjournaled: true });
  const refused = await foreignBlobs((store) => plan.get(store), target);
  if (refused.length > 0 && !merge) return { refused };

  // Going back before the newest point: the backups learn of each blob that differs from theirs, so
  // the next hour's copy records the site as restored.
  if (!into && changedSince.length > 0) {
    const journal = openStore('journal', info);
    const hour = currentHour();
    const noted = await forEachWhile(changedSince, { concurrency: AT_ONCE, goOn }, ({ store, key }) =>
      journal.set(journalKey(hour, store, key), '').then(() => undefined),
    );
    if (!noted) return { point: at, underWay: true };
  }

  const restored: StoreRestore[] = [];
  for (const store of BACKED_UP_STORES) {
    const copies = plan.get(store) ?? new Map<string, string>();
    const report = await restoreStore(backups, target(store), store, copies, goOn);
    if (!report) return { point: at, underWay: true };
    restored.push(report);
  }
  // The lists' index keys are not backed up: the records brought back get theirs on the next read.
  await forgetCompleteness(into ?? info);
  return { point: at, restored };
}

async function restoreStore(
  backups: Store,
  target: Store,
  store: BackedUpStore,
  copies: Map<string, string>,
  goOn: () => boolean,
): Promise<StoreRestore | null> {
  const keys = [...copies.keys()].sort();
  const report: StoreRestore = { store, blobs: keys.length, written: 0, alreadyThere: 0, differing: [], missing: [] };
  const whole = await forEachWhile(keys, { concurrency: AT_ONCE, goOn }, async (key) => {
    const copy = copies.get(key)!;
    const { result } = await copyBlob(backups, copy, target, key, { onlyIfNew: true });
    if (result === 'gone') throw new BackupUnusable(`${copy} went missing from the backup during the restore.`);
    tally(report, key, result);
  });
  if (!whole) return null;
  const present = new Set(await listKeys(target));
  report.missing = keys.filter((key) => !present.has(key));
  report.differing.sort();
  return report;
}

async function planOf(backups: Store, hours: string[], at: string, newest: string, folding: string | null) {
  const plan: Plan = new Map(BACKED_UP_STORES.map((store) => [store, new Map()]));
  const apply = (into: Plan, prefix: string, keys: string[], gone: boolean) => {
    for (const copy of keys) {
      const named = copiedFrom(prefix, copy);
      if (!named) continue;
      if (gone) into.get(named.store)!.delete(named.key);
      else into.get(named.store)!.set(named.key, copy);
    }
  };
  apply(plan, basePrefix(), await listKeys(backups, { prefix: basePrefix() }), false);
  const kept = hours.filter((hour) => hour <= newest);
  const listed = await Promise.all(
    kept.map(async (hour) => {
      const [manifest, copies, marks] = await Promise.all([
        readHourManifest(backups, hour),
        listKeys(backups, { prefix: hourPrefix(hour) }),
        listKeys(backups, { prefix: gonePrefix(hour) }),
      ]);
      // An hour being folded into the base has moved part of itself there.
      if (manifest && hour !== folding && (copies.length !== manifest.copied || marks.length !== manifest.gone))
        throw new BackupUnusable(
          `The backup of ${hour} holds ${copies.length} copies and ${marks.length} deletions of the ${manifest.copied} and ${manifest.gone} it recorded.`,
        );
      return { hour, copies, marks };
    }),
  );
  let later: Plan | null = null;
  for (const { hour, copies, marks } of listed) {
    if (hour > at && !later) later = new Map([...plan].map(([store, keys]) => [store, new Map(keys)]));
    const into = later ?? plan;
    apply(into, hourPrefix(hour), copies, false);
    apply(into, gonePrefix(hour), marks, true);
  }
  const changedSince: { store: BackedUpStore; key: string }[] = [];
  for (const [store, keys] of later ?? []) {
    const then = plan.get(store)!;
    for (const key of new Set([...keys.keys(), ...then.keys()]))
      if (keys.get(key) !== then.get(key)) changedSince.push({ store, key });
  }
  return { plan, changedSince };
}
