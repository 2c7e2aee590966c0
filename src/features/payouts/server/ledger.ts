/**
 * The editors' ledger (store `ledger`). What each project that ended earned is kept once, as it was
 * computed with the rates of that moment (`projects/<project id>`); each editor's money is entries
 * (`entries/<editor id>/<entry id>`), each written once and never changed: a correction is another
 * entry. Every write is `onlyIfNew` under an id made from what caused it, so a flow cut off at any write
 * is completed by running it again, and two runs at once write each entry once.
 */
import {
  payableFrom,
  projectEarnings,
  refundShares,
  reversalOf,
  type EarningBasis,
  type EarningLine,
  type LedgerEntry,
} from '../earnings';
import { projectsOfRefund, type Refund } from '#lib/refunds';
import { ratesRepo } from './rates';
import { tellOfReversals } from './reversal-notice';
import { listKeys, readRecords } from '#server/storage/paging';
import { changeMarks, marksOfDays } from '#server/storage/kept-keys';
import { openStore, StorageError, type DeployInfo } from '#server/storage/stores';

/** A project that ended, as the ledger keeps what it earned. */
export interface ProjectEarnings {
  projectId: string;
  orderId: string;
  /** What the editor's statement calls it: the service's title. */
  label: string;
  ended: EarningBasis['ended'];
  endedAt: string;
  priceCents: number;
  lines: EarningLine[];
}

/** What the projects feature tells the ledger of a project that ended. */
export interface EndedProject {
  projectId: string;
  orderId: string;
  label: string;
  endedAt: string;
  basis: EarningBasis;
  /** The projects of its order with their prices: a refund naming several is shared by price. */
  orderProjects: readonly { id: string; priceCents: number }[];
}

const projectKey = (projectId: string) => `projects/${projectId}`;
const entryKey = (entry: Pick<LedgerEntry, 'editorId' | 'id'>) => `entries/${entry.editorId}/${entry.id}`;

/**
 * Each entry also leaves an empty key that names it by kind and time, with its amount:
 * `by-kind/<kind>/<at>/<cents>/<editor>/<entry id>`. A month's earnings or a year's payouts are summed
 * from one key listing of a prefix, without reading an entry.
 */
const TIMES = 'by-kind/';
const timeKeyOf = (entry: LedgerEntry) =>
  `${TIMES}${entry.kind}/${entry.at}/${entry.cents}/${entry.editorId}/${entry.id}`;

/** An entry as its time key names it. */
export type TimedEntry = Pick<LedgerEntry, 'at' | 'kind' | 'cents' | 'editorId' | 'id'>;

function timedEntryOf(key: string): TimedEntry | null {
  const [kind, at, cents, editorId, ...id] = key.slice(TIMES.length).split('/');
  if (!at || !['earning', 'reversal', 'payout'].includes(kind) || !/^-?\d+$/.test(cents) || !editorId) return null;
  return { at, kind: kind as LedgerEntry['kind'], cents: Number(cents), editorId, id: id.join('/') };
}

export function ledgerRepo(info?: DeployInfo) {
  const store = openStore('ledger', info);

  /** What the project earned: as kept if it was, else computed now and kept (the first writer's wins). */
  async function keepProject(earnings: ProjectEarnings): Promise<ProjectEarnings> {
    const key = projectKey(earnings.projectId);
    const kept = (await store.get(key, { type: 'json' })) as ProjectEarnings | null;
    if (kept) return kept;
    if (await store.setJSON(key, earnings, { onlyIfNew: true })) return earnings;
    const won = (await store.get(key, { type: 'json' })) as ProjectEarnings | null;
    if (!won) throw new StorageError(`${key} was refused as written, yet it is not there`);
    return won;
  }

  /**
   * Writes each entry that is not there yet (one already there is left as it is), then its time key: a
   * run cut off between them writes the missing keys when it runs again. An entry on a settled day (a
   * flow retried late) first leaves a change mark there, so what the reports keep of that day is
   * counted again.
   */
  async function add(entries: readonly LedgerEntry[]) {
    const marks = changeMarks(
      [],
      entries.map((entry) => ({ at: entry.at, detail: entry.id })),
      new Date(),
    );
    await Promise.all(marks.map((mark) => store.setJSON(mark, '')));
    await Promise.all(entries.map((entry) => store.setJSON(entryKey(entry), entry, { onlyIfNew: true })));
    await Promise.all(entries.map((entry) => store.setJSON(timeKeyOf(entry), '', { onlyIfNew: true })));
  }

  return {
    keepProject,
    add,
    /** Whether the entry was written. */
    has: async (entry: Pick<LedgerEntry, 'editorId' | 'id'>) => (await store.getMetadata(entryKey(entry))) !== null,
    /** The change marks of the UTC days of the instants `from` to `to` (add). */
    changesBetween: (from: Date, to: Date) => marksOfDays(store, from, to),
    /** What the project earned, if it ended and its earnings were kept. */
    project: (projectId: string) =>
      store.get(projectKey(projectId), { type: 'json' }) as Promise<ProjectEarnings | null>,
    /**
     * The entries of `kind` whose time starts with each of `prefixes` ('2026-11', '2026'), as their keys
     * name them: one key listing per prefix (a request per 1,000 entries), no entry read.
     */
    async byTime(kind: LedgerEntry['kind'], prefixes: readonly string[]): Promise<TimedEntry[]> {
      const listed = await Promise.all(
        prefixes.map((prefix) => listKeys(store, { prefix: `${TIMES}${kind}/${prefix}` })),
      );
      return listed.flat().flatMap((key) => timedEntryOf(key) ?? []);
    },
    /**
     * Every entry, with the time keys each lacks and the time keys no entry has: what a check compares
     * (scripts/ledger-check.ts). Reads the whole ledger: a script's work, never a request's.
     */
    async audit(): Promise<{ entries: LedgerEntry[]; missing: string[]; stray: string[] }> {
      const keys = await listKeys(store);
      const entries = (
        await readRecords<LedgerEntry>(
          store,
          keys.filter((k) => k.startsWith('entries/')),
        )
      ).map(({ value }) => value);
      const timed = new Set(keys.filter((k) => k.startsWith(TIMES)));
      const expected = new Set(entries.map(timeKeyOf));
      return {
        entries,
        missing: [...expected].filter((key) => !timed.has(key)),
        stray: [...timed].filter((key) => !expected.has(key)),
      };
    },
    /** Every entry of an editor, oldest first. Grows with the editor's projects: a few hundred a year. */
    async entriesOf(editorId: string): Promise<LedgerEntry[]> {
      const keys = await listKeys(store, { prefix: `entries/${editorId}/` });
      const entries = (await readRecords<LedgerEntry>(store, keys)).map(({ value }) => value);
      return entries.sort((a, b) => a.at.localeCompare(b.at) || a.id.localeCompare(b.id));
    },
  };
}

/** The entry of one line of a project's earnings (or of their reversal). */
const lineEntry = (
  earnings: ProjectEarnings,
  line: EarningLine,
  entry: Pick<LedgerEntry, 'id' | 'kind' | 'at' | 'payableAt'>,
): LedgerEntry => ({
  ...entry,
  editorId: line.editorId,
  cents: line.cents,
  projectId: earnings.projectId,
  label: earnings.label,
  part: line.part,
  payoutId: null,
});

const later = (a: string, b: string) => (a > b ? a : b);

/**
 * What refunds of the order take back from the project's earnings: for each refund that names it and
 * did not fail, its share of the refund. Made before the earning clears, it comes off the pending
 * balance; after, off the payable one at once (the next payout, if this one was paid). A refund that
 * failed after its reversal was written is given back by an entry of its own.
 */
async function refundEntries(
  earnings: ProjectEarnings,
  refunds: readonly Refund[],
  orderProjects: EndedProject['orderProjects'],
  ledger: ReturnType<typeof ledgerRepo>,
): Promise<LedgerEntry[]> {
  const entries: LedgerEntry[] = [];
  for (const refund of refunds.filter((r) => projectsOfRefund(r).includes(earnings.projectId))) {
    const named = orderProjects.filter((p) => projectsOfRefund(refund).includes(p.id));
    const share = refundShares(refund.amountCents, named).get(earnings.projectId) ?? 0;
    const reversals = reversalOf(share, earnings.priceCents, earnings.lines).map((line) =>
      lineEntry(earnings, line, {
        id: `reverse-${refund.id}-${earnings.projectId}-${line.part}`,
        kind: 'reversal',
        at: refund.createdAt,
        payableAt: later(refund.createdAt, payableFrom(earnings.endedAt)),
      }),
    );
    if (refund.state !== 'failed') entries.push(...reversals);
    else
      for (const reversal of reversals)
        if (await ledger.has(reversal))
          entries.push({
            ...reversal,
            id: `restore-${refund.id}-${earnings.projectId}-${reversal.part}`,
            cents: -reversal.cents,
            at: refund.updatedAt,
            payableAt: later(refund.updatedAt, reversal.payableAt),
          });
  }
  return entries;
}

/**
 * Records what a project that ended earned its editors, less what the order's refunds that name it
 * took back. Safe to run again at any point: what was computed is kept and each entry is written once.
 */
export async function recordEarnings(
  ended: EndedProject,
  refunds: readonly Refund[],
  info?: DeployInfo,
): Promise<ProjectEarnings> {
  const ledger = ledgerRepo(info);
  const { rates } = await ratesRepo(info).current();
  const earnings = await ledger.keepProject({
    projectId: ended.projectId,
    orderId: ended.orderId,
    label: ended.label,
    ended: ended.basis.ended,
    endedAt: ended.endedAt,
    priceCents: ended.basis.priceCents,
    lines: projectEarnings(ended.basis, rates),
  });
  const reversals = await refundEntries(earnings, refunds, ended.orderProjects, ledger);
  await ledger.add([
    ...earnings.lines.map((line) =>
      lineEntry(earnings, line, {
        id: `earn-${earnings.projectId}-${line.part}`,
        kind: 'earning',
        at: earnings.endedAt,
        payableAt: payableFrom(earnings.endedAt),
      }),
    ),
    ...reversals,
  ]);
  // Told after the entries are written, so a mail never announces what the ledger does not hold.
  await tellOfReversals(earnings, reversals, refunds, info);
  return earnings;
}
