/**
 * The worker thread a .docx is converted in (docx-in-worker.ts starts it): it receives the file's
 * bytes, answers the conversion and ends. Parsing runs here, so the request's thread stays free.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { convertDocx } from './docx';
import { STARTED } from './conversion';

// Loaded: from here on the conversion's own time limit runs.
parentPort!.postMessage(STARTED);
parentPort!.postMessage(await convertDocx(workerData as Uint8Array));
