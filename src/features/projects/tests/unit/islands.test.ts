/** The pure parts of the delivery pages: file checks before upload, the inbox order, download names, history lines. */
import { describe, expect, it } from 'vitest';
import { fileNameOf } from '#client/download';
import { type ProjectEvent } from '../../project';
import { actionLabel, cancelLabel, CANCEL_WITHOUT_REFUND_LABEL, fileMessages } from '../../process';
import { inboxGroups } from '../../islands/workspace/inbox';
import { formatBytes } from '#lib/numbers';
import { fileProblem, isHttpsLink } from '../../islands/file-rules';
import { eventText, personLabel } from '../../islands/format';

const MB = 1024 * 1024;

describe('fileProblem', () => {
  it.each([
    ['essay.docx', 10, null],
    ['ESSAY.PDF', 10, null],
    ['notes.txt', 5 * MB, null],
    ['notes.rtf', 1, null],
    ['essay.doc', 10, fileMessages.wrongType],
    ['essay.docx.exe', 10, fileMessages.wrongType],
    ['docx', 10, fileMessages.wrongType],
    ['essay.docx', 0, fileMessages.empty],
    ['essay.pdf', 5 * MB + 1, fileMessages.tooLarge],
  ])('%s of %i bytes: %s', (name, size, problem) => expect(fileProblem({ name, size })).toBe(problem));
});

it('formatBytes reads at a glance', () => {
  expect([formatBytes(900), formatBytes(12_400), formatBytes(3.4 * MB), formatBytes(1.25 * 1024 * MB)]).toEqual([
    '900 bytes',
    '12 KB',
    '3.4 MB',
    '1.3 GB',
  ]);
});

it('only https links to a named host pass', () => {
  expect(isHttpsLink(' https://docs.google.com/document/d/1 ')).toBe(true);
  for (const bad of ['http://docs.google.com/x', 'javascript:alert(1)', 'https://localhost/x', 'docs.google.com/x', ''])
    expect(isHttpsLink(bad), bad).toBe(false);
});

describe('inboxGroups', () => {
  const at = (day: number) => `2026-03-${String(day).padStart(2, '0')}T12:00:00.000Z`;
  const p = (id: string, state: string, extra: object = {}) =>
    ({ id, state, due: null, autoFinalAt: null, createdAt: at(1), ...extra }) as never;

  it('new drafts first, then in review, waiting on the family, awaiting drafts; oldest due first; finished ones nowhere', () => {
    const groups = inboxGroups([
      p('await', 'awaiting_draft'),
      p('returned', 'returned', { autoFinalAt: at(9) }),
      p('review-late', 'in_review', { due: { at: at(2), late: true } }),
      p('new-later', 'submitted', { due: { at: at(8), late: false } }),
      p('final', 'final'),
      p('new-sooner', 'submitted', { due: { at: at(6), late: false } }),
    ] as never[]);
    expect(groups.map((g) => [g.title, (g.projects as { id: string }[]).map((x) => x.id)])).toEqual([
      ['New drafts to acknowledge', ['new-sooner', 'new-later']],
      ['In review', ['review-late']],
      ['Waiting on the family', ['returned']],
      ['Awaiting drafts', ['await']],
    ]);
  });
});

it('a download is saved under the exact name the server gave, else the plain one, else ours', () => {
  expect(fileNameOf(`attachment; filename="_ssay.docx"; filename*=UTF-8''%C3%89ssay.docx`, 'x.docx')).toBe(
    'Éssay.docx',
  );
  expect(fileNameOf('attachment; filename="notes.pdf"', 'x.pdf')).toBe('notes.pdf');
  expect(fileNameOf(null, 'x.pdf')).toBe('x.pdf');
});

describe('history lines', () => {
  const event = (type: ProjectEvent['type'], extra: Partial<ProjectEvent> = {}): ProjectEvent => ({
    at: '',
    by: 'customer',
    actor: 'pat@example.com',
    type,
    from: 'awaiting_draft',
    to: 'submitted',
    ...extra,
  });

  it('say what happened; messages are left to the thread', () => {
    expect(eventText(event('submit', { note: 'First draft' }))).toBe('Submitted the first draft');
    expect(eventText(event('submit', { note: 'Revision 2' }))).toBe('Submitted revision 2');
    expect(eventText(event('finalize', { by: 'system' }))).toMatch(/seven days/);
    expect(eventText(event('reassign', { note: 'From Maya Chen to Sofia Ramirez' }))).toBe(
      'Reassigned from Maya Chen to Sofia Ramirez',
    );
    expect(eventText(event('message'))).toBeNull();
  });

  it("name people as the reader knows them: themselves as 'You', anyone else by the name the server gave", () => {
    expect(personLabel('customer', 'Pat, parent', ['customer'])).toBe('You');
    expect(personLabel('student', 'Sam, student', ['student'])).toBe('You');
    expect(personLabel('customer', 'Pat, parent', ['student'])).toBe('Pat, parent');
    expect(personLabel('editor', 'Maya Chen, editor', ['customer', 'admin'])).toBe('Maya Chen, editor');
  });
});

it('cancelling promises a refund only while one remains on the order', () => {
  expect(cancelLabel({ cancellation: { amountCents: 7500 } })).toBe(actionLabel.cancel);
  expect(cancelLabel({ cancellation: { amountCents: 0 } })).toBe(CANCEL_WITHOUT_REFUND_LABEL);
  expect(cancelLabel({ cancellation: null })).toBe(actionLabel.cancel);
});
