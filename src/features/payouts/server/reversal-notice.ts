/**
 * An editor is told when a refund takes back part of what they earned: the amount, the project, and
 * whether it comes off what is still pending or off their next payout. One mail per refund, project and
 * editor, however often the earnings are recorded again.
 */
import { formatDay } from '#lib/time';
import { type LedgerEntry } from '../earnings';
import { formatUsdCents } from '#lib/money';
import type { Refund } from '#lib/refunds';
import { site } from '#lib/site';
import { editorsRepo } from '#features/editors/server/editors.repo';
import { serverEnv } from '#server/core/env';
import { paragraphsMail, sendMail } from '#server/core/mail';
import type { DeployInfo } from '#server/storage/stores';

/** The project whose earnings a refund took from, as the ledger keeps it. */
interface EndedOf {
  projectId: string;
  orderId: string;
  label: string;
}

/** The words of the mail, from what the refund took back of one editor's earnings on one project. */
export function reversalNotice(earnings: EndedOf, refund: Refund, takenCents: number, payableAt: string) {
  const amount = formatUsdCents(takenCents);
  const whence =
    payableAt > refund.createdAt
      ? `It comes off your pending earnings, which clear on ${formatDay(payableAt)}.`
      : 'It had already cleared, so it comes off what is payable to you: your next payout is smaller by that amount.';
  return {
    subject: `A refund took back ${amount} of your earnings`,
    lines: [
      `${site.name} refunded part of order ${earnings.orderId}, for ${earnings.label} (project ${earnings.projectId}).`,
      `${amount} of what you earned on it is taken back. ${whence}`,
      `Every entry is on your earnings: ${serverEnv().URL}/editor`,
    ],
  };
}

/** Mails each editor whose earnings on the project the refunds' reversals took something from. */
export async function tellOfReversals(
  earnings: EndedOf,
  reversals: readonly LedgerEntry[],
  refunds: readonly Refund[],
  info?: DeployInfo,
): Promise<void> {
  const editors = editorsRepo(info);
  for (const refund of refunds) {
    const ofRefund = reversals.filter((entry) => entry.id.startsWith(`reverse-${refund.id}-${earnings.projectId}-`));
    for (const editorId of new Set(ofRefund.map((entry) => entry.editorId))) {
      const mine = ofRefund.filter((entry) => entry.editorId === editorId);
      const taken = -mine.reduce((sum, entry) => sum + entry.cents, 0);
      const editor = await editors.get(editorId);
      if (taken <= 0 || !editor?.accountEmail) continue;
      const { subject, lines } = reversalNotice(earnings, refund, taken, mine[0].payableAt);
      const at = new Date(refund.createdAt);
      await sendMail({ ...paragraphsMail(editor.accountEmail, subject, lines), kind: 'project' }, info, at, {
        id: `reversal-${refund.id}-${earnings.projectId}-${editorId}`,
        at,
      });
    }
  }
}
