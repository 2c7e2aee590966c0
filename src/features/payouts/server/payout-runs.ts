/**
 * Payout runs: every editor's payable balance is paid, through Stripe to the bank account the editor
 * connected (connect.ts), or by our team outside the product (a bank transfer), recorded with the run's
 * reference. A run is written in three steps, each safe to
 * repeat: it takes the ledger's one run lock, keeps what it pays each editor (`runs/<id>`, computed
 * once from the balances of that moment), then writes each editor's payout entry and gives the lock
 * back. A run cut off at any write is finished by the same request sent again, or by the next run,
 * which finishes any run it finds holding the lock before it reads a balance: no balance is ever paid
 * twice.
 */
import { balancesOf, payoutEntryId, type Balances, type LedgerEntry } from '../earnings';
import { payoutMessages } from '../payouts';
import { sendPayout, type SentPayout } from './connect';
import { ledgerRepo } from './ledger';
import { editorsRepo } from '#features/editors/server/editors.repo';
import { UUID } from '#lib/ids';
import { HttpError } from '#server/core/http';
import { listKeys, readRecords } from '#server/storage/paging';
import { getJSONWithEtag, openStore, StorageError, type DeployInfo, type Store } from '#server/storage/stores';

export interface PayoutRun {
  id: string;
  at: string;
  /** How it was paid: the bank transfer's or the batch's reference. */
  reference: string;
  /** Our team's address: for the admin area only. */
  by: string;
  payouts: RunPayout[];
}

/**
 * One editor's part of a run: by hand, or through Stripe to the account they connected (`via`), with
 * the transfer once made, or why Stripe refused it (then nothing is marked paid).
 */
interface RunPayout {
  editorId: string;
  cents: number;
  via?: 'stripe';
  accountId?: string;
  transferId?: string;
  failed?: string;
}

const LOCK_KEY = 'runs-lock';
/** How long a run may hold the lock without keeping its amounts before another run may take it: far longer than a run takes. */
const LOCK_LEASE_MS = 60_000;
interface Lock {
  runId: string;
  at: string;
}
const runKey = (id: string) => `runs/${id}`;

/** The editors who have entries in the ledger. */
async function editorsWithEntries(info?: DeployInfo): Promise<string[]> {
  const { directories } = await openStore('ledger', info).list({ prefix: 'entries/', directories: true });
  return directories.map((dir) => dir.slice('entries/'.length)).sort();
}

/** Each payout to an editor whose bank account Stripe can pay goes through Stripe; the rest by hand. */
async function withAccounts(payouts: RunPayout[], info?: DeployInfo): Promise<RunPayout[]> {
  const editors = editorsRepo(info);
  return Promise.all(
    payouts.map(async (payout) => {
      const account = (await editors.get(payout.editorId))?.payoutAccount;
      return account?.state === 'ready' ? { ...payout, via: 'stripe' as const, accountId: account.id } : payout;
    }),
  );
}

const samePayouts = (a: { editorId: string; cents: number }[], b: { editorId: string; cents: number }[]) => {
  const line = (list: typeof a) =>
    list
      .map((p) => `${p.editorId}:${p.cents}`)
      .sort()
      .join(',');
  return line(a) === line(b);
};

/** Every editor's balances at `now`. */
export async function balancesByEditor(
  now: Date,
  info?: DeployInfo,
): Promise<{ editorId: string; balances: Balances }[]> {
  const ledger = ledgerRepo(info);
  return Promise.all(
    (await editorsWithEntries(info)).map(async (editorId) => ({
      editorId,
      balances: balancesOf(await ledger.entriesOf(editorId), now),
    })),
  );
}

const payoutEntry = (run: PayoutRun, payout: RunPayout): LedgerEntry => ({
  id: payoutEntryId(run.id),
  editorId: payout.editorId,
  kind: 'payout',
  cents: -payout.cents,
  at: run.at,
  payableAt: run.at,
  projectId: null,
  label: payout.via === 'stripe' ? payoutMessages.throughStripe : `Payout (${run.reference})`,
  part: null,
  payoutId: run.id,
});

/**
 * Sends the run's transfers not yet made (each once, by its idempotency key, however often the run is
 * finished) and keeps what came of them, writes the entries of what was paid, then gives back the
 * lock if the run holds it.
 */
async function finish(run: PayoutRun, info?: DeployInfo): Promise<PayoutRun> {
  const store = openStore('ledger', info);
  const sending = run.payouts.filter((p) => p.via === 'stripe' && !p.transferId && !p.failed);
  if (sending.length > 0) {
    const sent = new Map<string, SentPayout>();
    for (const payout of sending)
      sent.set(
        payout.editorId,
        await sendPayout(
          { accountId: payout.accountId!, cents: payout.cents, runId: run.id, editorId: payout.editorId },
          info,
        ),
      );
    // What came of each transfer joins what the kept run says already (a confirmation may be there first).
    run =
      (await changeRun(store, run.id, (kept) => {
        const joining = kept.payouts.filter((p) => sent.has(p.editorId) && !p.transferId && !p.failed);
        for (const p of joining) Object.assign(p, sent.get(p.editorId));
        return joining.length > 0;
      })) ?? run;
  }
  await ledgerRepo(info).add(run.payouts.filter((p) => !p.failed).map((payout) => payoutEntry(run, payout)));
  const lock = (await store.get(LOCK_KEY, { type: 'json' })) as Lock | null;
  if (lock?.runId === run.id) await store.delete(LOCK_KEY);
  return run;
}

/**
 * Changes the kept run by compare-and-set: `change` edits the run it reads and answers whether it did
 * (false: nothing to write). Answers the run as kept afterwards; null when there is none.
 */
async function changeRun(store: Store, runId: string, change: (run: PayoutRun) => boolean): Promise<PayoutRun | null> {
  for (let attempt = 0; attempt < 10; attempt++) {
    const current = await getJSONWithEtag<PayoutRun>(store, runKey(runId));
    if (!current) return null;
    if (!change(current.value)) return current.value;
    if (await store.setJSON(runKey(runId), current.value, { onlyIfMatch: current.etag })) return current.value;
  }
  throw new StorageError(`Payout run ${runId} kept changing`);
}

/**
 * The run holding the lock finished (its entries written). One that never kept its amounts is either
 * still reading the balances (409 until its lease is over) or was cut off: then its lock is given back.
 */
async function finishLocked(lock: Lock, now: Date, info?: DeployInfo) {
  const store = openStore('ledger', info);
  const run = (await store.get(runKey(lock.runId), { type: 'json' })) as PayoutRun | null;
  if (run) return void (await finish(run, info));
  if (now.getTime() - Date.parse(lock.at) < LOCK_LEASE_MS) throw new HttpError(409, payoutMessages.runInProgress);
  await store.delete(LOCK_KEY);
}

/**
 * Records run `id` (the admin's request id: the same request sent again finds it): every editor's
 * payable balance, through Stripe to a connected bank account or by hand under `reference`. 409 when
 * nothing is payable, or when those paid by hand are not `byHand` (when given).
 */
export async function recordPayoutRun(
  request: { id: string; reference: string; by: string; byHand?: { editorId: string; cents: number }[] },
  now: Date,
  info?: DeployInfo,
): Promise<PayoutRun> {
  const store = openStore('ledger', info);
  for (let attempt = 0; attempt < 5; attempt++) {
    const kept = (await store.get(runKey(request.id), { type: 'json' })) as PayoutRun | null;
    if (kept) return finish(kept, info);
    const lock = (await store.get(LOCK_KEY, { type: 'json' })) as Lock | null;
    if (lock && lock.runId !== request.id) {
      await finishLocked(lock, now, info);
      continue;
    }
    const ours: Lock = { runId: request.id, at: now.toISOString() };
    if (!lock && !(await store.setJSON(LOCK_KEY, ours, { onlyIfNew: true }))) continue;
    // Holding the lock: no other run writes an entry until this one gives it back.
    const payouts = await withAccounts(
      (await balancesByEditor(now, info))
        .filter(({ balances }) => balances.payableCents > 0)
        .map(({ editorId, balances }) => ({ editorId, cents: balances.payableCents })),
      info,
    );
    if (payouts.length === 0) {
      await store.delete(LOCK_KEY);
      throw new HttpError(409, payoutMessages.nothingPayable);
    }
    // The admin paid by hand whom the tab showed: a run that would record another list records nothing.
    if (
      request.byHand &&
      !samePayouts(
        payouts.filter((p) => p.via !== 'stripe'),
        request.byHand,
      )
    ) {
      await store.delete(LOCK_KEY);
      throw new HttpError(409, payoutMessages.changed);
    }
    const run: PayoutRun = {
      id: request.id,
      at: now.toISOString(),
      reference: request.reference,
      by: request.by,
      payouts,
    };
    if (!(await store.setJSON(runKey(run.id), run, { onlyIfNew: true }))) continue;
    return finish(run, info);
  }
  throw new StorageError(`Payout run ${request.id}: the lock kept changing`);
}

/** The newest runs, `limit` at most. */
export async function recentRuns(limit: number, info?: DeployInfo): Promise<PayoutRun[]> {
  const store = openStore('ledger', info);
  const runs = (await readRecords<PayoutRun>(store, await listKeys(store, { prefix: 'runs/' }))).map((r) => r.value);
  return runs.sort((a, b) => b.at.localeCompare(a.at)).slice(0, limit);
}

/**
 * Stripe confirms a transfer of a run (`transfer.created`, its metadata naming the run and the editor):
 * the run keeps it and the editor's payout entry is written, if a run cut off after sending it had not
 * yet. Anything else is not ours.
 */
export async function confirmTransfer(
  transfer: { id: string; metadata: Record<string, string> },
  info?: DeployInfo,
): Promise<'transfer-confirmed' | 'unknown-transfer'> {
  const { runId, editorId } = transfer.metadata;
  // A run's id is the admin's request id: anything else names no run, and reaches no key.
  if (!runId || !UUID.test(runId) || !editorId) return 'unknown-transfer';
  const ours = (p: RunPayout) => p.editorId === editorId && p.via === 'stripe';
  const run = await changeRun(openStore('ledger', info), runId, (kept) => {
    const payout = kept.payouts.find(ours);
    if (!payout || payout.transferId === transfer.id) return false;
    Object.assign(payout, { transferId: transfer.id, failed: undefined });
    return true;
  });
  const payout = run?.payouts.find(ours);
  if (!run || !payout) return 'unknown-transfer';
  await ledgerRepo(info).add([payoutEntry(run, payout)]);
  return 'transfer-confirmed';
}
