/** What the earnings and payouts endpoints accept, parsed by the functions (islands never import zod). */
import { text, z } from '#lib/zod';
import { UUID } from '#lib/ids';
import { SERVICE_IDS } from '#lib/catalogue';
import { PAYOUT_LIMITS } from './payouts';
import type { Rate, Rates } from './earnings';

/** `GET /api/editor/earnings?format=`: the page's JSON, or the statement as CSV. */
export const statementFormatSchema = z.enum(['json', 'csv'], { message: 'format must be json or csv' }).default('json');

/**
 * `POST /api/admin/payouts`: a run, named by the admin's request id so a retry finds it, with what the
 * admin paid by hand as the tab showed it (the run is refused if it would record otherwise).
 */
export const payoutRunSchema = z.object({
  requestId: z.string({ message: 'requestId must be text' }).regex(UUID, 'requestId must be a UUID'),
  reference: text('reference', PAYOUT_LIMITS.reference),
  byHand: z
    .array(
      z.object({
        editorId: z.string({ message: 'byHand: editorId must be text' }).max(100, 'byHand: editorId is too long'),
        cents: z.number({ message: 'byHand: cents must be a number' }).int('byHand: cents must be whole cents'),
      }),
      { message: 'byHand must be a list' },
    )
    .max(PAYOUT_LIMITS.editorsInRun, `byHand lists at most ${PAYOUT_LIMITS.editorsInRun} editors`)
    .optional(),
});

/** A rate: a share in hundredths of a percent (0 to 100%), or a fixed amount in cents (up to $10,000). */
const rateSchema: z.ZodType<Rate> = z.discriminatedUnion(
  'kind',
  [
    z.object({
      kind: z.literal('share'),
      basisPoints: z
        .number({ message: 'the share must be a number' })
        .int('the share is in hundredths of a percent')
        .min(0, 'the share is at least 0%')
        .max(10_000, 'the share is at most 100%'),
    }),
    z.object({
      kind: z.literal('fixed'),
      cents: z
        .number({ message: 'the amount must be a number' })
        .int('the amount is in cents')
        .min(0, 'the amount is at least $0')
        .max(PAYOUT_LIMITS.fixedRateCents, 'the amount is at most $10,000'),
    }),
  ],
  { errorMap: () => ({ message: 'a rate is a share or a fixed amount' }) },
);

/** `PUT /api/admin/payouts`: every rate at once, as the Payouts tab sends them. */
export const ratesSchema: z.ZodType<Rates> = z.object({
  services: z.object(
    Object.fromEntries(SERVICE_IDS.map((id) => [id, rateSchema])) as Record<
      (typeof SERVICE_IDS)[number],
      z.ZodType<Rate>
    >,
  ),
  speed: z.object({ '24hr': rateSchema, '48hr': rateSchema }),
  fullEditor: rateSchema,
});

/** `GET /api/admin/payouts?taxYear=&format=`: a year's payouts per editor for the 1099s, as JSON or CSV. */
export const taxYearQuerySchema = z.object({
  taxYear: z.coerce
    .number({ message: 'taxYear must be a year' })
    .int('taxYear must be a year')
    .min(2020, 'taxYear must be 2020 or later')
    .max(2100, 'taxYear must be 2100 or earlier')
    .optional(),
  format: statementFormatSchema,
});
