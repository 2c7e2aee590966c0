/** The worker thread a receipt is drawn in (receipt-in-worker.ts starts it): it receives the receipt and answers its PDF. */
import { serveInWorker } from '#server/core/worker';
import { receiptPdf } from './receipt-pdf';

await serveInWorker(receiptPdf);
