/**
 * What one order puts in the accountant's CSV files: its row in orders.csv (on the day it was paid),
 * a row in refunds.csv for each refund and returned extra payment (on the day each was made), and a
 * row in payments.csv for each payment received. Each row carries the instant it belongs to, so a
 * period's file takes the rows of its days, and the orders' store marks a settled day whose rows an
 * order's change alters (orders.repo.ts). The owner's reports keep a settled day's rows under
 * `rows/<day>`, and a whole settled month's under `row-months/<month>`, in the `report-days` store
 * (admin/server/reports.ts).
 */
import { DateTime } from 'luxon';
import { lineLabel, orderStateLabel, paidAtOf, type Order } from '../order';
import type { ExportKind } from '#features/admin/reports';
import { centsAsDecimal } from '#lib/money';
import { refundedCents, refundStateLabel } from '#lib/refunds';
import { site } from '#lib/site';
import { BUSINESS_TIME_ZONE } from '#lib/time';
import { openStore, type DeployInfo } from '#server/storage/stores';

/** An instant as the business's wall clock reads it, '2026-03-01 09:05:00'. */
export const businessTime = (iso: string) =>
  DateTime.fromISO(iso).setZone(BUSINESS_TIME_ZONE).toFormat('yyyy-MM-dd HH:mm:ss');

const zoneNote = `(${BUSINESS_TIME_ZONE})`;

export const EXPORT_HEADERS: Record<ExportKind, string[]> = {
  orders: [
    'Order',
    `Paid at ${zoneNote}`,
    'Status',
    'Family e-mail',
    'Parent',
    'Student',
    'Editor',
    'Items',
    'Total',
    'Refunded',
    'Net',
    'Payment id',
  ],
  refunds: [
    'Refund',
    'Order',
    `Made at ${zoneNote}`,
    'Amount',
    'State',
    'Kind',
    'By',
    'Reason',
    'Projects cancelled',
    'Finished projects it is for',
    'Provider refund id',
    'Failure',
  ],
  payments: [
    `Received at ${zoneNote}`,
    'Order',
    'Amount',
    'Kind',
    'Family e-mail',
    'Payment id',
    'Checkout session',
    'Mode',
  ],
};

/** One row of a CSV file and the instant that places it in a period. */
export interface ExportRow {
  at: string;
  row: string[];
}

/** Every row `order` gives each file, whatever the period. */
export function orderExportRows(order: Order): Record<ExportKind, ExportRow[]> {
  const paidAt = paidAtOf(order);
  const refunded = refundedCents(order);
  // A speed upgrade's fee is its add-on line: the turnaround it gives is not a second item.
  const items = [
    ...order.serviceLines.map(lineLabel),
    ...order.addOnLines.filter((line) => line.chargedCents > 0).map((line) => line.title),
  ];
  const extras = order.extraPayments ?? [];
  return {
    orders: paidAt
      ? [
          {
            at: paidAt,
            row: [
              order.id,
              businessTime(paidAt),
              orderStateLabel(order),
              order.customer.email,
              order.student.parentName,
              order.student.studentName,
              order.editor.name,
              items.join('; '),
              centsAsDecimal(order.totalCents),
              centsAsDecimal(refunded),
              centsAsDecimal(order.totalCents - refunded),
              order.payment.paymentIntent ?? '',
            ],
          },
        ]
      : [],
    refunds: [
      ...(order.refunds ?? []).map((refund) => ({
        at: refund.createdAt,
        row: [
          refund.id,
          order.id,
          businessTime(refund.createdAt),
          centsAsDecimal(refund.amountCents),
          refundStateLabel[refund.state],
          'Order refund',
          refund.actor,
          refund.reason,
          refund.projectIds.join('; '),
          (refund.forProjectIds ?? []).join('; '),
          refund.providerId ?? '',
          refund.failure ?? '',
        ],
      })),
      ...extras.map((extra) => ({
        at: extra.receivedAt,
        row: [
          `extra-${extra.sessionId}`,
          order.id,
          businessTime(extra.receivedAt),
          centsAsDecimal(extra.amountCents),
          refundStateLabel[extra.refund.state],
          'Extra payment returned',
          site.name,
          'A second payment for the same order',
          '',
          '',
          extra.refund.providerId ?? '',
          extra.refund.failure ?? '',
        ],
      })),
    ],
    payments: [
      ...(paidAt
        ? [
            {
              at: paidAt,
              row: [
                businessTime(paidAt),
                order.id,
                centsAsDecimal(order.totalCents),
                'Order payment',
                order.customer.email,
                order.payment.paymentIntent ?? '',
                order.payment.sessionId ?? '',
                order.payment.mode,
              ],
            },
          ]
        : []),
      ...extras.map((payment) => ({
        at: payment.receivedAt,
        row: [
          businessTime(payment.receivedAt),
          order.id,
          centsAsDecimal(payment.amountCents),
          'Extra payment (refunded in full)',
          order.customer.email,
          payment.paymentIntent ?? '',
          payment.sessionId,
          order.payment.mode,
        ],
      })),
    ],
  };
}

/** Where the owner's reports keep the rows of a settled business day, and of a whole settled month. */
export const keptRowsKey = (day: string) => `rows/${day}`;
export const keptRowsMonthKey = (month: string) => `row-months/${month}`;

/**
 * Deletes the kept rows of every business day `order` shows on, and of their months: once its people
 * are taken out of it, no copy of their names stays there (the next export counts those days again).
 * Safe to repeat.
 */
export async function forgetKeptRows(order: Order, info?: DeployInfo): Promise<void> {
  const days = Object.values(orderExportRows(order)).flatMap((rows) =>
    rows.map(({ at }) => DateTime.fromISO(at).setZone(BUSINESS_TIME_ZONE).toISODate()!),
  );
  const keys = [...new Set(days.flatMap((day) => [keptRowsKey(day), keptRowsMonthKey(day.slice(0, 7))]))];
  const store = openStore('report-days', info);
  await Promise.all(keys.map((key) => store.delete(key)));
}
