/**
 * The admins' own notifications. Each admin (an owner the settings name, or a member of the team)
 * chooses the kinds they hear of, each by a mail of its own or in one digest a day. Every event is
 * kept once in the `notices` log (by its id and time), holding no one's name: the digest reads a day
 * of it, and takes an owner notice's words from the attention store, whose names a closed account
 * takes with it.
 */
import { DateTime } from 'luxon';
import {
  NO_NOTIFICATIONS,
  notificationLabel,
  notificationMessages,
  type NotificationChoice,
  type NotificationKind,
} from '#lib/notifications';
import { site } from '#lib/site';
import { BUSINESS_TIME_ZONE } from '#lib/time';
import { appendOnlyStore } from '#server/storage/append-only';
import { StorageError } from '#server/storage/error';
import { listKeys, readRecords } from '#server/storage/paging';
import { getJSONWithEtag, openStore, type DeployInfo } from '#server/storage/stores';
import { serverEnv } from './env';
import { paragraphsMail, sendMail } from './mail';
import { isOnTheTeam } from './staff';

interface ChoiceRecord extends NotificationChoice {
  email: string;
  history: ({ at: string } & NotificationChoice)[];
}

/** One event in the log: its kind, and either words that name no one or the attention record holding them. */
interface LoggedNotice {
  at: string;
  kind: NotificationKind;
  line?: string;
  attention?: string;
}

/** An event the admins may hear of: `id` names it (no '/'), `at` is a time its flow keeps, so a retry repeats nothing. */
export interface AdminNotice {
  id: string;
  at: Date;
  kind: NotificationKind;
  subject: string;
  lines: string[];
  /** The digest's line: words that name no family (the log keeps them). */
  line?: string;
  /** Or the attention record whose words the digest reads, as they are then. */
  attention?: string;
}

const choiceKey = (email: string) => encodeURIComponent(email.toLowerCase());
const TRIES = 5;

export function notificationChoices(info?: DeployInfo) {
  const store = openStore('notify-prefs', info);
  return {
    /** What `email` chose; nothing until they choose. */
    async get(email: string): Promise<NotificationChoice> {
      const record = (await getJSONWithEtag<ChoiceRecord>(store, choiceKey(email)))?.value;
      return record ? { kinds: record.kinds, digest: record.digest } : NO_NOTIFICATIONS;
    },
    /** Saves `choice` for `email`, appended to its history; answers what was chosen before. */
    async set(email: string, choice: NotificationChoice, now: Date): Promise<NotificationChoice> {
      for (let attempt = 0; attempt < TRIES; attempt++) {
        const current = await getJSONWithEtag<ChoiceRecord>(store, choiceKey(email));
        const before = current ? { kinds: current.value.kinds, digest: current.value.digest } : NO_NOTIFICATIONS;
        const record: ChoiceRecord = {
          email: email.toLowerCase(),
          ...choice,
          history: [...(current?.value.history ?? []), { at: now.toISOString(), ...choice }],
        };
        const condition = current ? { onlyIfMatch: current.etag } : { onlyIfNew: true as const };
        if (await store.setJSON(choiceKey(email), record, condition)) return before;
      }
      throw new StorageError(`The notifications of ${email} kept changing`);
    },
    /** Everyone who chose something, and what: the admins who saved a choice, few. */
    async all(): Promise<ChoiceRecord[]> {
      return (await readRecords<ChoiceRecord>(store, await listKeys(store))).map(({ value }) => value);
    },
  };
}

const log = (info?: DeployInfo) => appendOnlyStore<LoggedNotice>('notices', info);

/** The admins who chose `kind`, by digest or by single mails: a choice outlives a member taken off the team, and reaches no one then. */
async function choosers(kind: NotificationKind, digest: boolean, info?: DeployInfo) {
  const chosen = (await notificationChoices(info).all()).filter(
    (record) => record.digest === digest && record.kinds.includes(kind),
  );
  const now = await Promise.all(chosen.map((record) => isOnTheTeam(record.email, info)));
  return chosen.filter((_, i) => now[i]).map((record) => record.email);
}

/** Keeps the event in the log, then mails it to each admin who chose its kind as single mails; each once. */
export async function notifyAdmins(notice: AdminNotice, info?: DeployInfo): Promise<void> {
  const { id, at, kind, subject, lines, line, attention } = notice;
  await log(info).appendOnce(
    id,
    { at: at.toISOString(), kind, ...(line && { line }), ...(attention && { attention }) },
    at,
  );
  const results = await Promise.allSettled(
    (await choosers(kind, false, info)).map((email) =>
      sendMail({ ...paragraphsMail(email, subject, lines), kind: 'owner' }, info, at, {
        id: `notice-${id}-${choiceKey(email)}`,
        at,
      }),
    ),
  );
  const failed = results.find((result) => result.status === 'rejected');
  if (failed) throw failed.reason;
}

/** The New York day before `now`, as instants, and its name. */
function dayBefore(now: Date) {
  const start = DateTime.fromJSDate(now, { zone: BUSINESS_TIME_ZONE }).minus({ days: 1 }).startOf('day');
  return { start: start.toJSDate(), end: start.plus({ days: 1 }).toJSDate(), name: start.toFormat('LLL d, yyyy') };
}

/** The log's notices of [start, end): the UTC dates the day spans, listed by prefix, so a read costs a day's notices. */
async function noticesOf(start: Date, end: Date, info?: DeployInfo) {
  const store = openStore('notices', info);
  const prefixes = [...new Set([start, new Date(end.getTime() - 1)].map((d) => d.toISOString().slice(0, 10)))];
  const keys = (await Promise.all(prefixes.map((prefix) => listKeys(store, { prefix })))).flat();
  const inDay = keys.filter((key) => key >= start.toISOString() && key < end.toISOString());
  return (await readRecords<LoggedNotice>(store, inDay)).map(({ value }) => value);
}

/** A notice's line for the digest: its own, or its attention record's words as they are now. */
async function lineOf(notice: LoggedNotice, info?: DeployInfo): Promise<string> {
  if (notice.line) return notice.line;
  const kept = notice.attention
    ? ((await openStore('attention', info).get(notice.attention, { type: 'json' })) as { text: string } | null)
    : null;
  return kept?.text ?? notificationLabel[notice.kind];
}

/**
 * Mails each admin who chose the digest what happened the New York day before `now` of the kinds they
 * chose; none when nothing did. Once per admin and day, however often it runs.
 */
export async function sendDigests(now: Date, info?: DeployInfo): Promise<{ sent: number }> {
  const { start, end, name } = dayBefore(now);
  const readers = (await notificationChoices(info).all()).filter((record) => record.digest && record.kinds.length);
  if (readers.length === 0) return { sent: 0 };
  const notices = await noticesOf(start, end, info);
  let sent = 0;
  for (const reader of readers) {
    const theirs = notices.filter((notice) => reader.kinds.includes(notice.kind));
    if (theirs.length === 0 || !(await isOnTheTeam(reader.email, info))) continue;
    const lines = await Promise.all(theirs.map((notice) => lineOf(notice, info)));
    const paragraphs = [
      ...reader.kinds
        .map((kind) => ({ kind, lines: lines.filter((_, i) => theirs[i].kind === kind) }))
        .filter((group) => group.lines.length)
        .map(
          (group) =>
            `${notificationLabel[group.kind]} (${group.lines.length}):\n${group.lines.map((l) => `- ${l}`).join('\n')}`,
        ),
      `The admin area: ${serverEnv().URL}/admin. You chose this digest in the Team tab.`,
    ];
    await sendMail(
      {
        ...paragraphsMail(reader.email, `${site.name}: ${notificationMessages.digestSubject(name)}`, paragraphs),
        kind: 'owner',
      },
      info,
      now,
      { id: `digest-${choiceKey(reader.email)}`, at: start },
    );
    sent += 1;
  }
  return { sent };
}
