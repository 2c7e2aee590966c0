/**
 * Walks a fault over every write of a flow: storage that fails at any write. For each fault
 * and each n from 1 to the number of writes the flow makes on a clean run: arrange from nothing,
 * fail every write from the nth on (an outage that starts mid-flow), act, and let the test check what
 * the caller was told and what is stored; then, with storage well again, act once more (the caller's
 * or the provider's retry) and check that the flow completed with one effect.
 */
import { setStorageLimits } from '../../netlify/server/storage/budget';
import type { Fault, FaultPlan } from './atomic-blobs-server';

/** Every way the stand-in fails a write. */
export const ALL_FAULTS: Fault[] = [503, 403, 'timeout', 'drop', 'spurious-412', 'lost-answer'];

interface FaultServer {
  reset(): void;
  setFaults(plan: FaultPlan | null): void;
  writeCount(): number;
}

export interface Walk<R> {
  /** Makes the state the flow starts from (its writes are not counted). */
  arrange(): Promise<void>;
  /** The request (or timer run) under test. */
  act(): Promise<R>;
  /** What must hold right after the failed attempt. */
  afterFault(result: R, step: string): Promise<void> | void;
  /** What must hold after the retry. */
  afterRetry(result: R, step: string): Promise<void> | void;
}

/**
 * Tries short enough that a held connection costs a step a fraction of a second. Only while a fault
 * is planned: the arrangement, the retry and the checks keep the local limits, so a busy machine is
 * not taken for an outage where the test counts on storage being well.
 */
const SHORT_TRIES = { tries: 2, tryTimeoutMs: 400, pausesMs: [5] };

/** Runs the walk; answers how many writes the clean run made (a test asserts it, so a walk is never empty). */
export async function walkFaults<R>(blobs: FaultServer, walk: Walk<R>, faults: Fault[] = ALL_FAULTS): Promise<number> {
  blobs.reset();
  await walk.arrange();
  blobs.setFaults(null);
  await walk.act();
  const writes = blobs.writeCount();
  for (const fault of faults) {
    for (let at = 1; at <= writes; at++) {
      const step = `${fault} from write ${at} of ${writes}`;
      blobs.reset();
      await walk.arrange();
      blobs.setFaults({ fault, at });
      setStorageLimits(SHORT_TRIES);
      let first: R;
      try {
        first = await walk.act();
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
