/**
 * Walks faults over every write of a flow: storage that fails at any write. For each n from 1 to
 * the number of writes the flow makes on a clean run, and each fault a flow can meet there: arrange
 * from nothing, fail every write from the nth on (an outage that starts mid-flow), act, and let the
 * test check what the caller was told and what is stored; then, with storage well again, act once
 * more (the caller's or the provider's retry) and check that the flow completed with one effect.
 */
import { setStorageLimits } from '../../netlify/server/storage/budget';
import type { Fault, FaultPlan, SavedState } from './atomic-blobs-server';

/** The ways Blobs can be out at once, without a wait: the trusted store turns each into the same error, with nothing stored. */
const QUICK_OUTAGES: Fault[] = [503, 403, 'drop'];

/**
 * The outage a walk meets at write `at` of `writes`: one kind, then the next, in turn, and a held
 * connection (a timeout) at the middle write alone. A timeout costs a try's whole limit, twice: met
 * at every fourth write it took a third of the account closure's walk. The trusted store's tests prove
 * it reaches a flow as the other kinds do, so one per walk shows the flow meets one as well.
 */
const outageAt = (at: number, writes: number): Fault =>
  at === Math.ceil(writes / 2) ? 'timeout' : QUICK_OUTAGES[(at - 1) % QUICK_OUTAGES.length];

/**
 * The faults a flow can tell apart at its nth write: an outage (nothing stored), a 412 no condition
 * explains, and the write stored with its answer lost. The trusted store's own tests prove every
 * outage kind reaches a flow as the same error, so one stands for all at each write, the kinds in
 * turn over a flow's writes, at a fraction of the cost of every kind at every write.
 */
const faultsAt = (at: number, writes: number): Fault[] => [outageAt(at, writes), 'spurious-412', 'lost-answer'];

/**
 * Whether the 412 at write `at` would walk what the outage there just walked: the write carries no
 * condition, so the trusted store answers its 412 as it answers a 403 (its tests prove it), and no
 * write with a condition came after it, the one place a 412 and an outage part ways (a conflict
 * against an error). `conditionals` are the outage's writes, in order. Most writes of a long flow
 * (deletes, keys of lists) carry none: the walk of closing an account ran 270 steps, and runs 211.
 */
const sameAsOutage = (conditionals: readonly boolean[], at: number) =>
  conditionals.length >= at && !conditionals.slice(at - 1).some(Boolean);

interface FaultServer {
  reset(): void;
  saveState(): SavedState;
  restoreState(saved: SavedState): void;
  setFaults(plan: FaultPlan | null): void;
  writeCount(): number;
  conditionalWrites(): readonly boolean[];
}

export interface Walk<R> {
  /** Makes the state the flow starts from (its writes are not counted). */
  arrange(): Promise<void>;
  /**
   * Given, the walk arranges once: before each step it puts the stores back as `arrange` left them
   * and calls this to re-make what lives outside them (a user the flow deleted, a cache). For flows
   * whose arrangement costs more than the flow itself.
   */
  rearrange?(): Promise<void>;
  /** The request (or timer run) under test. */
  act(): Promise<R>;
  /** What must hold right after the failed attempt. */
  afterFault(result: R, step: string): Promise<void> | void;
  /** What must hold after the retry. */
  afterRetry(result: R, step: string): Promise<void> | void;
  /** Whether the `indexes` store's writes are walked too (the atomic store passes them by otherwise). */
  indexes?: boolean;
}

/**
 * Tries short enough that a held connection costs a step a fraction of a second. Only while a fault
 * is planned: the arrangement, the retry and the checks keep the local limits, so a busy machine is
 * not taken for an outage where the test counts on storage being well.
 */
const SHORT_TRIES = { tries: 2, tryTimeoutMs: 400, pausesMs: [5] };

/** Runs the walk; answers how many writes the clean run made (a test asserts it, so a walk is never empty). */
export async function walkFaults<R>(blobs: FaultServer, walk: Walk<R>): Promise<number> {
  blobs.reset();
  await walk.arrange();
  const arranged = walk.rearrange && blobs.saveState();
  // A plan that never fires, when the index writes are to be counted too.
  blobs.setFaults(walk.indexes ? { fault: 503, at: Number.POSITIVE_INFINITY, indexes: true } : null);
  await walk.act();
  const writes = blobs.writeCount();
  for (let at = 1; at <= writes; at++) {
    let outage: readonly boolean[] = [];
    for (const fault of faultsAt(at, writes)) {
      if (fault === 'spurious-412' && sameAsOutage(outage, at)) continue;
      const step = `${fault} from write ${at} of ${writes}`;
      if (arranged) {
        blobs.restoreState(arranged);
        await walk.rearrange!();
      } else {
        blobs.reset();
        await walk.arrange();
      }
      blobs.setFaults({ fault, at, indexes: walk.indexes });
      setStorageLimits(SHORT_TRIES);
      let first: R;
      try {
        first = await walk.act();
        if (fault === outageAt(at, writes)) outage = blobs.conditionalWrites();
      } finally {
        setStorageLimits(null);
        blobs.setFaults(null);
      }
      await labelled(step, 'after the fault', () => walk.afterFault(first, step));
      const second = await walk.act();
      await labelled(step, 'after the retry', () => walk.afterRetry(second, step));
    }
  }
  return writes;
}

async function labelled(step: string, phase: string, check: () => Promise<void> | void) {
  try {
    await check();
  } catch (error) {
    if (error instanceof Error) error.message = `[${step}, ${phase}] ${error.message}`;
    throw error;
  }
}
