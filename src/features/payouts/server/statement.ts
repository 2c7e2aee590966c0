/** An editor's earnings as their page reads them, and as a CSV statement. */
import { centsAsDecimal } from '#lib/money';
import {
  balancesOf,
  ENTRY_KIND_WORDS,
  paidInYear,
  STATEMENT_COLUMNS,
  type EarningsView,
  type LedgerEntry,
} from '../earnings';
import { ledgerRepo } from './ledger';
import type { DeployInfo } from '#server/storage/stores';

export async function earningsOf(editorId: string, now: Date, info?: DeployInfo): Promise<EarningsView> {
  const entries = await ledgerRepo(info).entriesOf(editorId);
  const year = now.getUTCFullYear();
  return {
    asOf: now.toISOString(),
    balances: balancesOf(entries, now),
    year,
    paidThisYearCents: paidInYear(entries, year),
    entries: entries.reverse(),
  };
}

/** The rows of the statement, header first, oldest entry first. */
export const statementRows = (entries: readonly LedgerEntry[]): string[][] => [
  [...STATEMENT_COLUMNS],
  ...[...entries]
    .sort((a, b) => a.at.localeCompare(b.at) || a.id.localeCompare(b.id))
    .map((entry) => [
      entry.at.slice(0, 10),
      entry.label,
      entry.projectId ?? '',
      ENTRY_KIND_WORDS[entry.kind],
      centsAsDecimal(entry.cents),
      entry.payableAt.slice(0, 10),
      entry.payoutId ?? '',
    ]),
];
