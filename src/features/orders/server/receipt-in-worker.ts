/**
 * A receipt's PDF, drawn in a worker thread with its own limits, so that building a document never
 * holds up the thread that answers requests. Null when the worker ran out of time or memory.
 */
import { runInWorker, type WorkerLimits } from '#server/core/worker';
import type { Receipt } from '../receipts';

/** The worker's bundle beside the bundled function, as the build names it (scripts/build/functions.ts). */
declare const RECEIPT_WORKER_BUNDLE: string | undefined;

export const RECEIPT_LIMITS: WorkerLimits = {
  // A bundled worker loads pdf-lib in a fraction of this; one compiled from source on a busy machine in seconds.
  startMillis: 15_000,
  // A one-page receipt is drawn in tens of milliseconds.
  millis: 5_000,
  oldGenerationMb: 128,
  youngGenerationMb: 16,
};

export function receiptPdfInWorker(receipt: Receipt, limits = RECEIPT_LIMITS): Promise<Uint8Array<ArrayBuffer> | null> {
  const script = {
    bundle: typeof RECEIPT_WORKER_BUNDLE === 'string' ? new URL(RECEIPT_WORKER_BUNDLE, import.meta.url) : undefined,
    source: new URL('./receipt-worker.ts', import.meta.url),
  };
  return runInWorker('receipt', script, receipt, limits, null);
}
