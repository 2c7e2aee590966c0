/**
 * The audit log of admin actions (docs/decisions/042-audit-log.md): who, what, on what, when, and the
 * fields that changed. An entry is written before the change as not yet confirmed and confirmed
 * after it, so a change that lands always has its entry: one whose confirmation could not be written
 * stays visible as not confirmed instead of being lost, and the change is still answered as done.
 */
import {
  AUDIT_VALUE_MAX,
  type AuditAction,
  type AuditEntry,
  type AuditFields,
  type AuditSubject,
  type AuditValue,
} from '#lib/audit';
import { createHash } from 'node:crypto';
import type { Page, PageQuery } from '#lib/paging';
import { timeKey } from '#server/storage/append-only';
import type { Caller } from './auth';
import { HttpError } from './http';
import { listKeys, monthFolderKey, newestPage, pageOfKeys, readRecords } from '#server/storage/paging';
import { openStore, StorageError, type DeployInfo, type Store } from '#server/storage/stores';
import { within } from '#server/storage/kept-keys';

interface AuditRecord {
  at: string;
  /** Kept server side, read only by admins. */
  by: { uid: string; email: string };
  action: AuditAction;
  subject: AuditSubject;
  before: AuditFields | null;
  after: AuditFields | null;
  confirmed: boolean;
}

/** What an action did: whole records or a few fields; only what differs is kept. */
export interface AuditedChange<R = unknown> {
  action: AuditAction;
  subject: AuditSubject;
  before: object | null;
  after: object | null;
  /** The subject's id when only the change makes it (a new editor's). */
  idOf?: (result: R) => string;
}

const small = (value: unknown): AuditValue => {
  if (value === undefined || value === null) return null;
  if (typeof value === 'number' || typeof value === 'boolean') return value;
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  return text.length > AUDIT_VALUE_MAX ? `${text.slice(0, AUDIT_VALUE_MAX - 1)}…` : text;
};

/** Bookkeeping fields every record has: they change on every write and say nothing. */
const IGNORED = new Set(['updatedAt', 'createdAt']);

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Nested objects as dotted fields ('weekly.sat', 'featured.home'): a change names the part that changed. */
function flatten(record: object, prefix = ''): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(record).flatMap(([k, v]) =>
      isPlainObject(v) ? Object.entries(flatten(v, `${prefix}${k}.`)) : [[`${prefix}${k}`, v]],
    ),
  );
}

/** Absent, null and '' all say "nothing" (the admin reads each as '—'): going from one to another is no change. */
const comparable = (value: unknown) => JSON.stringify(value === '' || value === undefined ? null : value);

/** The fields of `before` and `after` that differ, each side kept small; whole sides for a creation or a deletion. */
export function changedFields(
  before: object | null,
  after: object | null,
): { before: AuditFields | null; after: AuditFields | null } {
  const b = flatten(before ?? {});
  const a = flatten(after ?? {});
  const keys = [...new Set([...Object.keys(b), ...Object.keys(a)])].filter(
    (k) => !IGNORED.has(k) && comparable(b[k]) !== comparable(a[k]),
  );
  const side = (record: object | null, values: Record<string, unknown>) =>
    record === null ? null : Object.fromEntries(keys.map((k) => [k, small(values[k])]));
  return { before: side(before, b), after: side(after, a) };
}

/** How far back a retry looks for the entry its failed attempt left unconfirmed. */
const RETRY_LOOKBACK = 20;
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The key of a recent unconfirmed entry for the same change by the same admin: the attempt that
 * failed before this retry. The retry confirms that entry rather than adding a second one. A retry
 * comes within moments of its attempt: the newest entries of today and yesterday (keys start with
 * their time) are read, never the whole log.
 */
async function unconfirmedTwin(
  store: Store,
  record: AuditRecord,
  now: Date,
): Promise<{ key: string; value: AuditRecord } | undefined> {
  const same = (r: AuditRecord) =>
    !r.confirmed &&
    r.by.uid === record.by.uid &&
    r.action === record.action &&
    JSON.stringify([r.subject, r.before, r.after]) === JSON.stringify([record.subject, record.before, record.after]);
  const days = [now, new Date(now.getTime() - DAY_MS)].map((day) => day.toISOString().slice(0, 10));
  const keys = (await Promise.all(days.map((day) => listKeys(store, { prefix: day, order: 'desc' })))).flat();
  const recent = await readRecords<AuditRecord>(store, keys.slice(0, RETRY_LOOKBACK));
  return recent.find(({ value }) => same(value));
}

/**
 * Which entries are about a subject, of an action, by an admin: in the `audit-subjects` store, one
 * empty blob per entry under the digest of its subject's id (`<sha256>/<month>/<entry key>`; an id may
 * be an address), one under `action/<action>/<month>/<entry key>`, one under `admin/<sha256 of the
 * address>/<month>/<entry key>` and one under `all/<month>/<entry key>`: month folders (an entry's key
 * starts with its time), so a page reads its newest months, not the whole log. Written before the
 * entry, so every entry has them; one whose entry never landed (or was taken back) is skipped when
 * read, as is one whose entry says otherwise.
 */
const subjects = (info?: DeployInfo) => openStore('audit-subjects', info);
const digest = (text: string) => createHash('sha256').update(text).digest('hex');
const subjectRoot = (id: string) => digest(id);
const actionRoot = (action: string) => `action/${action}`;
const adminRoot = (email: string) => `admin/${digest(email.toLowerCase())}`;
const ALL = 'all';
/**
 * Written once every entry has its blobs: entries written before the index are indexed by the first
 * read. Named anew when a kind of blob is added, so the first read indexes those too.
 */
const INDEX_COMPLETE = 'complete-3';
const isMarker = (key: string) => /^complete(-[23])?$/.test(key);

const indexSubject = (info: DeployInfo | undefined, id: string, key: string) =>
  id ? subjects(info).set(monthFolderKey(subjectRoot(id), key), '') : Promise.resolve(true);

/** The index blobs of an entry stored under `key`. */
const indexKeysOf = (record: AuditRecord, key: string) =>
  [
    ...(record.subject.id ? [subjectRoot(record.subject.id)] : []),
    actionRoot(record.action),
    adminRoot(record.by.email),
    ALL,
  ].map((root) => monthFolderKey(root, key));

/**
 * Makes the subject index agree with the log as it is now: each entry's blob under its subject, and no
 * blob the log does not back; then marks it complete. Answers what it wrote and removed. Run by the
 * first read by subject after entries were written without it, and by `npm run reindex`.
 */
export async function rebuildAuditSubjects(info?: DeployInfo): Promise<{ written: number; removed: number }> {
  const audit = openStore('audit', info);
  const entries = await readRecords<AuditRecord>(audit, await listKeys(audit));
  const expected = new Set(entries.flatMap(({ key, value }) => indexKeysOf(value, key)));
  const stored = new Set((await listKeys(subjects(info))).filter((key) => !isMarker(key)));
  const extra = [...stored].filter((key) => !expected.has(key));
  const missing = [...expected].filter((key) => !stored.has(key));
  for (let start = 0; start < extra.length; start += 32)
    await Promise.all(extra.slice(start, start + 32).map((key) => subjects(info).delete(key)));
  for (let start = 0; start < missing.length; start += 32)
    await Promise.all(missing.slice(start, start + 32).map((key) => subjects(info).set(key, '')));
  await subjects(info).set(INDEX_COMPLETE, '');
  return { written: missing.length, removed: extra.length };
}

/** Writes a new entry under a fresh key, its index blobs first; answers the key. */
async function appendIndexed(store: Store, record: AuditRecord, now: Date, info?: DeployInfo): Promise<string> {
  for (let attempt = 0; attempt < 3; attempt++) {
    const key = timeKey(now);
    await Promise.all(indexKeysOf(record, key).map((index) => subjects(info).set(index, '')));
    if (await store.setJSON(key, record, { onlyIfNew: true })) return key;
  }
  throw new StorageError('No free key in the audit store');
}

/**
 * Runs `change` and records it. Nothing is recorded for a change that changes nothing (a save of the
 * same values, a retry that found its work done). A change refused with a 4xx leaves no entry; one
 * that failed otherwise (storage) leaves its entry unconfirmed: part of it may have landed.
 */
export async function audited<R>(
  info: DeployInfo | undefined,
  caller: Caller,
  what: AuditedChange<R>,
  change: () => Promise<R>,
  now = new Date(),
): Promise<R> {
  const fields = changedFields(what.before, what.after);
  // Nothing before or after (an unknown subject), or nothing different: no action to record.
  if (!what.before && !what.after) return change();
  if (what.before && what.after && Object.keys(fields.before!).length === 0) return change();
  const record: AuditRecord = {
    at: now.toISOString(),
    by: { uid: caller.uid, email: caller.email },
    action: what.action,
    subject: what.subject,
    ...fields,
    confirmed: false,
  };
  const store = openStore('audit', info);
  const twin = await unconfirmedTwin(store, record, now);
  const entry = twin?.value ?? record;
  const key = twin?.key ?? (await appendIndexed(store, record, now, info));
  let result: R;
  try {
    result = await change();
  } catch (error) {
    // Refused now: this attempt's own entry goes. A twin stays: its attempt may have landed (a cancel
    // that landed is refused as already done on its retry).
    if (error instanceof HttpError && !twin) {
      await store.delete(key).catch((e) => console.error(`Audit entry ${key} of a refused action kept:`, e));
      // Its index blobs would only be skipped when read: they go too, if they can.
      await Promise.all(indexKeysOf(record, key).map((index) => subjects(info).delete(index))).catch((e) =>
        console.error(`Index of the refused entry ${key} kept (skipped when read):`, e),
      );
    }
    throw error;
  }
  try {
    const subject = what.idOf ? { ...what.subject, id: what.idOf(result) } : what.subject;
    if (subject.id !== entry.subject.id) await indexSubject(info, subject.id, key);
    await store.setJSON(key, { ...entry, subject, confirmed: true });
  } catch (error) {
    // The change stands and the entry exists; it only stays marked as not confirmed.
    console.error(
      `Audit entry ${key} (${what.action} ${what.subject.kind} ${what.subject.id}) left unconfirmed:`,
      error,
    );
  }
  return result;
}

const auditEntry = (id: string, r: AuditRecord): AuditEntry => ({
  id,
  at: r.at,
  by: r.by.email,
  action: r.action,
  subject: r.subject,
  before: r.before,
  after: r.after,
  confirmed: r.confirmed,
});

/** What the log is filtered by: its subject's id, its action, its admin's address, when it was made. */
export interface AuditFilter {
  subject?: string;
  action?: AuditAction;
  admin?: string;
  /** From (included) to (excluded). */
  during?: { from: Date; to: Date };
}

/** The UTC days ('2026-03-01') the instants from `from` to `to` fall in. */
function utcDays(from: Date, to: Date): string[] {
  const days: string[] = [];
  for (let at = Date.UTC(from.getUTCFullYear(), from.getUTCMonth(), from.getUTCDate()); at < to.getTime(); at += DAY_MS)
    days.push(new Date(at).toISOString().slice(0, 10));
  return days;
}

/**
 * One page of the log, newest first; filtered, only the entries that match, read through the index:
 * each filter lists its own blobs, the lists are intersected, and a period keeps the keys of its time
 * (a key starts with its entry's time). The cost follows the matching entries, not the log's length.
 */
export async function auditPage(query: PageQuery, filter: AuditFilter, info?: DeployInfo): Promise<Page<AuditEntry>> {
  const { subject, action, admin, during } = filter;
  if ((await subjects(info).getMetadata(INDEX_COMPLETE)) === null) await rebuildAuditSubjects(info);
  const roots = [
    ...(subject ? [subjectRoot(subject)] : []),
    ...(action ? [actionRoot(action)] : []),
    ...(admin ? [adminRoot(admin)] : []),
  ];
  const page = during
    ? await periodPage(query, roots, during, info)
    : await newestPage(subjects(info), roots.length ? roots : [ALL], query, 'all');
  const keep = (r: AuditRecord) =>
    (!subject || r.subject.id === subject) &&
    (!action || r.action === action) &&
    (!admin || r.by.email.toLowerCase() === admin.toLowerCase()) &&
    (!during || within(r.at, during.from, during.to));
  const records = await readRecords<AuditRecord>(openStore('audit', info), page.items);
  return {
    ...page,
    items: records.filter(({ value }) => keep(value)).map(({ key, value }) => auditEntry(key, value)),
  };
}

/**
 * One page of the entries made during a period (its days' keys in the log), under every one of `roots`
 * too (their folders of the period's months): the cost follows the period, not the log's length.
 */
async function periodPage(
  query: PageQuery,
  roots: readonly string[],
  during: { from: Date; to: Date },
  info?: DeployInfo,
): Promise<Page<string>> {
  const audit = openStore('audit', info);
  const months = [...new Set(utcDays(during.from, during.to).map((day) => day.slice(0, 7)))];
  const [byTime, ...listed] = await Promise.all([
    Promise.all(utcDays(during.from, during.to).map((day) => listKeys(audit, { prefix: day }))).then((l) => l.flat()),
    ...roots.map(async (root) =>
      (await Promise.all(months.map((month) => listKeys(subjects(info), { prefix: `${root}/${month}/` }))))
        .flat()
        .map((key) => key.slice(key.lastIndexOf('/') + 1)),
    ),
  ]);
  const inAll = listed.map((keys) => new Set(keys));
  const keys = byTime
    .filter((key) => inAll.every((set) => set.has(key)))
    .filter((key) => within(key.slice(0, 24), during.from, during.to))
    .sort()
    .reverse();
  return pageOfKeys(keys, query, 'desc');
}
