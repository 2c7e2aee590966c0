/**
 * What time decides lives under keys that sort by due time:
 * `due/<hour>/<ISO time>/<project id>/<kind>-<round>`. A run lists the hour folders (one request),
 * then only the folders up to now, so it touches only what is due however many projects are stored.
 * A timer is a reminder to look, not a command: its handler reads the project and acts only if the
 * project still needs it, so a timer that fires twice, or late, or for a project that moved on,
 * changes nothing.
 */
import { openStore, type DeployInfo } from '#server/storage/stores';

/**
 * Each kind is about a project ('stats': what the project adds to its editors' ratings and on-time
 * share, published again should the step's own attempt fail; 'retention': its content deleted once
 * the retention period after it ended is over), but 'expire' (an unpaid order), 'mail' (an outbox mail to send again)
 * and 'waitlist' (an editor whose waitlist is told of an opening).
 */
const TIMER_KINDS = [
  'ack',
  'late',
  'warn',
  'final',
  'sync',
  'refund',
  'file',
  'expire',
  'mail',
  'notify',
  'waitlist',
  'nudge',
  'reveal',
  'stats',
  'retention',
] as const;
export type TimerKind = (typeof TIMER_KINDS)[number];

export interface Timer {
  key: string;
  at: Date;
  /** The project (or, for 'expire', the order; for 'mail', the outbox key; for 'waitlist', the editor) it is about. */
  subjectId: string;
  kind: TimerKind;
  /** The round it is about, the file id of a 'file' timer, or the opening of a 'waitlist' timer. */
  ref: string;
}

const PREFIX = 'due/';
const hourOf = (at: Date) => at.toISOString().slice(0, 13);

const timerKey = (at: Date, subjectId: string, kind: TimerKind, ref: string | number) =>
  `${PREFIX}${hourOf(at)}/${at.toISOString()}/${subjectId}/${kind}-${ref}`;

function parseTimer(key: string): Timer | null {
  const match = /^due\/[^/]+\/([^/]+)\/([^/]+)\/([a-z]+)-(.+)$/.exec(key);
  if (!match || !(TIMER_KINDS as readonly string[]).includes(match[3])) return null;
  return { key, at: new Date(match[1]), subjectId: match[2], kind: match[3] as TimerKind, ref: match[4] };
}

export function timersRepo(info?: DeployInfo) {
  const store = openStore('timers', info);
  return {
    async schedule(at: Date, subjectId: string, kind: TimerKind, ref: string | number): Promise<void> {
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
