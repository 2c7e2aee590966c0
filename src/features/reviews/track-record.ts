/**
 * An editor's record with us as the cards and profiles say it, apart from the rating so that the
 * pages that show no card do not load it.
 */

/**
 * An editor's record with us: projects made final (never a cancelled or withdrawn one), the typical
 * time from a family's draft to the editor's acknowledgement (the median over the recent period, null
 * until enough drafts), and when they joined.
 */
export interface TrackRecord {
  finished: number;
  responseMs: number | null;
  since: string;
}

const HOUR_MS = 60 * 60 * 1000;

/** 'within an hour', 'within 5 hours', 'within 2 days': a typical response, rounded up. */
function responseWords(ms: number) {
  if (ms <= HOUR_MS) return 'within an hour';
  const hours = Math.ceil(ms / HOUR_MS);
  if (hours < 48) return `within ${hours} hours`;
  return `within ${Math.ceil(hours / 24)} days`;
}

/** The month an editor joined ('2026-11' or an instant), as 'November 2026'. */
const monthOf = (iso: string) =>
  new Date(iso).toLocaleDateString('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' });

/**
 * What the track record says, each part a phrase: '12 projects finished' (from the first),
 * 'Acknowledges a draft within 5 hours' (once there are enough drafts), 'With us since November 2026'.
 */
export function trackPhrases(track: TrackRecord): string[] {
  return [
    // 'New editor' beside it already says none.
    ...(track.finished === 0 ? [] : [`${track.finished} project${track.finished === 1 ? '' : 's'} finished`]),
    ...(track.responseMs === null ? [] : [`Acknowledges a draft ${responseWords(track.responseMs)}`]),
    ...(track.since ? [`With us since ${monthOf(track.since)}`] : []),
  ];
}
