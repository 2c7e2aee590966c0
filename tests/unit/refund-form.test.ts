/** The admin's refund form without a browser: dollars to cents exactly, its checks, the server's refusals at their fields. */
import { describe, expect, it } from 'vitest';
import type { ProjectView } from '../../src/features/projects/project';
import { deliveryMessages } from '../../src/features/projects/process';
import { formatUsdCents } from '../../src/lib/money';
import { refundMessages } from '../../src/lib/refunds';
import {
  adminRefundIdOf,
  amountMessages,
  leftOpenBy,
  leftOpenMessages,
  parseDollars,
  problemOfRefundApi,
  projectChoices,
  projectIdsOf,
  reasonMessages,
  refundAttempt,
  toRefundInput,
} from '#features/orders/islands/admin/refund-form';

const PLENTY = Number.MAX_SAFE_INTEGER;
const cents = (text: string, remaining = PLENTY) => {
  const parsed = parseDollars(text, remaining);
  return parsed.ok ? parsed.value : parsed.message;
};

describe('parseDollars', () => {
  it('reads dollars and cents by their digits, never through floating point', () => {
    expect(['0.1', '0.10', '19.99', '75', '75.00', '75.5', '75.', '.5', '0.01'].map((t) => cents(t))).toEqual([
      10, 10, 1999, 7500, 7500, 7550, 7500, 50, 1,
    ]);
    // Values whose float products drift: 0.29 * 100 = 28.999999999999996, 1.15 * 100 = 114.99999999999999, 4.35 * 100 = 434.99999999999994.
    expect(['0.29', '1.15', '4.35', '8.70', '1234567.89'].map((t) => cents(t))).toEqual([29, 115, 435, 870, 123456789]);
  });

  it('takes what people type around a number: spaces, a dollar sign, thousands commas, leading zeros', () => {
    expect([' 40.00 ', '$40', '$ 40.00', '1,234.56', '007.50', '0,001'].map((t) => cents(t))).toEqual([
      4000,
      4000,
      4000,
      123456,
      750,
      amountMessages.notAmount,
    ]);
  });

  it('every cent from $0.01 to $20.00 comes out exact', () => {
    for (let n = 1; n <= 2000; n++) {
      const text = `${Math.floor(n / 100)}.${String(n % 100).padStart(2, '0')}`;
      expect(cents(text)).toBe(n);
    }
  });

  it('refuses more than 2 decimals, zero, negatives, and what is not an amount', () => {
    expect(cents('19.999')).toBe(amountMessages.tooPrecise);
    expect(cents('0.001')).toBe(amountMessages.tooPrecise);
    expect(['0', '0.00', '.0', '$0', '-0'].map((t) => cents(t))).toEqual(Array(5).fill(amountMessages.zero));
    expect(['-5', '-$5', '$-5', '-0.01'].map((t) => cents(t))).toEqual(Array(4).fill(amountMessages.negative));
    expect(['', '   '].map((t) => cents(t))).toEqual([amountMessages.required, amountMessages.required]);
    expect(
      ['abc', '1e3', '12,34', '1.2.3', '$', '.', '5 dollars', '0x10', 'Infinity', 'NaN', '１２'].map((t) => cents(t)),
    ).toEqual(Array(11).fill(amountMessages.notAmount));
  });

  it('refuses more than remains, to the cent', () => {
    expect(cents('75.00', 7500)).toBe(7500);
    expect(cents('75.01', 7500)).toBe('At most $75.00 remains to refund.');
    expect(cents('99999999999999999999', 7500)).toBe(amountMessages.overRemaining(7500));
    expect(cents('0.01', 0)).toBe('At most $0.00 remains to refund.');
  });
});

describe('toRefundInput', () => {
  const values = {
    amount: '40',
    reason: '  Editor unavailable  ',
    projectIds: ['BCC-AAA111-1', 'BCC-AAA111-1'],
    forProjectIds: ['BCC-AAA111-2', 'BCC-AAA111-2'],
    keepOpen: false,
  };

  it('answers what the API takes: cents, the trimmed reason, each project once', () => {
    expect(toRefundInput(values, 16000)).toEqual({
      ok: true,
      input: {
        amountCents: 4000,
        reason: 'Editor unavailable',
        projectIds: ['BCC-AAA111-1'],
        forProjectIds: ['BCC-AAA111-2'],
      },
    });
  });

  it('names the first field that is wrong, in the order of the form', () => {
    expect(toRefundInput({ ...values, amount: '', reason: '' }, 16000)).toEqual({
      ok: false,
      field: 'amount',
      message: amountMessages.required,
    });
    expect(toRefundInput({ ...values, amount: '160.01' }, 16000)).toEqual({
      ok: false,
      field: 'amount',
      message: 'At most $160.00 remains to refund.',
    });
    expect(toRefundInput({ ...values, reason: ' \n ' }, 16000)).toEqual({
      ok: false,
      field: 'reason',
      message: reasonMessages.required,
    });
    expect(toRefundInput({ ...values, reason: 'x'.repeat(501) }, 16000)).toEqual({
      ok: false,
      field: 'reason',
      message: reasonMessages.tooLong,
    });
    expect(toRefundInput({ ...values, reason: 'x'.repeat(500) }, 16000).ok).toBe(true);
  });

  describe('a refund of everything that remains', () => {
    const choice = (id: string, unavailable: string | null = null) => ({
      id,
      label: 'Essay',
      state: 'Waiting for the draft',
      priceCents: 8000,
      unavailable,
      ended: false,
    });
    const choices = [choice('BCC-AAA111-1'), choice('BCC-AAA111-2'), choice('BCC-AAA111-3', 'Already cancelled.')];
    const all = { ...values, amount: '160', projectIds: ['BCC-AAA111-1'] };

    it('asks what happens to the open projects it would leave running, and names them', () => {
      expect(toRefundInput(all, 16000, choices)).toEqual({
        ok: false,
        field: 'leftOpen',
        message: leftOpenMessages.choose,
      });
      expect(leftOpenBy(parseDollars('160', 16000), 16000, choices, all.projectIds).map((c) => c.id)).toEqual([
        'BCC-AAA111-2',
      ]);
    });

    it('goes ahead once they are cancelled too or kept open on purpose', () => {
      expect(toRefundInput({ ...all, projectIds: ['BCC-AAA111-1', 'BCC-AAA111-2'] }, 16000, choices)).toMatchObject({
        ok: true,
      });
      expect(toRefundInput({ ...all, keepOpen: true }, 16000, choices)).toMatchObject({
        ok: true,
        input: { projectIds: ['BCC-AAA111-1'] },
      });
    });

    it('does not ask for a part refund, or when no project is open', () => {
      expect(toRefundInput({ ...all, amount: '159.99' }, 16000, choices)).toMatchObject({ ok: true });
      expect(
        toRefundInput(all, 16000, [
          choice('BCC-AAA111-1'),
          choice('BCC-AAA111-2', 'Finished: a final project cannot be cancelled.'),
        ]),
      ).toMatchObject({ ok: true });
    });
  });
});

describe('problemOfRefundApi', () => {
  it('puts a refusal next to the field it names, in the words of the form', () => {
    expect(problemOfRefundApi(refundMessages.overRemaining(7500), 'BCC-AAA111')).toEqual({
      field: 'amount',
      message: 'At most $75.00 remains to refund.',
    });
    expect(problemOfRefundApi('reason is required', 'BCC-AAA111')).toEqual({
      field: 'reason',
      message: 'Reason is required.',
    });
    expect(problemOfRefundApi('amountCents must be whole cents', 'BCC-AAA111')).toEqual({
      field: 'amount',
      message: 'Amount must be whole cents.',
    });
    expect(problemOfRefundApi(refundMessages.projectNotInOrder, 'BCC-AAA111')).toEqual({
      field: 'projects',
      message: 'Every project must belong to this order.',
    });
    const finished = `BCC-AAA111-2: ${deliveryMessages.finished('final')}`;
    expect(problemOfRefundApi(finished, 'BCC-AAA111')).toEqual({ field: 'projects', message: finished });
    expect(problemOfRefundApi(refundMessages.notEnded('BCC-AAA111-1'), 'BCC-AAA111')).toEqual({
      field: 'ended',
      message: 'BCC-AAA111-1 has not ended; a refund can be for a finished project only once it is final or withdrawn.',
    });
  });

  it('keeps any other refusal whole, for the form as a whole', () => {
    for (const error of [
      refundMessages.notPaid,
      'Order not found',
      'Something went wrong on our side (reference abc).',
      'Request failed (502)',
    ]) {
      expect(problemOfRefundApi(error, 'BCC-AAA111')).toEqual({ field: null, message: error });
    }
  });
});

describe("an order's projects", () => {
  const order = {
    id: 'BCC-AAA111',
    serviceLines: [
      { id: 'common-app-essay', title: 'Common App Essay Editing', unitCents: 30000, quantity: 1, totalCents: 30000 },
      {
        id: 'supplement-small',
        title: 'Supplemental Essay Help (Small)',
        unitCents: 7500,
        quantity: 2,
        totalCents: 15000,
      },
    ],
  } as const;
  const project = (unit: number, state: ProjectView['state']) => ({
    id: `BCC-AAA111-${unit}`,
    unit,
    service:
      unit === 1
        ? { id: 'common-app-essay' as const, title: 'Common App Essay Editing' }
        : { id: 'supplement-small' as const, title: 'Supplemental Essay Help (Small)' },
    state,
    priceCents: unit === 1 ? 30000 : 7500,
  });

  it('are numbered <order id>-1..n, one per unit', () => {
    expect(projectIdsOf({ id: order.id, serviceLines: [...order.serviceLines] })).toEqual([
      'BCC-AAA111-1',
      'BCC-AAA111-2',
      'BCC-AAA111-3',
    ]);
    expect(projectIdsOf({ id: 'BCC-X', serviceLines: [] })).toEqual([]);
  });

  it('read as service, unit within the service and state; finished ones say why they cannot be chosen', () => {
    const choices = projectChoices({ serviceLines: [...order.serviceLines] }, [
      project(1, 'returned'),
      project(2, 'awaiting_draft'),
      project(3, 'final'),
    ]);
    expect(choices).toEqual([
      {
        id: 'BCC-AAA111-1',
        label: 'Common App Essay Editing',
        state: 'Feedback returned',
        priceCents: 30000,
        unavailable: null,
        ended: false,
      },
      {
        id: 'BCC-AAA111-2',
        label: 'Supplemental Essay Help (Small), unit 1 of 2',
        state: 'Waiting for the draft',
        priceCents: 7500,
        unavailable: null,
        ended: false,
      },
      {
        id: 'BCC-AAA111-3',
        label: 'Supplemental Essay Help (Small), unit 2 of 2',
        state: 'Final',
        priceCents: 7500,
        unavailable: 'Finished: a final project cannot be cancelled.',
        ended: true,
      },
    ]);
    const [withdrawn, cancelled] = projectChoices({ serviceLines: [...order.serviceLines] }, [
      project(2, 'withdrawn'),
      project(3, 'cancelled'),
    ]);
    expect([withdrawn.unavailable, cancelled.unavailable]).toEqual([
      'Withdrawn: it has already stopped.',
      'Already cancelled.',
    ]);
    // A withdrawn project earned its editor for the rounds returned, so a refund may be for it; a cancelled one gave its refund already.
    expect([withdrawn.ended, cancelled.ended]).toEqual([true, false]);
  });
});

describe('refundAttempt', () => {
  it('keeps one request id through failures and makes a new one after a refund went through', () => {
    let n = 0;
    const attempt = refundAttempt(() => `id-${++n}`);
    expect(attempt.id()).toBe('id-1');
    expect(attempt.id()).toBe('id-1'); // a retry after a network error: the same refund
    attempt.succeeded();
    expect(attempt.id()).toBe('id-2');
    expect(adminRefundIdOf('id-2')).toBe('admin-id-2');
  });

  it('makes UUIDs the server takes by default', () => {
    expect(refundAttempt().id()).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
  });

  it('formats what it checks exactly as the server words it', () => {
    expect(amountMessages.overRemaining(7500)).toBe(`At most ${formatUsdCents(7500)} remains to refund.`);
  });
});
