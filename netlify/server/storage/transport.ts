/**
 * The `fetch` each store operation hands the Blobs client: it tries a request a few times within the
 * invocation's deadline (budget.ts) and records how the last try ended, so the store wrapper can
 * decide what the operation did from Blobs' own answer rather than from the client's `modified`
 * flag (which says "modified" for any answer but 412 to a conditional write, a 503 or 403 included).
 *
 * When it gives up it answers the client a status the client neither retries (its own retries would
 * wait 5 s each) nor reads as found, missing or conflicting; the wrapper then throws. A conditional
 * write that timed out or lost its connection is not tried again: it may have landed, and a second
 * try would then report a conflict with our own write. The caller is told instead (a StorageError),
 * and the flow's retry finds what landed.
 */
import { blobsFetch } from './blobs-fetch';
import { storageLimits, storageTimeLeft } from './budget';

/** How the last try of one operation's requests ended. */
export interface Outcome {
  status?: number;
  failure?: Error;
}

/** Not a status Blobs sends: the client throws on it (reads) or passes it to the wrapper (writes). */
const GAVE_UP = 499;

const isRetryableStatus = (status: number) => status === 429 || status >= 500;
const isConditional = (init: RequestInit) => {
  const headers = (init.headers ?? {}) as Record<string, string>;
  return Object.keys(headers).some((name) => /^if-(match|none-match)$/i.test(name));
};

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function recordingTransport(outcome: Outcome): typeof fetch {
  const transport = async (input: string | URL | Request, init: RequestInit = {}): Promise<Response> => {
    const limits = storageLimits();
    for (let attempt = 1; ; attempt++) {
      const left = storageTimeLeft();
      if (left <= 0) return gaveUp(outcome, new Error('The storage time of this request ran out'));
      try {
        const res = await blobsFetch(input, init, Math.min(limits.tryTimeoutMs, left));
        outcome.status = res.status;
        outcome.failure = isRetryableStatus(res.status) ? new Error(`Blobs answered ${res.status}`) : undefined;
        if (!outcome.failure) return res;
        await res.body?.cancel();
      } catch (error) {
        outcome.status = undefined;
        outcome.failure = error instanceof Error ? error : new Error(String(error));
        if (isConditional(init) && (init.method ?? 'GET').toUpperCase() === 'PUT')
          return gaveUp(outcome, outcome.failure);
      }
      const wait = limits.pausesMs[attempt - 1] ?? limits.pausesMs.at(-1) ?? 0;
      if (attempt >= limits.tries || wait >= storageTimeLeft()) return gaveUp(outcome, outcome.failure);
      await pause(wait);
    }
  };
  return transport as typeof fetch;
}

function gaveUp(outcome: Outcome, failure: Error): Response {
  outcome.failure = failure;
  return new Response(null, { status: GAVE_UP });
}
