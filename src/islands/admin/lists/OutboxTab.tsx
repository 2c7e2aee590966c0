import { useCallback, useId, useState } from 'react';
import { MAIL_KINDS, mailKindLabel, type MailResult, type OutboxItem } from '#lib/admin-lists';
import { outboxPage, resendMail, type OutboxQuery } from '../../shared/admin/admin-api';
import { Fact, Time } from '../../shared/admin/Facts';
import { FilterForm, FilterSelect, TextFilter } from '../../shared/admin/FilterBar';
import { PagedSection } from '../../shared/admin/PagedSection';
import { showToast, toastFetchFailed } from '../../shared/admin/toasts';
import { usePagedList } from '../../shared/admin/usePagedList';

const RESULT_TEXT: Record<MailResult, string> = {
  kept: 'Kept here: no mail server is configured (local mode)',
  sent: 'Sent',
  sending: 'Being sent',
  retrying: 'Refused by the mail server; it will be tried again',
  failed: 'Refused by the mail server; no more attempts',
  unknown: 'Not known: the mail server was asked to send it and its answer was never recorded',
  removed: 'Emptied when its person closed their account',
};

function resultText(mail: OutboxItem) {
  const refused = mail.error ? `. The mail server said: ${mail.error}` : '';
  if (mail.result === 'sent') return mail.error ? `Sent on a later attempt (first refused: ${mail.error})` : 'Sent';
  return `${RESULT_TEXT[mail.result]}${mail.result === 'retrying' || mail.result === 'failed' ? refused : ''}`;
}

function OutboxMail({ mail, busy, onResend }: { mail: OutboxItem; busy: boolean; onResend: () => void }) {
  const headingId = `mail-${mail.id}`;
  return (
    <article aria-labelledby={headingId} className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5">
      <h3 id={headingId} tabIndex={-1} className="font-serif text-lg font-bold break-words text-navy-900">
        {mail.subject}
      </h3>
      <dl className="mt-3 grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
        <Fact term="To">{mail.to.join(', ')}</Fact>
        <Fact term="Queued">
          <Time iso={mail.queuedAt} />
        </Fact>
        <Fact term="Result">{resultText(mail)}</Fact>
        <Fact term="Kind">{mail.kind ? mailKindLabel[mail.kind] : 'Not recorded'}</Fact>
        <Fact term="Sent">{mail.sentAt && <Time iso={mail.sentAt} />}</Fact>
        <Fact term="Reply to">{mail.replyTo}</Fact>
      </dl>
      <div className="mt-3 flex flex-wrap items-center justify-between gap-3">
        <details className="group">
          <summary className="inline-flex min-h-10 cursor-pointer items-center rounded-lg px-1 text-sm font-semibold text-navy-700 underline-offset-2 hover:underline">
            <span className="group-open:hidden">Show the message</span>
            <span className="hidden group-open:inline">Hide the message</span>
          </summary>
          <pre className="mt-2 overflow-x-auto rounded-lg bg-navy-50 p-3 font-sans text-sm whitespace-pre-wrap text-slate-900">
            {mail.text}
          </pre>
        </details>
        {mail.resendable && (
          // aria-disabled, not disabled: a disabled button drops the keyboard focus while it is sent.
          <button
            type="button"
            className="btn-outline min-h-10 px-4 py-1.5 text-sm aria-disabled:opacity-60"
            onClick={busy ? undefined : onResend}
            aria-disabled={busy}
          >
            {busy ? 'Sending...' : 'Send again'}
            <span className="sr-only"> ({mail.subject})</span>
          </button>
        )}
      </div>
    </article>
  );
}

const NO_FILTER: OutboxQuery = { to: '', kind: '' };
const KINDS = MAIL_KINDS.map((kind) => ({ value: kind, label: mailKindLabel[kind] }));

/**
 * Every e-mail the site sent or tried to send, newest first, with what became of it; to one address,
 * of one kind. One refused for good, or whose result is not known, can be sent again.
 */
export function OutboxTab() {
  const id = useId();
  const [filter, setFilter] = useState<OutboxQuery>(NO_FILTER);
  const [typed, setTyped] = useState<OutboxQuery>(NO_FILTER);
  const loadPage = useCallback((cursor: string | null) => outboxPage(cursor, filter), [filter]);
  const list = usePagedList(loadPage, toastFetchFailed);
  const show = (next: OutboxQuery) => {
    setTyped(next);
    setFilter({ ...next, to: next.to.trim() });
  };
  const filtered = filter.to !== '' || filter.kind !== '';
  const [sending, setSending] = useState<string | null>(null);

  async function resend(mail: OutboxItem) {
    setSending(mail.id);
    const result = await resendMail(mail.id);
    setSending(null);
    if (!result.ok) return showToast('error', result.error);
    list.replaceItem((item) => item.id === mail.id, result.data);
    showToast('success', `Sent again: ${mail.subject}`);
    // Its button is gone with the need for it: the keyboard goes on from the mail, not the page's top.
    requestAnimationFrame(() => document.getElementById(`mail-${mail.id}`)?.focus());
  }
  return (
    <PagedSection
      id="outbox"
      title="Outbox"
      list={list}
      texts={{
        loading: 'Loading the outbox...',
        failed: 'The outbox could not be loaded.',
        empty: filtered ? 'No e-mails match these filters.' : 'The outbox is empty.',
      }}
      intro={
        <div className="space-y-3">
          <p className="text-sm text-slate-700">
            Every e-mail the site sent or tried to send, and what became of it. One the mail server refused for good, or
            whose result is not known, can be sent again.
          </p>
          <FilterForm
            label="Outbox"
            filtered={filtered}
            onShow={() => show(typed)}
            onShowAll={() => show(NO_FILTER)}
            firstId={`${id}-to`}
          >
            <TextFilter
              id={`${id}-to`}
              label="To (an e-mail address)"
              type="email"
              value={typed.to}
              onChange={(to) => setTyped({ ...typed, to })}
              maxLength={254}
              width="sm:w-72"
            />
            <FilterSelect
              id={`${id}-kind`}
              label="Kind"
              all="All kinds"
              options={KINDS}
              value={typed.kind}
              onChange={(kind) => setTyped({ ...typed, kind })}
            />
          </FilterForm>
        </div>
      }
    >
      <ul aria-label="Outbox" className="space-y-4">
        {list.items.map((mail) => (
          <li key={mail.id}>
            <OutboxMail mail={mail} busy={sending === mail.id} onResend={() => void resend(mail)} />
          </li>
        ))}
      </ul>
    </PagedSection>
  );
}
