/**
 * A .docx converted in a worker thread, so that unzipping and parsing it never hold up the thread
 * that answers requests. The worker's heap is capped and it is stopped when the time is up; a worker
 * that dies, of memory or of the clock, makes the draft unreadable, an outcome kept like any other.
 */
import { Worker } from 'node:worker_threads';
import { CONVERSION_LIMITS, conversionMessages } from '../essay-limits';
import { STARTED, type Conversion } from './conversion';

/** The worker's bundle beside the bundled function, as the build names it (scripts/build/functions.ts). */
declare const DOCX_WORKER_BUNDLE: string | undefined;

/** The worker's script: its bundle when this runs bundled, else its source, compiled by tsx as it loads. */
function workerScript(): { script: string | URL; eval: boolean } {
  if (typeof DOCX_WORKER_BUNDLE === 'string')
    return { script: new URL(DOCX_WORKER_BUNDLE, import.meta.url), eval: false };
  const source = JSON.stringify(new URL('./docx-worker.ts', import.meta.url).href);
  return {
    script: `import('tsx/esm/api').then(({ register }) => { register(); return import(${source}); });`,
    eval: true,
  };
}

const unreadable: Conversion = { status: 'unreadable', blocks: [], reason: conversionMessages.unreadable };

/** The limits a worker runs under: those of CONVERSION_LIMITS, tighter in a test. */
type WorkerLimits = Record<'startMillis' | 'millis' | 'oldGenerationMb' | 'youngGenerationMb', number>;

export function convertDocxInWorker(bytes: Uint8Array, limits: WorkerLimits = CONVERSION_LIMITS): Promise<Conversion> {
  const { script, eval: isCode } = workerScript();
  const worker = new Worker(script, {
    eval: isCode,
    workerData: bytes,
    resourceLimits: {
      maxOldGenerationSizeMb: limits.oldGenerationMb,
      maxYoungGenerationSizeMb: limits.youngGenerationMb,
    },
  });
  return new Promise<Conversion>((resolve) => {
    const stop = () => {
      resolve(unreadable);
      void worker.terminate();
    };
    // First the start is timed, then, once the worker says it has loaded, the conversion.
    let timer = setTimeout(stop, limits.startMillis);
    const end = (conversion: Conversion) => {
      clearTimeout(timer);
      resolve(conversion);
    };
    worker.on('message', (message: Conversion | typeof STARTED) => {
      if (message !== STARTED) return end(message);
      clearTimeout(timer);
      timer = setTimeout(stop, limits.millis);
    });
    worker.once('error', (error) => {
      // Out of memory is the document's doing; anything else is ours, and is logged.
      if ((error as { code?: string }).code !== 'ERR_WORKER_OUT_OF_MEMORY')
        console.error('The .docx worker failed', error);
      end(unreadable);
    });
    worker.once('exit', () => end(unreadable));
  });
}
