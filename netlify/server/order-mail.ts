/**
 * The confirmation e-mails of a paid order (SPEC §2 'Confirmation Emails'): the parent, the student
 * and the editor. The editor's notice goes to the address the editor signs in with (the editor
 * record's `accountEmail`, set by the admin); an editor without one is reached through the business
 * inbox, which passes the work on. Which of the two it was is recorded on the order at payment, and
 * the confirmation page says so. Every mail itemises the order as the page does (src/lib/itemise.ts).
 */
import { gradeLabel } from '../../src/lib/catalogue';
import { editRules } from '../../src/lib/delivery';
import { itemise, itemText } from '../../src/lib/itemise';
import type { EditorNotice } from '../../src/lib/order';
import { site } from '../../src/lib/site';
import { editorsRepo } from './editors.repo';
import { escapeHtml, sendMail } from './mail';
import type { Order } from './orders.repo';
import type { DeployInfo } from './stores';

export interface EditorAddress {
  to: string;
  notice: EditorNotice;
}

/** Where the editor's notice of `order` goes: their account e-mail, or our inbox. */
export async function editorAddressOf(order: Pick<Order, 'editor'>, info?: DeployInfo): Promise<EditorAddress> {
  const editor = await editorsRepo(info).get(order.editor.id);
  return editor?.accountEmail ? { to: editor.accountEmail, notice: 'editor' } : { to: site.email, notice: 'team' };
}

/** The order in lines of text: what was charged, item by item, as on the confirmation page. */
export function orderSummaryLines(order: Order): string[] {
  const { items, total } = itemise(order, 'then');
  return [
    `Order ${order.id}`,
    ...items.map(itemText),
    `Total paid: ${total}`,
    `Editor: ${order.editor.name} (${order.editor.college}, ${order.editor.major})`,
    `Turnaround: ${order.turnaround.label}`,
  ];
}

const asHtml = (lines: string[]) => `<p>${lines.map(escapeHtml).join('<br>')}</p>`;

export async function sendOrderConfirmations(order: Order, editorAddress: EditorAddress, info?: DeployInfo) {
  const { student } = order;
  const lines = orderSummaryLines(order);
  const rules = `Edits included: ${editRules(order.serviceLines)}.`;
  const nextSteps = `${order.editor.name} will reach out by email within 24 hours to set up your first call.`;
  const forTeam = editorAddress.notice === 'team';
  const mails = [
    {
      to: student.parentEmail,
      subject: `Your ${site.name} order ${order.id} is confirmed`,
      lines: [`Dear ${student.parentName},`, `Thank you for your order for ${student.studentName}.`, ...lines, rules, nextSteps],
    },
    {
      to: student.studentEmail,
      subject: `${order.editor.name} will be your essay editor`,
      lines: [`Hi ${student.studentName},`, ...lines, rules, nextSteps],
    },
    {
      to: editorAddress.to,
      subject: `${forTeam ? '[Editor inbox] ' : ''}New order ${order.id} for ${order.editor.name}`,
      lines: [
        forTeam ? `For ${order.editor.name} (no editor account yet): please pass this order on.` : '',
        `Editor: please reach out to ${student.studentName} (${gradeLabel(student.studentGrade)}) within 24 hours.`,
        `Student: ${student.studentEmail}; parent: ${student.parentName} <${student.parentEmail}>`,
        student.intendedMajor ? `Intended major: ${student.intendedMajor}` : '',
        ...lines,
        rules,
      ].filter(Boolean),
    },
  ];
  // One failed address must not stop the others; sendMail already falls back to the outbox.
  const results = await Promise.allSettled(
    mails.map((m) => sendMail({ to: m.to, subject: m.subject, text: m.lines.join('\n'), html: asHtml(m.lines), replyTo: site.email }, info)),
  );
  for (const r of results) if (r.status === 'rejected') console.error(`Order ${order.id}: a confirmation e-mail was lost:`, r.reason);
}
