/**
 * How long storage may take. Netlify stops a synchronous function at 60 s and a scheduled one at 30 s;
 * the Blobs client on its own retries a 5xx or 429 five times, 5 s apart, per request, so a few
 * requests in an outage would outlive either. Our transport (transport.ts) does the retrying instead,
 * within two bounds: a few short tries per request, and a deadline for the whole invocation after
 * which every store operation fails at once, so the function still answers (503) in time.
 * Worst cases: docs/decisions/025-storage-time-budget.md.
 */
import { AsyncLocalStorage } from 'node:async_hooks';

export interface StorageLimits {
  /** Tries per request, the first included. */
  tries: number;
  /** One try, from sending to the whole answer. */
  tryTimeoutMs: number;
  /** The pause before the 2nd, 3rd, ... try. */
  pausesMs: readonly number[];
  /** Storage time of one synchronous invocation (an API request), from its start. */
  requestBudgetMs: number;
  /** Storage time of one scheduled run. */
  scheduledBudgetMs: number;
}

const STORAGE_LIMITS: Readonly<StorageLimits> = Object.freeze({
  tries: 3,
  tryTimeoutMs: 5_000,
  pausesMs: [150, 600],
  requestBudgetMs: 25_000,
  scheduledBudgetMs: 20_000,
});

/**
 * The local Blobs server is files on a machine the tests keep busy: `npm start` and the tests give a
 * try longer (BLOBS_TRY_TIMEOUT_MS), so a loaded machine is not mistaken for an outage. Netlify's
 * Blobs answers in milliseconds, and deploys never set it.
 */
function defaults(): StorageLimits {
  const localTryTimeout = Number(process.env.BLOBS_TRY_TIMEOUT_MS) || 0;
  if (!localTryTimeout) return STORAGE_LIMITS;
  return {
    ...STORAGE_LIMITS,
    tryTimeoutMs: localTryTimeout,
    requestBudgetMs: Math.max(STORAGE_LIMITS.requestBudgetMs, 2 * localTryTimeout),
  };
}

let overrides: Partial<StorageLimits> | null = null;

/** The limits in force; tests shrink them to prove the bounds without waiting for them. */
export const storageLimits = (): Readonly<StorageLimits> => ({ ...defaults(), ...overrides });
export function setStorageLimits(change: Partial<StorageLimits> | null) {
  overrides = change;
}

const invocation = new AsyncLocalStorage<{ deadline: number }>();

/** Runs `work` with its storage deadline `budgetMs` from now; nested calls keep the earlier deadline. */
export function withStorageDeadline<T>(budgetMs: number, work: () => Promise<T>): Promise<T> {
  const deadline = Math.min(Date.now() + budgetMs, invocation.getStore()?.deadline ?? Infinity);
  return invocation.run({ deadline }, work);
}

/** Milliseconds of storage time left to this invocation (a script outside any invocation has no deadline). */
export const storageTimeLeft = () => (invocation.getStore()?.deadline ?? Infinity) - Date.now();
