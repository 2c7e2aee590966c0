/** The e-mail that tells the business about a new inquiry; a reply goes straight to the family. */
import { ANY_EDITOR, contactServiceLabel, majorLabel, turnaroundLabelById } from '#lib/contact';
import { formatPhone } from '#lib/phone';
import { site } from '#lib/site';
import type { InquiryRecord } from './inquiries.repo';
import { escapeHtml, type Mail } from '#server/core/mail';

/** A header holds one line: whatever the visitor typed, the subject stays one line. */
const oneLine = (text: string) => text.replace(/\s+/g, ' ').trim();

export function inquiryNotification(inquiry: InquiryRecord, editor: { id: string; name: string } | null): Mail {
  const rows: [string, string][] = [
    ['Parent/Guardian', inquiry.parentName],
    ['Student and grade', inquiry.studentInfo],
    ['Intended major', majorLabel(inquiry.intendedMajor)],
    ['Services', inquiry.services.map(contactServiceLabel).join(', ') || 'None ticked'],
    ['Preferred editor', editor ? `${editor.name} (${editor.id})` : ANY_EDITOR.label],
    ['Preferred turnaround', turnaroundLabelById(inquiry.turnaround)],
    ['Email', inquiry.email],
    ['Phone', inquiry.phone ? formatPhone(inquiry.phone) : 'Not given'],
    ['Received', inquiry.receivedAt],
  ];
  const details = inquiry.details || '(none)';
  const text = [
    ...rows.map(([label, value]) => `${label}: ${value}`),
    '',
    'Additional details/questions:',
    details,
  ].join('\n');
  const html = [
    '<table cellpadding="4">',
    ...rows.map(([label, value]) => `<tr><th align="left">${escapeHtml(label)}</th><td>${escapeHtml(value)}</td></tr>`),
    '</table>',
    '<p><strong>Additional details/questions:</strong></p>',
    `<p style="white-space:pre-wrap">${escapeHtml(details)}</p>`,
  ].join('\n');

  return {
    to: site.email,
    replyTo: inquiry.email,
    subject: `New inquiry from ${oneLine(inquiry.parentName)}`,
    text,
    html,
  };
}
