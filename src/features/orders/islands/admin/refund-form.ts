/**
 * The admin's refund form, as pure functions: dollars typed by a person to
 * integer cents (string arithmetic, never floating point), the form's checks in its own words, the
 * server's refusals placed at the field they are about, the projects of an order, and the request id
 * that makes a retried refund the same refund. No zod: the server parses again with adminRefundSchema.
 */
import { roleMessages } from '#lib/roles';
import { formatUsdCents } from '#lib/money';
import type { FullProjectView } from '#features/projects/project';
import { endedWithWork, isTerminal, teamStateLabel } from '#features/projects/process';
import type { Order } from '../../order';
import type { RefundInput } from '../../../../islands/shared/admin/admin-api';

/** The most a reason may hold (adminRefundSchema). */
export const REASON_MAX = 500;

export type Parsed<T> = { ok: true; value: T } | { ok: false; message: string };

export const amountMessages = {
  required: 'Enter the amount to refund, e.g. 75.00.',
  notAmount: 'Enter an amount in dollars and cents, e.g. 75.00.',
  tooPrecise: 'Enter at most 2 decimal places (whole cents).',
  negative: 'Enter a positive amount.',
  zero: 'Enter an amount above $0.00.',
  overRemaining: (remaining: number) => `At most ${formatUsdCents(remaining)} remains to refund.`,
} as const;

/** Whole dollars, plain ('1234') or grouped by commas ('1,234'); then an optional fraction. */
const AMOUNT = /^(\d+|[1-9]\d{0,2}(?:,\d{3})+)?(?:\.(\d*))?$/;
/** More whole-dollar digits than this cannot be an amount we hold (and would lose precision). */
const MAX_WHOLE_DIGITS = 12;

/**
 * '75' -> 7500, '75.5' -> 7550, '0.1' -> 10, '19.99' -> 1999, '$1,234.56' -> 123456: exact, by the
 * digits. Refuses an empty text, anything but a number, more than 2 decimals, negatives, zero, and
 * more than `remainingCents`.
 */
export function parseDollars(text: string, remainingCents: number): Parsed<number> {
  const trimmed = text.trim();
  if (trimmed === '') return { ok: false, message: amountMessages.required };
  // '-5', '-$5' and '$-5' are all negative; a '$' in front is how people write dollars.
  const [, before, after, bare] = /^(-?)\s*\$?\s*(-?)(.*)$/s.exec(trimmed)!;
  const negative = before !== '' || after !== '';
  const match = AMOUNT.exec(bare);
  const [, whole = '', fraction = ''] = match ?? [];
  if (!match || (whole === '' && fraction === '')) return { ok: false, message: amountMessages.notAmount };
  if (fraction.length > 2) return { ok: false, message: amountMessages.tooPrecise };
  const digits = whole.replace(/,/g, '').replace(/^0+(?=\d)/, '');
  if (negative && /[1-9]/.test(digits + fraction)) return { ok: false, message: amountMessages.negative };
  if (digits.length > MAX_WHOLE_DIGITS) return { ok: false, message: amountMessages.overRemaining(remainingCents) };
  const cents = Number(digits || '0') * 100 + Number(fraction.padEnd(2, '0'));
  if (cents === 0) return { ok: false, message: amountMessages.zero };
  if (cents > remainingCents) return { ok: false, message: amountMessages.overRemaining(remainingCents) };
  return { ok: true, value: cents };
}

export type RefundField = 'amount' | 'reason' | 'projects' | 'ended' | 'leftOpen';
export type RefundProblem = { field: RefundField | null; message: string };

export interface RefundFormValues {
  amount: string;
  reason: string;
  projectIds: string[];
  /** Projects that had ended which the refund is for: their editors give back its share. */
  forProjectIds: string[];
  /** The admin chose to keep open the projects a refund of everything that remains leaves running. */
  keepOpen: boolean;
}

export const reasonMessages = {
  required: 'Enter the reason for the refund.',
  tooLong: `The reason must be at most ${REASON_MAX} characters.`,
} as const;

export const leftOpenMessages = {
  /** Above the projects a refund of everything that remains would leave running. */
  heading: (count: number) =>
    `Nothing will remain to refund, but ${count === 1 ? 'this project stays' : `these ${count} projects stay`} open:`,
  consequence: 'Their editor carries on, and their family could no longer get money back by cancelling them.',
  cancelThem: (count: number) => (count === 1 ? 'Cancel it too' : 'Cancel them too'),
  keep: (count: number) => (count === 1 ? 'Keep it open' : 'Keep them open'),
  choose: 'Choose whether the projects that stay open are cancelled too or kept open.',
} as const;

/** The open projects not ticked to cancel, which a refund of all of `amount` leaves running with nothing to refund. */
export function leftOpenBy(
  amount: Parsed<number>,
  remainingCents: number,
  choices: ProjectChoice[],
  projectIds: string[],
): ProjectChoice[] {
  if (!amount.ok || amount.value < remainingCents) return [];
  return choices.filter((choice) => choice.unavailable === null && !projectIds.includes(choice.id));
}

/**
 * The request to send, or the first problem in the order of the fields. `choices` are the order's
 * projects once loaded: a refund of everything that remains must say what happens to the open ones.
 */
export function toRefundInput(
  values: RefundFormValues,
  remainingCents: number,
  choices: ProjectChoice[] = [],
): { ok: true; input: RefundInput } | ({ ok: false } & RefundProblem) {
  const amount = parseDollars(values.amount, remainingCents);
  if (!amount.ok) return { ok: false, field: 'amount', message: amount.message };
  const reason = values.reason.trim();
  if (reason === '') return { ok: false, field: 'reason', message: reasonMessages.required };
  if (reason.length > REASON_MAX) return { ok: false, field: 'reason', message: reasonMessages.tooLong };
  if (!values.keepOpen && leftOpenBy(amount, remainingCents, choices, values.projectIds).length > 0)
    return { ok: false, field: 'leftOpen', message: leftOpenMessages.choose };
  return {
    ok: true,
    input: {
      amountCents: amount.value,
      reason,
      projectIds: [...new Set(values.projectIds)],
      forProjectIds: [...new Set(values.forProjectIds)],
    },
  };
}

const API_FIELDS: Record<string, { field: RefundField; label: string }> = {
  amountCents: { field: 'amount', label: 'Amount' },
  reason: { field: 'reason', label: 'Reason' },
  projectIds: { field: 'projects', label: 'Projects' },
  forProjectIds: { field: 'ended', label: 'Finished projects' },
};

const sentence = (text: string) => {
  const capital = text.charAt(0).toUpperCase() + text.slice(1);
  return /[.!?]$/.test(capital) ? capital : `${capital}.`;
};

/**
 * A refusal of the API as the form shows it, next to the field it names: 'amountCents: at most $75.00
 * remains to refund' goes to the amount as 'At most $75.00 remains to refund.'; 'reason is required'
 * to the reason; '<project id> is already final: ...' (a project of `orderId`) to the projects.
 */
export function problemOfRefundApi(error: string, orderId: string): RefundProblem {
  if (error === roleMessages.refundAboveLimit) return { field: 'amount', message: error };
  const named = /^(\w+)(:\s*|\s)(.+)$/s.exec(error);
  const known = named && API_FIELDS[named[1]];
  if (named && known)
    return {
      field: known.field,
      message: sentence(named[2].startsWith(':') ? named[3] : `${known.label} ${named[3]}`),
    };
  if (error.startsWith(`${orderId}-`)) return { field: 'projects', message: sentence(error) };
  return { field: null, message: error };
}

/** The ids of an order's projects: `<order id>-1..n`, one per unit of its service lines, in order. */
export function projectIdsOf(order: Pick<Order, 'id' | 'serviceLines'>): string[] {
  const units = order.serviceLines.reduce((sum, line) => sum + line.quantity, 0);
  return Array.from({ length: units }, (_, i) => `${order.id}-${i + 1}`);
}

export interface ProjectChoice {
  id: string;
  /** 'Supplemental Essay Help (Small), unit 2 of 3' */
  label: string;
  /** The state in words, as our team's lists say it. */
  state: string;
  priceCents: number;
  /** Why it cannot be chosen, or null when it can. */
  unavailable: string | null;
  /** Final or withdrawn: the refund may name it as what it is for. */
  ended: boolean;
}

const WHY_NOT: Partial<Record<FullProjectView['state'], string>> = {
  final: 'Finished: a final project cannot be cancelled.',
  withdrawn: 'Withdrawn: it has already stopped.',
  cancelled: 'Already cancelled.',
};

/** One checkbox of the form: what the project is, its state, its price, and why not when it is finished. */
function projectChoice(
  project: Pick<FullProjectView, 'id' | 'unit' | 'service' | 'state' | 'priceCents'>,
  unitsOfService: number,
): ProjectChoice {
  const unit = unitsOfService > 1 ? `, unit ${project.unit} of ${unitsOfService}` : '';
  return {
    id: project.id,
    label: `${project.service.title}${unit}`,
    state: teamStateLabel[project.state],
    priceCents: project.priceCents,
    unavailable: isTerminal(project.state) ? (WHY_NOT[project.state] ?? 'Finished.') : null,
    ended: endedWithWork(project.state),
  };
}

/**
 * The choices for an order's projects: units are numbered within their service ('unit 2 of 3'), the
 * way the order lists them.
 */
export function projectChoices(
  order: Pick<Order, 'serviceLines'>,
  projects: Pick<FullProjectView, 'id' | 'unit' | 'service' | 'state' | 'priceCents'>[],
): ProjectChoice[] {
  const firstUnit = new Map<number, { first: number; count: number }>();
  let unit = 1;
  for (const line of order.serviceLines) {
    for (let i = 0; i < line.quantity; i++) firstUnit.set(unit + i, { first: unit, count: line.quantity });
    unit += line.quantity;
  }
  return projects.map((project) => {
    const place = firstUnit.get(project.unit);
    return projectChoice(place ? { ...project, unit: project.unit - place.first + 1 } : project, place?.count ?? 1);
  });
}

/**
 * The request id of one refund attempt (a UUID made in the browser): the same through every retry
 * after a failure, so a refund whose answer was lost is found by the server instead of made twice;
 * a new one once a refund went through.
 */
export function refundAttempt(makeId: () => string = () => crypto.randomUUID()) {
  let current: string | null = null;
  return {
    id: () => (current ??= makeId()),
    succeeded: () => {
      current = null;
    },
  };
}
export type RefundAttempt = ReturnType<typeof refundAttempt>;

/** The id under which the server records an admin's refund (src/features/projects/server/admin-refund.ts). */
export const adminRefundIdOf = (requestId: string) => `admin-${requestId}`;
