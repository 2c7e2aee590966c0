/**
 * The worker thread a .docx is converted in (docx-in-worker.ts starts it): it receives the file's
 * bytes, answers the conversion and ends. Parsing runs here, so the request's thread stays free.
 */
import { serveInWorker } from '#server/core/worker';
import { convertDocx } from './docx';

await serveInWorker(convertDocx);
