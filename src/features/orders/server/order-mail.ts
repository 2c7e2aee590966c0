/**
 * The confirmation e-mails of a paid order: the parent, the student
 * and the editor. The editor's notice goes to the address the editor signs in with (the editor
 * record's `accountEmail`, set by the admin); an editor without one is reached through the business
 * inbox, which passes the work on. Which of the two it was is recorded on the order at payment, and
 * the confirmation page says so. The family's mails itemise the order as the page does
 * (src/lib/itemise.ts); the editor's lists the work without prices, as their workspace does.
 */
import { majorLabel } from '#lib/contact';
import { gradeLabel } from '#lib/grades';
import { editRules, firstName } from '#features/projects/project';
import { itemise, itemText } from '#lib/itemise';
import { afterOrder, lineLabel, orderPagePath, type EditorNotice } from '../order';
import { site } from '#lib/site';
import { editorsRepo } from '#features/editors/server/editors.repo';
import { serverEnv } from '#server/core/env';
import { escapeHtml, sendMail } from '#server/core/mail';
import { notifyAdmins } from '#server/core/notifications';
import { formatUsdCents } from '#lib/money';
import type { Order } from './orders.repo';
import type { DeployInfo } from '#server/storage/stores';

export interface EditorAddress {
  to: string;
  notice: EditorNotice;
}

/**
 * Where the editor's notice of `order` goes: their account e-mail, or our inbox. `recorded`, the
 * choice made at payment, holds for a delivery that completes the order's fulfilment later.
 */
export async function editorAddressOf(
  order: Pick<Order, 'editor'>,
  info?: DeployInfo,
  recorded?: EditorNotice,
): Promise<EditorAddress> {
  const team: EditorAddress = { to: site.email, notice: 'team' };
  if (recorded === 'team') return team;
  const editor = await editorsRepo(info).get(order.editor.id);
  return editor?.accountEmail ? { to: editor.accountEmail, notice: 'editor' } : team;
}

/** The order in lines of text: what was charged, item by item, as on the confirmation page. */
function orderSummaryLines(order: Order): string[] {
  const { items, total } = itemise(order, 'then');
  return [
    `Order ${order.id}`,
    ...items.map(itemText),
    `Total paid: ${total}`,
    `Editor: ${order.editor.name} (${order.editor.college}, ${order.editor.major})`,
    `Turnaround: ${order.turnaround.label}`,
  ];
}

/** The order as work for its editor: the services to edit and how fast, never what the family paid. */
function workLines(order: Order): string[] {
  return [`Order ${order.id}`, ...order.serviceLines.map(lineLabel), `Turnaround: ${order.turnaround.label}`];
}

const asHtml = (lines: string[]) => `<p>${lines.map(escapeHtml).join('<br>')}</p>`;

export async function sendOrderConfirmations(order: Order, editorAddress: EditorAddress, info?: DeployInfo) {
  const { student } = order;
  const lines = orderSummaryLines(order);
  const rules = `Edits included: ${editRules(order.serviceLines)}.`;
  const reply = afterOrder.reply(order.editor.name);
  const parentNext = [
    'What happens next:',
    `${afterOrder.submit}: ${serverEnv().URL}/dashboard (${afterOrder.submitHow}).`,
    reply,
    afterOrder.rounds,
  ];
  // Until a student has access of their own, drafts go in on the account that placed the order.
  const studentNext = [
    'What happens next:',
    'Your first draft is submitted on the dashboard of the account that placed this order.',
    reply,
    afterOrder.rounds,
  ];
  const forTeam = editorAddress.notice === 'team';
  const mails = [
    {
      id: 'parent',
      to: student.parentEmail,
      subject: `Your ${site.name} order ${order.id} is confirmed`,
      lines: [
        `Dear ${student.parentName},`,
        `Thank you for your order for ${student.studentName}.`,
        ...lines,
        `Your receipt (PDF) is on the order's page, signed in to the account that placed the order: ${serverEnv().URL}${orderPagePath(order.id)}`,
        rules,
        ...parentNext,
      ],
    },
    {
      id: 'student',
      to: student.studentEmail,
      subject: `${order.editor.name} will be your essay editor`,
      lines: [`Hi ${student.studentName},`, ...lines, rules, ...studentNext],
    },
    {
      id: 'editor',
      to: editorAddress.to,
      subject: `${forTeam ? '[Editor inbox] ' : ''}New order ${order.id} for ${order.editor.name}`,
      lines: [
        forTeam ? `For ${order.editor.name} (no editor account yet): please pass this order on.` : '',
        // The student is usually a minor: contact stays in the project's thread, never by private e-mail.
        `New work for you: ${firstName(student.studentName)} (${gradeLabel(student.studentGrade)}). The projects wait in your workspace for the first draft: ${serverEnv().URL}/editor`,
        "All contact with the family stays in each project's thread, where it is kept and our team can see it.",
        student.intendedMajor ? `Intended major: ${majorLabel(student.intendedMajor)}` : '',
        ...workLines(order),
        rules,
      ].filter(Boolean),
    },
  ];
  // Each once per order, however often fulfilment runs: the time of payment keeps their outbox keys.
  const at = new Date(order.payment.paidAt ?? order.updatedAt);
  // One failed mail must not stop the others; then the failure is the caller's, who retries (and the
  // mails that went are not sent again).
  const paid = `Order ${order.id} was paid: ${formatUsdCents(order.totalCents)}, with ${order.editor.name}.`;
  const results = await Promise.allSettled([
    notifyAdmins(
      {
        id: `order-paid-${order.id}`,
        at,
        kind: 'order-paid',
        subject: `New paid order ${order.id}: ${formatUsdCents(order.totalCents)}`,
        lines: [paid, ...lines.slice(1), `The orders in the admin area: ${serverEnv().URL}/admin?tab=orders`],
        // No family's name: the digest's log keeps it.
        line: `${order.id}: ${formatUsdCents(order.totalCents)}, with ${order.editor.name}`,
      },
      info,
    ),
    ...mails.map((m) =>
      sendMail(
        {
          kind: 'order',
          to: m.to,
          subject: m.subject,
          text: m.lines.join('\n'),
          html: asHtml(m.lines),
          replyTo: site.email,
        },
        info,
        at,
        { id: `order-${order.id}-${m.id}`, at },
      ),
    ),
  ]);
  const failed = results.find((r) => r.status === 'rejected');
  if (failed) throw failed.reason;
}
