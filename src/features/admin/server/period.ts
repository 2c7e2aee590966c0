/** Days of the business time zone as instants: what a period of the owner's reports, exports and filters covers. */
import { DateTime } from 'luxon';
import { BUSINESS_TIME_ZONE } from '#lib/time';

/** The instants a period of days covers: from its first midnight to the one after its last day. */
export function periodBounds(from: string, to: string): { start: number; end: number } {
  const zone = { zone: BUSINESS_TIME_ZONE };
  return {
    start: DateTime.fromISO(from, zone).startOf('day').toMillis(),
    end: DateTime.fromISO(to, zone).plus({ days: 1 }).startOf('day').toMillis(),
  };
}
