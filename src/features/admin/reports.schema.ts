/**
 * What the admin's search, month report and exports may be asked: the functions parse with these
 * schemas; the admin island imports search.ts and reports.ts, not this file, which would bring zod along.
 */
import { z } from '#lib/zod';
import {
  DAY_PATTERN,
  EXPORT_KINDS,
  MONTH_PATTERN,
  REPORT_LIMITS,
  daysSpanned,
  isCalendarDay,
  monthsFrom,
  reportMessages,
} from './reports';
import { SEARCH_LIMITS, searchMessages } from './search';
import { ORDER_LIST_STATES } from '#features/orders/order';
import type { AuditAction } from '#lib/audit';
import { auditActionWords } from './audit-words';

/** A search's words: trimmed, long enough to find by, short enough to read. */
const searchText = z
  .string({ message: 'q is required' })
  .transform((q) => q.trim())
  .pipe(
    z
      .string()
      .min(SEARCH_LIMITS.minLength, searchMessages.tooShort)
      .max(SEARCH_LIMITS.maxLength, searchMessages.tooLong),
  );

/** `?q=` of GET /api/admin/search. */
export const searchQuerySchema = z.object({ q: searchText });

const month = (name: string) =>
  z
    .string({ message: `${name} must be a month like 2026-03` })
    .regex(MONTH_PATTERN, `${name} must be a month like 2026-03`);
const day = (name: string) =>
  z
    .string({ message: `${name} is required, a date like 2026-03-01` })
    .regex(DAY_PATTERN, `${name} must be a date like 2026-03-01`);

/** `?from=&to=` of GET /api/admin/reports/months: months, both included; absent, the default months. */
export const monthsQuerySchema = z
  .object({ from: month('from').optional(), to: month('to').optional() })
  .superRefine(({ from, to }, ctx) => {
    if ((from === undefined) !== (to === undefined))
      return ctx.addIssue({ code: 'custom', message: 'from and to: give both or neither', path: ['from'] });
    // A month not in its shape has its issue already.
    if (!from || !to || !MONTH_PATTERN.test(from) || !MONTH_PATTERN.test(to)) return;
    if (from > to) return ctx.addIssue({ code: 'custom', message: reportMessages.monthsOrder, path: ['from'] });
    if (monthsFrom(from, to).length > REPORT_LIMITS.maxMonths)
      ctx.addIssue({ code: 'custom', message: reportMessages.tooManyMonths, path: ['to'] });
  });

/** The file of GET /api/admin/exports/:file. */
export const exportFileSchema = z.enum(
  EXPORT_KINDS.map((kind) => `${kind}.csv`) as [
    `${(typeof EXPORT_KINDS)[number]}.csv`,
    ...`${(typeof EXPORT_KINDS)[number]}.csv`[],
  ],
  { message: `file must be one of ${EXPORT_KINDS.map((kind) => `${kind}.csv`).join(', ')}` },
);

/** A period of days, both included: each a day of the calendar, in order, at most maxExportDays. */
function checkPeriod({ from, to }: { from?: string; to?: string }, ctx: z.RefinementCtx) {
  if ((from === undefined) !== (to === undefined))
    return ctx.addIssue({ code: 'custom', message: reportMessages.noPeriod, path: ['from'] });
  if (from === undefined || to === undefined) return;
  for (const [name, value] of [
    ['from', from],
    ['to', to],
  ] as const) {
    if (!isCalendarDay(value))
      return ctx.addIssue({ code: 'custom', message: `${name} is not a day of the calendar`, path: [name] });
  }
  if (from > to) return ctx.addIssue({ code: 'custom', message: reportMessages.daysOrder, path: ['from'] });
  if (daysSpanned(from, to) > REPORT_LIMITS.maxExportDays)
    ctx.addIssue({ code: 'custom', message: reportMessages.tooManyDays, path: ['to'] });
}

/** `?from=&to=` of an export: days of the business time zone, both included. */
export const exportPeriodSchema = z.object({ from: day('from'), to: day('to') }).superRefine(checkPeriod);

/**
 * The filters of GET /api/admin/orders: `?state=`, `?editor=`, `?needs=true` (a failed refund), and
 * `?from=&to=`, the days of the business time zone it was paid on.
 */
export const adminOrderFilterSchema = z
  .object({
    state: z.enum(ORDER_LIST_STATES, { message: 'state is not an order state' }).optional(),
    editor: z.string().max(100).optional(),
    needs: z.enum(['true', 'false'], { message: 'needs must be true or false' }).optional(),
    from: day('from').optional(),
    to: day('to').optional(),
    /** A name, an address or an order id, as the admin search finds them. */
    q: searchText.optional(),
  })
  .superRefine(checkPeriod);

/**
 * The filters of GET /api/admin/audit beside `?subject=`: `?action=`, `?admin=` (an admin's address)
 * and `?day=`, a day of the business time zone.
 */
export const auditFilterSchema = z.object({
  action: z
    .string()
    .refine(
      (action): action is AuditAction => Object.hasOwn(auditActionWords, action),
      'action is not an action of the log',
    )
    .optional(),
  admin: z.string().trim().min(1, 'admin must not be empty').max(254, 'admin is too long').optional(),
  day: day('day').refine(isCalendarDay, 'day is not a day of the calendar').optional(),
});
