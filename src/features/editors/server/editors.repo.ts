/**
 * Editors: one blob per editor, keyed by id; and beside them, one blob per sign-in address naming the
 * editor it belongs to, so that telling who signs in as an editor (every signed-in page asks) reads
 * one address, not every editor.
 */
import { createHash } from 'node:crypto';
import { isDeepStrictEqual } from 'node:util';
import type { AdminEditor } from '../editor-rules';
import type { Editor, EditorInput } from '../editor-rules';
import type { Invitation, PayoutAccount } from '../invitation';
import { ON_TIME_PERIOD_MS, onTimeShare, ratingOf, typicalResponseMs } from '#features/reviews/reviews';
import { LISTING_SEGMENTS } from '../editor-listing';
import { deployContext } from '#server/storage/deploy';
import { HttpError } from '#server/core/http';
import { listKeys } from '#server/storage/paging';
import { getJSONWithEtag, openStore, StorageError, storeName, type DeployInfo } from '#server/storage/stores';
import { timersRepo } from '#server/core/timers';

/** The kind of timer that tells an editor's waitlist of an opening, set with the opening (waitlist-notify.ts takes it). */
export const WAITLIST_TIMER = 'waitlist';

/**
 * A project's claim on one of its editor's active slots, keyed `<project id>#<assignment>`: 'held'
 * while it occupies one, 'none' when it came while the editor was full, 'released' once given back
 * (or given up before it was taken). Each claim moves `slotsOpen` at most once.
 */
type SlotClaim = 'held' | 'none' | 'released';

export interface EditorRecord extends Omit<Editor, 'bio' | 'rating' | 'onTime' | 'track'> {
  /** Absent on editors stored before profiles had one. */
  bio?: string;
  createdAt: string;
  updatedAt: string;
  /** The address the editor signs in with: never in a public answer. */
  accountEmail?: string;
  slotClaims?: Record<string, SlotClaim>;
  /** Off the public site (lists, pages, new orders, waitlist); absent on editors stored before it existed. */
  hidden?: boolean;
  /**
   * The editor's latest opening: `n` counts the times `slotsOpen` rose from 0, `at` is when this one
   * did. Its waitlist is told once per opening (waitlist-notify.ts). Absent until the first.
   */
  opening?: EditorOpening;
  /** Published reviews counted in the rating: the overall score each counted, or 'hidden' once taken off. */
  reviewStats?: ReviewStats;
  /** Rounds returned within the on-time period, by `<project id>#<round>`. */
  recentRounds?: Record<string, { at: string; onTime: boolean }>;
  /** Projects they made final, by id: when. */
  finished?: Record<string, string>;
  /** Drafts acknowledged within the on-time period, by `<project id>#<round>`: when, and how long after the draft came. */
  recentResponses?: Record<string, { at: string; ms: number }>;
  /** The application the editor was made from (its key), for those our team accepted. */
  application?: string;
  /** When the editor last saved their own profile; absent until they do. */
  profileSavedAt?: string;
  /** The newest invitation mailed to `accountEmail`; absent until one is sent. */
  invitation?: Invitation;
  /** Their account with Stripe for payouts; absent until they begin connecting a bank account. */
  payoutAccount?: PayoutAccount;
}

/** What the projects say of an editor, kept on their record as it happens (reviews/server/editor-stats.ts). */
export type EditorStats = Required<Pick<EditorRecord, 'reviewStats' | 'recentRounds' | 'finished' | 'recentResponses'>>;
export const NO_STATS: EditorStats = {
  reviewStats: { count: 0, sum: 0, claims: {} },
  recentRounds: {},
  finished: {},
  recentResponses: {},
};
const statsOf = (record: EditorRecord): EditorStats => ({
  reviewStats: record.reviewStats ?? NO_STATS.reviewStats,
  recentRounds: record.recentRounds ?? {},
  finished: record.finished ?? {},
  recentResponses: record.recentResponses ?? {},
});

export interface ReviewStats {
  count: number;
  sum: number;
  claims: Record<string, number | 'hidden'>;
}

export interface EditorOpening {
  n: number;
  at: string;
}

/**
 * What a write that sets `slotsOpen` means for the waitlist: rising from 0 starts a new opening;
 * rising within one may let more people be told; anything else (an editor open since before any
 * opening was counted included) tells nobody.
 */
function openingAfter(
  before: EditorRecord,
  slotsOpen: number,
  now: Date,
): { opening: EditorOpening | undefined; tell: boolean } {
  if (slotsOpen <= before.slotsOpen) return { opening: before.opening, tell: false };
  if (before.slotsOpen > 0) return { opening: before.opening, tell: before.opening !== undefined };
  return { opening: { n: (before.opening?.n ?? 0) + 1, at: now.toISOString() }, tell: true };
}

/** The review counted in (or, hidden, taken out of) the stats; the same stats when it changes nothing. */
function countReview(stats: ReviewStats | undefined, review: { projectId: string; overall: number | null }) {
  const current = stats ?? { count: 0, sum: 0, claims: {} };
  const claim = current.claims[review.projectId];
  const claims = { ...current.claims };
  if (review.overall !== null && claim === undefined)
    return {
      count: current.count + 1,
      sum: current.sum + review.overall,
      claims: { ...claims, [review.projectId]: review.overall },
    };
  if (review.overall === null && typeof claim === 'number')
    return {
      count: current.count - 1,
      sum: current.sum - claim,
      claims: { ...claims, [review.projectId]: 'hidden' as const },
    };
  if (review.overall === null && claim === undefined)
    return { ...current, claims: { ...claims, [review.projectId]: 'hidden' as const } };
  return stats;
}

/** The entries within the on-time period, with `added`; the same object when nothing changes. */
function withRecent<T extends { at: string }>(recent: Record<string, T>, added: Record<string, T>, now: Date) {
  const since = now.getTime() - ON_TIME_PERIOD_MS;
  const kept = Object.fromEntries(
    Object.entries({ ...added, ...recent }).filter(([, entry]) => Date.parse(entry.at) > since),
  );
  const same =
    Object.keys(kept).length === Object.keys(recent).length && Object.keys(kept).every((key) => key in recent);
  return same ? recent : kept;
}

/** Whether the public may see and choose this editor. */
export const isShown = (editor: Pick<EditorRecord, 'hidden'>) => editor.hidden !== true;

/** Strips storage fields: the API serves exactly the fields of `Editor` (schemas.ts). */
export function toPublicEditor(record: EditorRecord, now = new Date()): Editor {
  const {
    id,
    name,
    image,
    college,
    major,
    sat,
    gpa,
    ecs,
    strengths,
    bio = '',
    slotsOpen,
    totalSlots,
    featured,
  } = record;
  return {
    ...{ id, name, image, college, major, sat, gpa, ecs, strengths, bio, slotsOpen, totalSlots, featured },
    rating: ratingOf(record.reviewStats?.count ?? 0, record.reviewStats?.sum ?? 0),
    onTime: onTimeShare(record.recentRounds ?? {}, now),
    track: {
      finished: Object.keys(record.finished ?? {}).length,
      responseMs: typicalResponseMs(record.recentResponses ?? {}, now),
      // The month is all a card says: the instant stays on the record.
      since: record.createdAt.slice(0, 7),
    },
  };
}

/** The admin's view of an editor: the public fields, whether the site shows them, and their sign-in address. */
export const toAdminEditor = (record: EditorRecord, projects?: AdminEditor['projects']): AdminEditor => ({
  ...toPublicEditor(record),
  hidden: !isShown(record),
  accountEmail: record.accountEmail ?? '',
  steps: {
    invitation: record.invitation ?? null,
    profileWritten: Boolean(record.profileSavedAt),
    payouts: record.payoutAccount?.state ?? 'none',
  },
  ...(projects && { projects }),
});

/** Ids are readable slugs ('maya-chen'): they appear in links such as /select-services?editor=maya-chen. */
export const EDITOR_ID_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
export const isEditorId = (id: string) => id.length <= 100 && EDITOR_ID_PATTERN.test(id);

/** 'Zoë Ng-Park' -> 'zoe-ng-park'; 'editor' when nothing of the name is left. */
export function slugify(name: string): string {
  const slug = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .slice(0, 60)
    .replace(/^-+|-+$/g, '');
  return slug || 'editor';
}

const randomSuffix = () => crypto.randomUUID().slice(0, 6);

/**
 * What stays of a deleted editor under its id: the id is never given to anyone again (whoever had it
 * could otherwise inherit its projects), and the name stays on record.
 */
interface RetiredEditor {
  id: string;
  name: string;
  retiredAt: string;
}
const isRetired = (value: unknown): value is RetiredEditor =>
  typeof value === 'object' && value !== null && 'retiredAt' in value;

/**
 * How long an instance answers the editors list from memory without asking the store. The public
 * list is the busiest read of the site; within this window a change made through another instance
 * (or a script) may not show yet. Writes through this instance show at once, and the CDN purge after
 * an admin write is repeated once the window has passed (cdn.ts).
 */
export const EDITORS_MEMORY_MS = 1000;

/** Enough rounds for dozens of projects of one editor changing at the same moment. */
const SLOT_MOVE_ATTEMPTS = 100;

/**
 * The last full read of each editors store, the etags it was read at, and when they were last
 * checked. After the window one list request (every editor's current etag) tells whether the
 * records are still current, instead of one request per editor.
 */
const lastRead = new Map<string, { etags: string; records: readonly EditorRecord[]; checkedAt: number }>();
/** Writes through this instance, per store: a read that overlapped one is not remembered. */
const writeCounts = new Map<string, number>();

function noteWrite(cacheKey: string) {
  lastRead.delete(cacheKey);
  writeCounts.set(cacheKey, (writeCounts.get(cacheKey) ?? 0) + 1);
}

/** Forgets every remembered list, as a new instance starts: the next read asks the store. */
export function forgetEditorLists() {
  lastRead.clear();
}

/** An address's key in the accounts store: a digest, so no address is written in a key. */
const accountKey = (email: string) => createHash('sha256').update(email).digest('hex');
/**
 * Written once every editor's address has its blob: from then on an address without one signs in as
 * no editor. Until then (editors stored before the accounts were), the first lookup rebuilds them.
 */
const ACCOUNTS_COMPLETE = 'complete';

export function editorsRepo(info?: DeployInfo) {
  const store = openStore('editors', info);
  const accounts = openStore('editor-accounts', info);
  const cacheKey = storeName('editors', deployContext(info));

  /**
   * Points `email` at editor `id`, before the editor's record says so: a record never names an
   * address that leads elsewhere, and a pointer whose record did not land (or that a later change
   * left behind) is checked against the record when read and leads nowhere.
   */
  const linkAccount = (email: string | undefined, id: string) =>
    email ? accounts.setJSON(accountKey(email), { editorId: id }) : Promise.resolve(true);

  /**
   * Makes the pointers agree with the editors as they are now: each editor's address points at them,
   * and a pointer no editor backs goes; then marks them complete. Answers what it wrote and removed.
   * Run by the first lookup after editors were stored without pointers, and by `npm run reindex`.
   */
  async function rebuildAccounts(): Promise<{ written: number; removed: number }> {
    const editors = await list({ fresh: true });
    const expected = new Map(editors.flatMap((e) => (e.accountEmail ? [[accountKey(e.accountEmail), e.id]] : [])));
    const stored = (await listKeys(accounts)).filter((key) => key !== ACCOUNTS_COMPLETE);
    let removed = 0;
    for (const key of stored.filter((k) => !expected.has(k))) {
      await accounts.delete(key);
      removed += 1;
    }
    let written = 0;
    for (const [key, editorId] of expected) {
      const pointer = (await accounts.get(key, { type: 'json' })) as { editorId: string } | null;
      if (pointer?.editorId === editorId) continue;
      await accounts.setJSON(key, { editorId });
      written += 1;
    }
    await accounts.setJSON(ACCOUNTS_COMPLETE, { complete: true });
    return { written, removed };
  }

  /** Null for an id not of our shape (before any read: no request names another key with it) and for a retired one. */
  async function get(id: string): Promise<EditorRecord | null> {
    if (!isEditorId(id)) return null;
    const value = await store.get(id, { type: 'json' });
    return value && !isRetired(value) ? (value as EditorRecord) : null;
  }

  /** The editor with the etag to compare-and-set against; null when unknown or retired. */
  async function getForUpdate(id: string) {
    const current = isEditorId(id) ? await getJSONWithEtag<EditorRecord | RetiredEditor>(store, id) : null;
    return current && !isRetired(current.value) ? (current as { value: EditorRecord; etag: string }) : null;
  }

  /**
   * Every editor, oldest first; `fresh` asks the store even within the memory window. While the
   * memory holds, the same (frozen) array is answered, so callers can reuse work done on it.
   */
  async function list({ fresh = false } = {}): Promise<readonly EditorRecord[]> {
    const cached = lastRead.get(cacheKey);
    const checkedAt = Date.now();
    const writesBefore = writeCounts.get(cacheKey) ?? 0;
    if (cached && !fresh && checkedAt - cached.checkedAt < EDITORS_MEMORY_MS) return cached.records;
    const { blobs } = await store.list();
    const etags = blobs.map((b) => `${b.key} ${b.etag}`).join('\n');
    if (cached?.etags === etags) {
      cached.checkedAt = checkedAt;
      return cached.records;
    }
    const records = Object.freeze(
      (await Promise.all(blobs.map((b) => get(b.key))))
        .filter((r): r is EditorRecord => r !== null)
        .sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a.name.localeCompare(b.name)),
    );
    if ((writeCounts.get(cacheKey) ?? 0) === writesBefore) lastRead.set(cacheKey, { etags, records, checkedAt });
    return records;
  }

  /** Creates an editor unless the id is taken; answers the record, or null when the id was taken. */
  async function create(
    id: string,
    input: EditorInput,
    now = new Date(),
    origin: Pick<EditorRecord, 'application'> = {},
  ): Promise<EditorRecord | null> {
    const at = now.toISOString();
    const record: EditorRecord = { id, ...input, ...origin, createdAt: at, updatedAt: at };
    await linkAccount(input.accountEmail, id);
    if (!(await store.setJSON(id, record, { onlyIfNew: true }))) return null;
    noteWrite(cacheKey);
    return record;
  }

  /**
   * Sets the fields `next` makes of the current record, by compare-and-set (`next` runs again on a
   * concurrent change); null for an unknown (or retired) id.
   */
  async function change(
    id: string,
    what: string,
    now: Date,
    next: (current: EditorRecord) => Partial<EditorRecord> | null | Promise<Partial<EditorRecord> | null>,
  ): Promise<EditorRecord | null> {
    // Each round of a race lets at least one writer through: enough rounds for a burst of 50 steps
    // on one editor's projects (their counts and slots all live on this record) to settle.
    for (let attempt = 0; attempt < 50; attempt++) {
      const current = await getForUpdate(id);
      if (!current) return null;
      const fields = await next(current.value);
      // Nothing to change: no write.
      if (fields === null) return current.value;
      const record: EditorRecord = {
        ...current.value,
        ...fields,
        id,
        updatedAt: now.toISOString(),
      };
      if (!(await store.setJSON(id, record, { onlyIfMatch: current.etag }))) continue;
      noteWrite(cacheKey);
      return record;
    }
    throw new StorageError(`Editor ${id} kept changing while ${what}`);
  }

  /**
   * The waitlist's timer (its handler is the waitlist's) before the write that opens: a timer for an opening that did not land finds
   * nothing to do, but an opening stored without one would never be told.
   */
  const scheduleTelling = (id: string, opening: EditorOpening, now: Date) =>
    timersRepo(info).schedule(now, id, WAITLIST_TIMER, opening.n);

  return {
    get,
    create,
    list,
    rebuildAccounts,
    /**
     * Creates an editor under a new id made from the name, with a random suffix if the name is taken;
     * `origin` names the application it was made from.
     */
    async createWithNewId(
      input: EditorInput,
      now = new Date(),
      origin: Pick<EditorRecord, 'application'> = {},
    ): Promise<EditorRecord> {
      const base = slugify(input.name);
      // /editors/major and /editors/open-slots are lists, so an editor named 'Major' is 'major-1a2b3c'.
      const free = !(LISTING_SEGMENTS as readonly string[]).includes(base);
      for (let attempt = 0; attempt < 5; attempt++) {
        const record = await create(attempt === 0 && free ? base : `${base}-${randomSuffix()}`, input, now, origin);
        if (record) return record;
      }
      throw new StorageError(`No free editor id for ${base}`);
    },
    /**
     * Replaces an editor's fields; answers the new record, or null for an unknown id. Compare-and-set,
     * so an editor deleted meanwhile stays deleted instead of coming back with the new fields.
     */
    update: (id: string, input: EditorInput, now = new Date()) =>
      change(id, 'it was updated', now, async (current) => {
        await linkAccount(input.accountEmail, id);
        const { opening, tell } = openingAfter(current, input.slotsOpen, now);
        if (tell) await scheduleTelling(id, opening!, now);
        return { ...input, opening };
      }),
    /** The editor's own words for their profile; null for an unknown id. Compare-and-set, as update. */
    /** Keeps what `next` answers as the editor's payout account (null: nothing to change); null for an unknown editor. */
    setPayoutAccount: (
      id: string,
      next: (current: PayoutAccount | undefined) => PayoutAccount | null | Promise<PayoutAccount | null>,
      now = new Date(),
    ) =>
      change(id, 'its payout account was kept', now, async (record) => {
        const account = await next(record.payoutAccount);
        return account && { payoutAccount: account };
      }),
    updateBio: (id: string, bio: string, now = new Date()) =>
      change(id, 'its bio was saved', now, () => ({ bio, profileSavedAt: now.toISOString() })),
    /**
     * Counts what a project adds to the editor's public numbers, once each however often asked: a
     * review in the rating (`overall`, or null once hidden, which takes it out again) and returned
     * rounds in the on-time share (older rounds than the period are dropped). Answers whether it changed.
     */
    async recordStats(
      id: string,
      stats: {
        review?: { projectId: string; overall: number | null };
        rounds?: Record<string, { at: string; onTime: boolean }>;
        responses?: Record<string, { at: string; ms: number }>;
        finished?: Record<string, string>;
      },
      now = new Date(),
    ): Promise<boolean> {
      let changed = false;
      await change(id, 'its ratings were counted', now, (current) => {
        const next = {
          reviewStats: stats.review ? countReview(current.reviewStats, stats.review) : current.reviewStats,
          recentRounds: stats.rounds ? withRecent(current.recentRounds ?? {}, stats.rounds, now) : current.recentRounds,
          recentResponses: stats.responses
            ? withRecent(current.recentResponses ?? {}, stats.responses, now)
            : current.recentResponses,
          finished: Object.keys(stats.finished ?? {}).every((project) => current.finished?.[project])
            ? current.finished
            : { ...stats.finished, ...current.finished },
        };
        changed = (Object.keys(next) as (keyof typeof next)[]).some((key) => next[key] !== current[key]);
        return changed ? next : null;
      });
      return changed;
    },
    /** Sets the editor's numbers as recounted from the projects; answers whether they changed. */
    async setStats(id: string, stats: EditorStats, now = new Date()): Promise<boolean> {
      let changed = false;
      await change(id, 'its ratings were recounted', now, (current) => {
        changed = !isDeepStrictEqual(statsOf(current), stats);
        return changed ? stats : null;
      });
      return changed;
    },
    /** Keeps a new invitation, if the editor still signs in with its address; null for an unknown id. */
    setInvitation: (id: string, invitation: Invitation, now = new Date()) =>
      change(id, 'an invitation was sent', now, (current) =>
        current.accountEmail === invitation.email ? { invitation } : null,
      ),
    /** Marks the invitation sent at `sentAt` accepted, once; null for an unknown id. */
    acceptInvitation: (id: string, sentAt: string, now = new Date()) =>
      change(id, 'an invitation was accepted', now, (current) =>
        current.invitation?.sentAt === sentAt && !current.invitation.acceptedAt
          ? { invitation: { ...current.invitation, acceptedAt: now.toISOString() } }
          : null,
      ),
    /** Hides the editor from the site or shows them again; null for an unknown id. */
    setHidden: (id: string, hidden: boolean, now = new Date()) =>
      change(id, 'it was hidden or shown', now, () => ({ hidden })),
    /**
     * Takes the sign-in address off the editor's record, if it is still `email` (the admin may have
     * linked another meanwhile); null for an unknown id.
     */
    dropAccount: (id: string, email: string, now = new Date()) =>
      change(id, 'its sign-in address was dropped', now, (current) =>
        current.accountEmail === email ? { accountEmail: undefined } : null,
      ),
    /** 400 when another editor already signs in with the address `input` links (one editor per account). */
    async assertAccountFree(input: EditorInput, id?: string): Promise<void> {
      if (!input.accountEmail) return;
      const other = (await list({ fresh: true })).find(
        (editor) => editor.accountEmail === input.accountEmail && editor.id !== id,
      );
      if (other) throw new HttpError(400, `accountEmail: ${other.name} already signs in with this address`);
    },
    /** The editor who signs in with `email` (lower-case), or null. */
    async findByAccount(email: string): Promise<EditorRecord | null> {
      if (!email) return null;
      const [pointer, complete] = await Promise.all([
        accounts.get(accountKey(email), { type: 'json' }) as Promise<{ editorId: string } | null>,
        accounts.get(ACCOUNTS_COMPLETE, { type: 'json' }),
      ]);
      const editor = pointer && (await get(pointer.editorId));
      if (editor?.accountEmail === email) return editor;
      if (complete !== null) return null;
      await rebuildAccounts();
      return (await list()).find((e) => e.accountEmail === email) ?? null;
    },
    /**
     * Takes or gives back the slot of claim `key`, compare-and-set so concurrent moves all
     * count, and idempotent: a claim takes at most one slot (never below 0) and gives back only what it
     * took (never above totalSlots); a claim given up before it was taken can no longer take one.
     * Answers whether `slotsOpen` changed (null for an unknown editor).
     */
    async moveSlot(id: string, key: string, move: 'take' | 'release', now = new Date()): Promise<boolean | null> {
      // Every project of a busy editor writes this one record: many writers may meet, and each lost
      // round is followed by a short random pause so they do not all come back at once.
      let scheduledFor: number | undefined;
      for (let attempt = 0; attempt < SLOT_MOVE_ATTEMPTS; attempt++) {
        if (attempt > 0) await new Promise((r) => setTimeout(r, Math.random() * Math.min(50, attempt * 5)));
        const current = await getForUpdate(id);
        if (!current) return null;
        const editor = current.value;
        const claims = editor.slotClaims ?? {};
        const claim = claims[key];
        let slotsOpen = editor.slotsOpen;
        let next: SlotClaim;
        if (move === 'take') {
          if (claim) return false;
          next = slotsOpen > 0 ? 'held' : 'none';
          if (next === 'held') slotsOpen -= 1;
        } else {
          if (claim === 'released') return false;
          if (claim === 'held') slotsOpen = Math.min(editor.totalSlots, slotsOpen + 1);
          next = 'released';
        }
        const { opening, tell } = openingAfter(editor, slotsOpen, now);
        const record: EditorRecord = {
          ...editor,
          slotsOpen,
          opening,
          slotClaims: { ...claims, [key]: next },
          updatedAt: now.toISOString(),
        };
        // One timer per opening and call (its key is made of both): a lost round does not set it again.
        if (tell && scheduledFor !== opening!.n) {
          await scheduleTelling(id, opening!, now);
          scheduledFor = opening!.n;
        }
        if (!(await store.setJSON(id, record, { onlyIfMatch: current.etag }))) continue;
        noteWrite(cacheKey);
        return slotsOpen !== editor.slotsOpen;
      }
      throw new StorageError(`Editor ${id} kept changing while moving a slot`);
    },
    /**
     * Retires an editor: the record gives way to a tombstone that keeps the id taken. Answers what was
     * retired, or null for an unknown id.
     */
    async remove(id: string, now = new Date()): Promise<EditorRecord | null> {
      for (let attempt = 0; attempt < 5; attempt++) {
        const current = await getForUpdate(id);
        if (!current) return null;
        const tombstone: RetiredEditor = { id, name: current.value.name, retiredAt: now.toISOString() };
        if (!(await store.setJSON(id, tombstone, { onlyIfMatch: current.etag }))) continue;
        noteWrite(cacheKey);
        return current.value;
      }
      throw new StorageError(`Editor ${id} kept changing while being deleted`);
    },
  };
}
