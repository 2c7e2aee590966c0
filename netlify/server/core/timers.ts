/**
 * What time decides lives under keys that sort by due time:
 * `due/<hour>/<ISO time>/<subject id>/<kind>-<ref>`. A run lists the hour folders (one request),
 * then only the folders up to now, so it touches only what is due however many records are stored.
 * A timer is a reminder to look, not a command: its handler reads its subject and acts only if the
 * subject still needs it, so a timer that fires twice, or late, or for a project that moved on,
 * changes nothing.
 */
import { openStore, type DeployInfo } from '#server/storage/stores';

export interface Timer {
  key: string;
  at: Date;
  /** What it is about: a project, an order, an outbox mail, an editor. */
  subjectId: string;
  /** Which feature's handler looks: a name of lowercase letters the feature owns. */
  kind: string;
  /** Which round, file or attempt of the subject it is about. */
  ref: string;
}

/**
 * What a kind of timer does once due. The feature that schedules the kind gives its handler to the run;
 * core knows no kind. A handler that throws leaves its timer for the next run.
 */
export type TimerHandler<C extends DeployInfo> = (timer: Timer, context: C, now: Date) => Promise<unknown>;

const KIND = /^[a-z]+$/;
const PREFIX = 'due/';
const hourOf = (at: Date) => at.toISOString().slice(0, 13);

const timerKey = (at: Date, subjectId: string, kind: string, ref: string | number) =>
  `${PREFIX}${hourOf(at)}/${at.toISOString()}/${subjectId}/${kind}-${ref}`;

function parseTimer(key: string): Timer | null {
  const match = /^due\/[^/]+\/([^/]+)\/([^/]+)\/([a-z]+)-(.+)$/.exec(key);
  return match && { key, at: new Date(match[1]), subjectId: match[2], kind: match[3], ref: match[4] };
}

export function timersRepo(info?: DeployInfo) {
  const store = openStore('timers', info);
  return {
    async schedule(at: Date, subjectId: string, kind: string, ref: string | number): Promise<void> {
      if (!KIND.test(kind)) throw new Error(`A timer's kind is lowercase letters, not ${kind}`);
      await store.set(timerKey(at, subjectId, kind, ref), '');
    },

    /** Every timer due at `now`, oldest first. */
    async due(now: Date): Promise<Timer[]> {
      const { directories } = await store.list({ prefix: PREFIX, directories: true });
      const hours = directories.filter((dir) => dir.slice(PREFIX.length) <= hourOf(now)).sort();
      const keys = (await Promise.all(hours.map((dir) => store.list({ prefix: `${dir}/` })))).flatMap(({ blobs }) =>
        blobs.map((b) => b.key),
      );
      return keys
        .map(parseTimer)
        .filter((timer): timer is Timer => timer !== null && timer.at.getTime() <= now.getTime())
        .sort((a, b) => a.key.localeCompare(b.key));
    },

    async remove(key: string): Promise<void> {
      await store.delete(key);
    },
  };
}

export interface RunSummary {
  due: number;
  handled: number;
  failed: number;
}

/**
 * One run: every timer due at `now`, oldest first, to the handler of its kind, and removed once
 * handled. One that failed, or whose kind no handler takes, stays for the next run; `expected` says
 * which failures are the ordinary kind (a record changed meanwhile) and need no log.
 */
export async function runTimers<C extends DeployInfo>(
  handlers: Readonly<Record<string, TimerHandler<C>>>,
  context: C,
  now: Date,
  expected: (error: unknown) => boolean = () => false,
): Promise<RunSummary> {
  const timers = timersRepo(context);
  const due = await timers.due(now);
  let handled = 0;
  let failed = 0;
  for (const timer of due) {
    try {
      const handler = Object.hasOwn(handlers, timer.kind) ? handlers[timer.kind] : null;
      if (!handler) throw new Error(`No handler takes timers of kind ${timer.kind}`);
      await handler(timer, context, now);
      await timers.remove(timer.key);
      handled += 1;
    } catch (error) {
      failed += 1;
      if (!expected(error)) console.error(`Timer ${timer.key} failed:`, error);
    }
  }
  return { due: due.length, handled, failed };
}
