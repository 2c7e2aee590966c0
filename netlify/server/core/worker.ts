/**
 * Work that costs CPU (parsing a file, building a document), run in a worker thread so that it never
 * holds up the thread that answers requests. The worker's heap is capped and it is stopped when its
 * time is up; a worker that dies, of memory or of the clock, answers `failed`.
 */
import { Worker, parentPort, workerData } from 'node:worker_threads';

/** What a worker says once it has loaded, before it starts the work: from then on the work's own limit runs. */
const STARTED = 'started';

/** The limits one worker runs under: wall time to load, wall time to work, and its heap in MB. */
export type WorkerLimits = Record<'startMillis' | 'millis' | 'oldGenerationMb' | 'youngGenerationMb', number>;

/**
 * A worker's script: `bundle`, its bundle beside the bundled function when this runs bundled (the
 * build defines its path, scripts/build/functions.ts), else `source`, its TypeScript, compiled by tsx
 * as it loads. The caller writes `new URL(<defined path>, import.meta.url)` itself: that literal form
 * is what Netlify's packer follows to ship the worker's bundle with the function.
 */
export interface WorkerScript {
  bundle: URL | undefined;
  source: URL;
}

function scriptOf({ bundle, source }: WorkerScript): { script: string | URL; eval: boolean } {
  if (bundle) return { script: bundle, eval: false };
  const href = JSON.stringify(source.href);
  return {
    script: `import('tsx/esm/api').then(({ register }) => { register(); return import(${href}); });`,
    eval: true,
  };
}

/**
 * Runs `script` on `input` and answers what it posts, or `failed` when it runs out of time or memory
 * or throws. `name` says in the log which worker failed for a reason other than its limits.
 */
export function runInWorker<In, Out>(
  name: string,
  script: WorkerScript,
  input: In,
  limits: WorkerLimits,
  failed: Out,
): Promise<Out> {
  const { script: code, eval: isCode } = scriptOf(script);
  const worker = new Worker(code, {
    eval: isCode,
    workerData: input,
    resourceLimits: {
      maxOldGenerationSizeMb: limits.oldGenerationMb,
      maxYoungGenerationSizeMb: limits.youngGenerationMb,
    },
  });
  return new Promise<Out>((resolve) => {
    const stop = () => {
      resolve(failed);
      void worker.terminate();
    };
    // First the start is timed, then, once the worker says it has loaded, the work.
    let timer = setTimeout(stop, limits.startMillis);
    const end = (result: Out) => {
      clearTimeout(timer);
      resolve(result);
    };
    worker.on('message', (message: Out | typeof STARTED) => {
      if (message !== STARTED) return end(message as Out);
      clearTimeout(timer);
      timer = setTimeout(stop, limits.millis);
    });
    worker.once('error', (error) => {
      // Out of memory is the input's doing; anything else is ours, and is logged.
      if ((error as { code?: string }).code !== 'ERR_WORKER_OUT_OF_MEMORY')
        console.error(`The ${name} worker failed`, error);
      end(failed);
    });
    worker.once('exit', () => end(failed));
  });
}

/** The body of a worker's script: says it has loaded, does `work` on the input it was given, posts the result. */
export async function serveInWorker<In, Out>(work: (input: In) => Out | Promise<Out>): Promise<void> {
  parentPort!.postMessage(STARTED);
  parentPort!.postMessage(await work(workerData as In));
}
