/**
 * Netlify runs a function whose `config.schedule` is set on that cron schedule, and gives it no URL.
 * Locally `npm start` runs every such function of netlify/functions once a minute instead, in this
 * process like the functions host runs the others (decision 002): the same handler, a POST with
 * Netlify's `{ next_run }` body and a Context whose deploy context is ''. Generic: a new scheduled
 * function needs no line here. A run still going when the next minute comes is not started twice.
 * With `everyMs: null` there is no clock and `runNow()` runs them: the browser tests ask for a run when
 * a test needs one, rather than have backups and reports run every minute beside them.
 */
import { resolve } from 'node:path';
import { defaultPath, importFunctions, isScheduled, localContext, type FunctionModule } from './functions-host';

export const SCHEDULED_RUN_EVERY_MS = 60_000;

export interface ScheduledFunctionsOptions {
  siteUrl: string;
  directory?: string;
  /** How often they run; null: only when `runNow()` asks. */
  everyMs?: number | null;
}

export async function startScheduledFunctions({
  siteUrl,
  directory = resolve('netlify/functions'),
  everyMs = SCHEDULED_RUN_EVERY_MS,
}: ScheduledFunctionsOptions) {
  const scheduled = (await importFunctions(directory)).filter(isScheduled);
  const running = new Map<string, Promise<unknown>>();

  /** Runs one; answers what it answered (JSON), or null for no JSON, a refusal or a failure. */
  async function invoke(fn: FunctionModule): Promise<unknown> {
    const body = JSON.stringify({ next_run: new Date(Date.now() + (everyMs ?? SCHEDULED_RUN_EVERY_MS)).toISOString() });
    const req = new Request(new URL(defaultPath(fn), siteUrl), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body,
    });
    try {
      const res = await fn.handler(req, localContext(fn.name, siteUrl));
      const text = await res.text();
      if (!res.ok) console.error(`Scheduled ${fn.name} answered ${res.status}: ${text}`);
      return res.ok ? jsonOrNull(text) : null;
    } catch (error) {
      console.error(`Scheduled ${fn.name} failed:`, error);
      return null;
    }
  }

  function tick() {
    for (const fn of scheduled) {
      if (running.has(fn.name)) continue;
      running.set(
        fn.name,
        invoke(fn).finally(() => running.delete(fn.name)),
      );
    }
  }

  const timer = everyMs === null ? undefined : setInterval(tick, everyMs);
  return {
    /** The file names of the functions it runs. */
    names: scheduled.map((fn) => fn.name),
    /**
     * Runs each once, from now (after any run under way ends), and waits for them all; answers what
     * each answered, by file name (a run cut short by its time says so, and the caller may ask again).
     */
    async runNow(): Promise<Record<string, unknown>> {
      await Promise.allSettled(running.values());
      tick();
      const runs = [...running];
      return Object.fromEntries(await Promise.all(runs.map(async ([name, run]) => [name, await run])));
    },
    /** Stops the clock and waits for the runs under way. */
    async stop() {
      clearInterval(timer);
      await Promise.allSettled(running.values());
    },
  };
}

const jsonOrNull = (text: string): unknown => {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
};
