/**
 * A .docx converted in a worker thread, so that unzipping and parsing it never hold up the thread
 * that answers requests; a worker that dies, of memory or of the clock, makes the draft unreadable,
 * an outcome kept like any other.
 */
import { runInWorker, type WorkerLimits } from '#server/core/worker';
import { CONVERSION_LIMITS, conversionMessages } from '../essay-limits';
import type { Conversion } from './conversion';

/** The worker's bundle beside the bundled function, as the build names it (scripts/build/functions.ts). */
declare const DOCX_WORKER_BUNDLE: string | undefined;

const unreadable: Conversion = { status: 'unreadable', blocks: [], reason: conversionMessages.unreadable };

/** `limits`: those of CONVERSION_LIMITS, tighter in a test. */
export function convertDocxInWorker(bytes: Uint8Array, limits: WorkerLimits = CONVERSION_LIMITS): Promise<Conversion> {
  const script = {
    bundle: typeof DOCX_WORKER_BUNDLE === 'string' ? new URL(DOCX_WORKER_BUNDLE, import.meta.url) : undefined,
    source: new URL('./docx-worker.ts', import.meta.url),
  };
  return runInWorker('.docx', script, bytes, limits, unreadable);
}
