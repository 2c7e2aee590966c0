/**
 * The confirmation e-mails of a paid order (SPEC §2 'Confirmation Emails'): the parent, the student
 * and the editor. Editors have no address of their own in our data (SPEC §3), so the editor's notice
 * goes to the business inbox, which assigns the work.
 */
import { gradeLabel } from '../../src/lib/catalogue';
import { formatUsd } from '../../src/lib/money';
import { site } from '../../src/lib/site';
import { escapeHtml, sendMail } from './mail';
import type { Order } from './orders.repo';
import type { DeployInfo } from './stores';

function summary(order: Order): string[] {
  return [
    `Order ${order.id}`,
    ...order.serviceLines.map((l) => `${l.title} x ${l.quantity}: ${formatUsd(l.totalCents)}`),
    ...order.addOnLines.map((l) => `${l.title}: ${l.owned ? 'Included' : formatUsd(l.chargedCents)}`),
    `Editor: ${order.editor.name} (${order.editor.college}, ${order.editor.major})`,
    `Turnaround: ${order.turnaround.label}`,
    `Total paid: ${formatUsd(order.totalCents)}`,
  ];
}

const asHtml = (lines: string[]) => `<p>${lines.map(escapeHtml).join('<br>')}</p>`;

export async function sendOrderConfirmations(order: Order, info?: DeployInfo) {
  const { student } = order;
  const lines = summary(order);
  const nextSteps = `${order.editor.name} will reach out by email within 24 hours to set up your first call.`;
  const mails = [
    {
      to: student.parentEmail,
      subject: `Your ${site.name} order ${order.id} is confirmed`,
      lines: [`Dear ${student.parentName},`, `Thank you for your order for ${student.studentName}.`, ...lines, nextSteps],
    },
    {
      to: student.studentEmail,
      subject: `${order.editor.name} will be your essay editor`,
      lines: [`Hi ${student.studentName},`, ...lines, nextSteps],
    },
    {
      to: site.email,
      subject: `New order ${order.id} for ${order.editor.name}`,
      lines: [
        `Editor: please reach out to ${student.studentName} (${gradeLabel(student.studentGrade)}) within 24 hours.`,
        `Student: ${student.studentEmail}; parent: ${student.parentName} <${student.parentEmail}>`,
        student.intendedMajor ? `Intended major: ${student.intendedMajor}` : '',
        ...lines,
      ].filter(Boolean),
    },
  ];
  // One failed address must not stop the others; sendMail already falls back to the outbox.
  const results = await Promise.allSettled(
    mails.map((m) => sendMail({ to: m.to, subject: m.subject, text: m.lines.join('\n'), html: asHtml(m.lines), replyTo: site.email }, info)),
  );
  for (const r of results) if (r.status === 'rejected') console.error(`Order ${order.id}: a confirmation e-mail was lost:`, r.reason);
}
