/**
 * What an editor earns, in integer cents: the rates (one table, which our team may change), what a
 * project earns its editors when it ends, how that is shared between the editors who returned its
 * rounds, what a refund takes back, and when an earning becomes payable. The server alone decides and
 * writes the ledger; the pages display what it wrote.
 *
 * The policy, as the editor's earnings page states it:
 * - A project earns when it ends: made final (by the family, our team or the timer), withdrawn or
 *   cancelled. One that ends before any feedback was returned earns nothing.
 * - A final project earns its service's rate on the service's price, and the full-editor rate on the
 *   surcharge a full editor's price added. A withdrawn or cancelled one earns the same for the share of
 *   its included rounds that were returned (all of it for an essay with unlimited rounds).
 * - Each round returned at a speed upgrade's turnaround earns that upgrade's rate on its price.
 * - After a reassignment, the service's earning is shared by rounds returned; each speed earning goes
 *   to whoever returned that round.
 * - An earning becomes payable CLEARING_DAYS after the project ended. A refund that names the project
 *   takes back the same share of what it refunds, at once: from the pending balance before the
 *   earning clears, from the next payout after.
 */
import { FULL_EDITOR_PRICE_DENOMINATOR, FULL_EDITOR_PRICE_NUMERATOR } from '#lib/full-editor-price';
import { SERVICE_IDS, type ServiceId } from '#lib/catalogue';
import { DAY_MS } from '#lib/time';

/** A rate: a share of what the family paid, in hundredths of a percent, or a fixed amount. */
export type Rate = { kind: 'share'; basisPoints: number } | { kind: 'fixed'; cents: number };
type Speed = '24hr' | '48hr';

export interface Rates {
  services: Record<ServiceId, Rate>;
  /** Earned for each round returned at the upgrade's turnaround, on the upgrade's price. */
  speed: Record<Speed, Rate>;
  /** Earned on the surcharge of a full editor's price. */
  fullEditor: Rate;
}

const share = (percent: number): Rate => ({ kind: 'share', basisPoints: percent * 100 });

/** The rates until our team sets others: 70% of a service, 50% of a full editor's surcharge, 10% of an upgrade per fast round. */
export const DEFAULT_RATES: Rates = {
  services: Object.fromEntries(SERVICE_IDS.map((id) => [id, share(70)])) as Record<ServiceId, Rate>,
  speed: { '24hr': share(10), '48hr': share(10) },
  fullEditor: share(50),
};

/** Days from a project's end until its earning is payable: the time a family may still ask for a refund. */
export const CLEARING_DAYS = 14;

/** The ledger entry a payout run writes for each editor it pays (one per run and editor). */
export const payoutEntryId = (runId: string) => `payout-${runId}`;
export const payableFrom = (endedAt: string) => new Date(Date.parse(endedAt) + CLEARING_DAYS * DAY_MS).toISOString();

/** A rate applied to what was paid: a share rounds down to the cent; a fixed amount is never more than what was paid. */
export function applyRate(rate: Rate, paidCents: number): number {
  if (paidCents <= 0) return 0;
  return rate.kind === 'fixed' ? Math.min(rate.cents, paidCents) : Math.floor((paidCents * rate.basisPoints) / 10_000);
}

/**
 * `total` shared in proportion to `weights`, in whole cents that add up to it: each gets the whole
 * cents of its share, and the cents left go to the largest remainders (the first listed on a tie).
 */
export function shareOut(total: number, weights: readonly number[]): number[] {
  const sum = weights.reduce((a, b) => a + b, 0);
  if (sum <= 0) return weights.map(() => 0);
  const exact = weights.map((w) => (total * w) / sum);
  const shares = exact.map(Math.floor);
  let left = total - shares.reduce((a, b) => a + b, 0);
  const byRemainder = exact.map((x, i) => ({ i, r: x - Math.floor(x) })).sort((a, b) => b.r - a.r || a.i - b.i);
  for (const { i } of byRemainder) {
    if (left <= 0) break;
    shares[i] += 1;
    left -= 1;
  }
  return shares;
}

/** What of a project decides its earnings, as the server reads it from the project. */
export interface EarningBasis {
  service: ServiceId;
  /** What the unit cost the family, a full editor's price included. */
  priceCents: number;
  /** Bought while the editor was full: the price carries the surcharge. */
  fullEditorPrice: boolean;
  ended: 'final' | 'withdrawn' | 'cancelled';
  /** Rounds included in the unit; null: as many as the essay needs. */
  roundsIncluded: number | null;
  /** Each returned round, in order: who returned it, at which turnaround. */
  returned: readonly { editorId: string; turnaround: 'standard' | Speed }[];
  /** What each speed upgrade costs. */
  speedPriceCents: Record<Speed, number>;
}

type EarningPart = 'service' | 'full-editor' | Speed;
/** One editor's earning from one part of a project. */
export interface EarningLine {
  editorId: string;
  part: EarningPart;
  cents: number;
}

/** The surcharge a full editor's price added to `priceCents`. */
export const surchargeOf = (priceCents: number) =>
  priceCents - Math.round((priceCents * FULL_EDITOR_PRICE_DENOMINATOR) / FULL_EDITOR_PRICE_NUMERATOR);

/** What a project that ended earns each editor who returned a round of it, part by part (no line of 0). */
export function projectEarnings(basis: EarningBasis, rates: Rates): EarningLine[] {
  if (basis.returned.length === 0) return [];
  const surcharge = basis.fullEditorPrice ? surchargeOf(basis.priceCents) : 0;
  const whole = applyRate(rates.services[basis.service], basis.priceCents - surcharge);
  const wholeSurcharge = applyRate(rates.fullEditor, surcharge);
  // A project that did not reach final earns for the share of its included rounds that came back.
  const done =
    basis.ended === 'final' || basis.roundsIncluded === null
      ? { of: 1, by: 1 }
      : { of: basis.roundsIncluded, by: Math.min(basis.returned.length, basis.roundsIncluded) };
  const prorate = (cents: number) => Math.floor((cents * done.by) / done.of);

  const editors = [...new Set(basis.returned.map((round) => round.editorId))];
  const roundsBy = editors.map((id) => basis.returned.filter((round) => round.editorId === id).length);
  const lines: EarningLine[] = [];
  for (const [part, cents] of [
    ['service', prorate(whole)],
    ['full-editor', prorate(wholeSurcharge)],
  ] as const)
    shareOut(cents, roundsBy).forEach((share, i) => lines.push({ editorId: editors[i], part, cents: share }));
  for (const round of basis.returned)
    if (round.turnaround !== 'standard')
      lines.push({
        editorId: round.editorId,
        part: round.turnaround,
        cents: applyRate(rates.speed[round.turnaround], basis.speedPriceCents[round.turnaround]),
      });
  return merged(lines).filter((line) => line.cents !== 0);
}

/** Lines of the same editor and part added together, in the order first met. */
function merged(lines: readonly EarningLine[]): EarningLine[] {
  const byKey = new Map<string, EarningLine>();
  for (const line of lines) {
    const key = `${line.editorId} ${line.part}`;
    const found = byKey.get(key);
    if (found) found.cents += line.cents;
    else byKey.set(key, { ...line });
  }
  return [...byKey.values()];
}

/**
 * What a refund of `refundedCents` of a project bought at `priceCents` takes back from what it earned:
 * the same share of each line, never more than the line holds (negative cents).
 */
export function reversalOf(refundedCents: number, priceCents: number, earned: readonly EarningLine[]): EarningLine[] {
  const total = earned.reduce((sum, line) => sum + line.cents, 0);
  if (total <= 0 || priceCents <= 0 || refundedCents <= 0) return [];
  const back = Math.min(total, Math.round((Math.min(refundedCents, priceCents) * total) / priceCents));
  return shareOut(
    back,
    earned.map((line) => line.cents),
  )
    .map((cents, i) => ({ ...earned[i], cents: -cents }))
    .filter((line) => line.cents !== 0);
}

/**
 * The part of a refund of an order that falls to each project it names: in proportion to their prices.
 * A refund that names no project (an add-on, or a gesture) takes nothing back from an editor.
 */
export function refundShares(
  refundedCents: number,
  projects: readonly { id: string; priceCents: number }[],
): Map<string, number> {
  const shares = shareOut(
    refundedCents,
    projects.map((p) => p.priceCents),
  );
  return new Map(projects.map((p, i) => [p.id, shares[i]]));
}

/** An entry of an editor's ledger: never changed once written; a correction is another entry. */
export interface LedgerEntry {
  /** Made from what caused it, so writing it again changes nothing. */
  id: string;
  editorId: string;
  kind: 'earning' | 'reversal' | 'payout';
  /** Earnings positive; reversals and payouts negative. */
  cents: number;
  at: string;
  /** From when it counts as payable (an earning: CLEARING_DAYS after the project ended; others: at once). */
  payableAt: string;
  projectId: string | null;
  /** What the editor's statement calls it: the project's service, or the payout. */
  label: string;
  part: EarningPart | null;
  /** The payout it went in (a payout entry names its own). */
  payoutId: string | null;
}

export interface Balances {
  /** Earned, not payable yet. */
  pendingCents: number;
  /** Payable now, less what was paid (negative when a refund after a payout is owed back). */
  payableCents: number;
  paidCents: number;
}

/** An editor's balances at `now`, from their entries. */
export function balancesOf(entries: readonly LedgerEntry[], now: Date): Balances {
  const balances: Balances = { pendingCents: 0, payableCents: 0, paidCents: 0 };
  for (const entry of entries) {
    if (entry.kind === 'payout') balances.paidCents -= entry.cents;
    if (Date.parse(entry.payableAt) > now.getTime()) balances.pendingCents += entry.cents;
    else balances.payableCents += entry.cents;
  }
  return balances;
}

/** What an editor was paid in a calendar year (UTC), the figure a 1099-NEC reports. */
export const paidInYear = (entries: readonly LedgerEntry[], year: number) =>
  entries
    .filter((entry) => entry.kind === 'payout' && new Date(entry.at).getUTCFullYear() === year)
    .reduce((sum, entry) => sum - entry.cents, 0);

/** What the editor's earnings page reads: their balances, the year's payouts and every entry, newest first. */
export interface EarningsView {
  /** The moment the balances were taken: an entry payable after it is still pending. */
  asOf: string;
  balances: Balances;
  year: number;
  paidThisYearCents: number;
  entries: LedgerEntry[];
}

/** What each kind of entry is called, on the editor's page and in the statement. */
export const ENTRY_KIND_WORDS: Record<LedgerEntry['kind'], string> = {
  earning: 'Earned',
  reversal: 'Refunded to the family',
  payout: 'Paid out',
};

/** The statement as a spreadsheet: one row per entry, amounts in dollars. */
export const STATEMENT_COLUMNS = ['Date', 'What', 'Project', 'Kind', 'Amount (USD)', 'Payable from', 'Payout'] as const;
