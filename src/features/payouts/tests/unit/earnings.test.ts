/**
 * The earnings rules (src/features/payouts/earnings.ts): what a project earns when it ends, how
 * editors share it, what a refund takes back, and the balances, in whole cents that always add up.
 */
import { describe, expect, it } from 'vitest';
import {
  applyRate,
  balancesOf,
  DEFAULT_RATES,
  paidInYear,
  payableFrom,
  projectEarnings,
  refundShares,
  reversalOf,
  shareOut,
  surchargeOf,
  type EarningBasis,
  type LedgerEntry,
  type Rates,
} from '../../earnings';

/** Rounds returned, each `editor` or `editor@turnaround`. */
const rounds = (...who: string[]): EarningBasis['returned'] =>
  who.map((w) => {
    const [editorId, turnaround = 'standard'] = w.split('@');
    return { editorId, turnaround: turnaround as EarningBasis['returned'][number]['turnaround'] };
  });

const essay = (over: Partial<EarningBasis> = {}): EarningBasis => ({
  service: 'common-app-essay',
  priceCents: 30000,
  fullEditorPrice: false,
  ended: 'final',
  roundsIncluded: null,
  returned: rounds('maya'),
  speedPriceCents: { '24hr': 45000, '48hr': 25000 },
  ...over,
});
const supplement = (over: Partial<EarningBasis> = {}) =>
  essay({ service: 'supplement-large', priceCents: 10000, roundsIncluded: 3, ...over });
const total = (lines: { cents: number }[]) => lines.reduce((sum, line) => sum + line.cents, 0);

describe('a rate', () => {
  it('as a share rounds down to the cent; as a fixed amount is never more than was paid', () => {
    expect(applyRate({ kind: 'share', basisPoints: 7000 }, 30000)).toBe(21000);
    expect(applyRate({ kind: 'share', basisPoints: 3333 }, 1001)).toBe(333);
    expect(applyRate({ kind: 'fixed', cents: 5000 }, 30000)).toBe(5000);
    expect(applyRate({ kind: 'fixed', cents: 5000 }, 4000)).toBe(4000);
    expect(applyRate({ kind: 'share', basisPoints: 7000 }, 0)).toBe(0);
  });

  it('shared out, adds up to the whole, the odd cents to the largest remainders', () => {
    expect(shareOut(100, [1, 1, 1])).toEqual([34, 33, 33]);
    expect(shareOut(21000, [2, 1])).toEqual([14000, 7000]);
    expect(shareOut(7, [0, 0])).toEqual([0, 0]);
    for (const [cents, weights] of [
      [99_999, [3, 5, 7]],
      [1, [1, 1]],
      [21_001, [1, 2]],
    ] as const)
      expect(shareOut(cents, weights).reduce((a, b) => a + b, 0)).toBe(cents);
  });
});

describe('a project that ended', () => {
  it('made final earns its service rate on its price', () => {
    expect(projectEarnings(essay(), DEFAULT_RATES)).toEqual([{ editorId: 'maya', part: 'service', cents: 21000 }]);
  });

  it("bought from a full editor earns the full-editor rate on the surcharge, apart from the service's", () => {
    expect(surchargeOf(45000)).toBe(15000);
    expect(projectEarnings(essay({ priceCents: 45000, fullEditorPrice: true }), DEFAULT_RATES)).toEqual([
      { editorId: 'maya', part: 'service', cents: 21000 },
      { editorId: 'maya', part: 'full-editor', cents: 7500 },
    ]);
  });

  it('earns the upgrade rate for each round returned at its speed, to whoever returned it', () => {
    const lines = projectEarnings(essay({ returned: rounds('maya@24hr', 'maya@24hr', 'sofia@48hr') }), DEFAULT_RATES);
    expect(lines).toEqual([
      { editorId: 'maya', part: 'service', cents: 14000 },
      { editorId: 'sofia', part: 'service', cents: 7000 },
      { editorId: 'maya', part: '24hr', cents: 9000 },
      { editorId: 'sofia', part: '48hr', cents: 2500 },
    ]);
  });

  it('reassigned, shares the service by rounds returned, and the shares add up to the whole', () => {
    const lines = projectEarnings(essay({ returned: rounds('maya', 'sofia', 'sofia') }), DEFAULT_RATES);
    expect(lines).toEqual([
      { editorId: 'maya', part: 'service', cents: 7000 },
      { editorId: 'sofia', part: 'service', cents: 14000 },
    ]);
  });

  it('withdrawn or cancelled, earns for the share of its included rounds returned; with none returned, nothing', () => {
    expect(projectEarnings(supplement({ ended: 'withdrawn' }), DEFAULT_RATES)).toEqual([
      { editorId: 'maya', part: 'service', cents: 2333 },
    ]);
    const twoOfThree = supplement({ ended: 'cancelled', returned: rounds('maya', 'maya') });
    expect(total(projectEarnings(twoOfThree, DEFAULT_RATES))).toBe(4666);
    expect(projectEarnings(supplement({ ended: 'final' }), DEFAULT_RATES)).toEqual([
      { editorId: 'maya', part: 'service', cents: 7000 },
    ]);
    // An essay with unlimited rounds that was withdrawn after feedback earns in full.
    expect(total(projectEarnings(essay({ ended: 'withdrawn' }), DEFAULT_RATES))).toBe(21000);
    for (const ended of ['final', 'withdrawn', 'cancelled'] as const)
      expect(projectEarnings(essay({ ended, returned: [] }), DEFAULT_RATES)).toEqual([]);
  });

  it('follows the rates our team set, a fixed amount as a share', () => {
    const rates: Rates = {
      ...DEFAULT_RATES,
      services: { ...DEFAULT_RATES.services, 'common-app-essay': { kind: 'fixed', cents: 18000 } },
      speed: { '24hr': { kind: 'fixed', cents: 4000 }, '48hr': { kind: 'share', basisPoints: 0 } },
    };
    expect(projectEarnings(essay({ returned: rounds('maya@24hr', 'maya@48hr') }), rates)).toEqual([
      { editorId: 'maya', part: 'service', cents: 18000 },
      { editorId: 'maya', part: '24hr', cents: 4000 },
    ]);
  });
});

describe('a refund', () => {
  const earned = projectEarnings(
    essay({
      priceCents: 45000,
      fullEditorPrice: true,
      returned: rounds('maya', 'sofia'),
    }),
    DEFAULT_RATES,
  );

  it('takes back the share it refunds of each line, never more than was earned', () => {
    expect(total(earned)).toBe(28500);
    const half = reversalOf(22500, 45000, earned);
    expect(total(half)).toBe(-14250);
    expect(half.every((line) => line.cents <= 0)).toBe(true);
    expect(total(reversalOf(45000, 45000, earned))).toBe(-28500);
    expect(total(reversalOf(90000, 45000, earned))).toBe(-28500);
    expect(reversalOf(0, 45000, earned)).toEqual([]);
    expect(reversalOf(100, 45000, [])).toEqual([]);
  });

  it('falls to the projects it names in proportion to their prices', () => {
    expect(
      refundShares(10000, [
        { id: 'A', priceCents: 30000 },
        { id: 'B', priceCents: 10000 },
      ]),
    ).toEqual(
      new Map([
        ['A', 7500],
        ['B', 2500],
      ]),
    );
  });
});

describe('the balances', () => {
  const entry = (over: Partial<LedgerEntry>): LedgerEntry => ({
    id: 'x',
    editorId: 'maya',
    kind: 'earning',
    cents: 0,
    at: '2026-03-01T12:00:00.000Z',
    payableAt: '2026-03-01T12:00:00.000Z',
    projectId: 'P',
    label: 'Common App Essay Editing',
    part: 'service',
    payoutId: null,
    ...over,
  });
  const endedAt = '2026-03-01T12:00:00.000Z';
  const earning = entry({ cents: 21000, payableAt: payableFrom(endedAt) });

  it('are pending until the clearing date, then payable; a payout moves them to paid', () => {
    expect(payableFrom(endedAt)).toBe('2026-03-15T12:00:00.000Z');
    expect(balancesOf([earning], new Date('2026-03-15T11:59:59.999Z'))).toEqual({
      pendingCents: 21000,
      payableCents: 0,
      paidCents: 0,
    });
    expect(balancesOf([earning], new Date('2026-03-15T12:00:00.000Z'))).toMatchObject({ payableCents: 21000 });
    const payout = entry({
      kind: 'payout',
      cents: -21000,
      at: '2026-03-16T00:00:00.000Z',
      payableAt: '2026-03-16T00:00:00.000Z',
      payoutId: 'R1',
      projectId: null,
      part: null,
    });
    expect(balancesOf([earning, payout], new Date('2026-03-17T00:00:00.000Z'))).toEqual({
      pendingCents: 0,
      payableCents: 0,
      paidCents: 21000,
    });
  });

  it('take a refund before clearing from the pending balance, and one after a payout from the next', () => {
    const before = entry({
      kind: 'reversal',
      cents: -5000,
      at: '2026-03-05T00:00:00.000Z',
      payableAt: payableFrom(endedAt),
    });
    expect(balancesOf([earning, before], new Date('2026-03-06T00:00:00.000Z'))).toMatchObject({ pendingCents: 16000 });
    const payout = entry({
      kind: 'payout',
      cents: -21000,
      at: '2026-03-16T00:00:00.000Z',
      payableAt: '2026-03-16T00:00:00.000Z',
      payoutId: 'R1',
      projectId: null,
      part: null,
    });
    const after = entry({
      kind: 'reversal',
      cents: -5000,
      at: '2026-03-20T00:00:00.000Z',
      payableAt: '2026-03-20T00:00:00.000Z',
    });
    expect(balancesOf([earning, payout, after], new Date('2026-03-21T00:00:00.000Z'))).toEqual({
      pendingCents: 0,
      payableCents: -5000,
      paidCents: 21000,
    });
    expect(paidInYear([earning, payout, after], 2026)).toBe(21000);
    expect(paidInYear([earning, payout, after], 2025)).toBe(0);
  });
});
