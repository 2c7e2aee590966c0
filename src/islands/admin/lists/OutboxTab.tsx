import type { OutboxItem } from '#lib/admin-lists';
import { outboxPage } from '../../shared/admin/admin-api';
import { Fact, Time } from '../../shared/admin/Facts';
import { PagedSection } from '../../shared/admin/PagedSection';
import { toastFetchFailed } from '../../shared/admin/toasts';
import { usePagedList } from '../../shared/admin/usePagedList';

function reasonText(mail: OutboxItem) {
  if (mail.reason === 'no-smtp') return 'No mail server configured';
  if (mail.reason === 'smtp-sent') return 'Sent by the mail server; kept as a record so that it is never sent twice';
  const refused = `The mail server refused it: ${mail.error ?? 'no reason given'}`;
  if (mail.sentAt) return `${refused}. Sent on a later attempt.`;
  if (mail.gaveUpAt) return `${refused}. No more attempts: please send it yourself.`;
  return `${refused}. It will be tried again.`;
}

function OutboxMail({ mail }: { mail: OutboxItem }) {
  const headingId = `mail-${mail.id}`;
  return (
    <article aria-labelledby={headingId} className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5">
      <h3 id={headingId} className="font-serif text-lg font-bold break-words text-navy-900">
        {mail.subject}
      </h3>
      <dl className="mt-3 grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
        <Fact term="To">{mail.to.join(', ')}</Fact>
        <Fact term="Queued">
          <Time iso={mail.queuedAt} />
        </Fact>
        <Fact term="Reason">{reasonText(mail)}</Fact>
        <Fact term="Reply to">{mail.replyTo}</Fact>
      </dl>
      <details className="group mt-3">
        <summary className="inline-flex min-h-10 cursor-pointer items-center rounded-lg px-1 text-sm font-semibold text-navy-700 underline-offset-2 hover:underline">
          <span className="group-open:hidden">Show the message</span>
          <span className="hidden group-open:inline">Hide the message</span>
        </summary>
        <pre className="mt-2 overflow-x-auto rounded-lg bg-navy-50 p-3 font-sans text-sm whitespace-pre-wrap text-slate-900">
          {mail.text}
        </pre>
      </details>
    </article>
  );
}

/** The e-mails written to the outbox instead of being sent (local mode, or a refusing mail server), newest first. */
export function OutboxTab() {
  const list = usePagedList(outboxPage, toastFetchFailed);
  return (
    <PagedSection
      id="outbox"
      title="Outbox"
      list={list}
      texts={{
        loading: 'Loading the outbox...',
        failed: 'The outbox could not be loaded.',
        empty: 'The outbox is empty.',
      }}
      intro={
        <p className="text-sm text-slate-700">
          E-mails the site wrote here instead of sending them: no mail server is configured (local mode), or it refused
          them.
        </p>
      }
    >
      <ul aria-label="Outbox" className="space-y-4">
        {list.items.map((mail) => (
          <li key={mail.id}>
            <OutboxMail mail={mail} />
          </li>
        ))}
      </ul>
    </PagedSection>
  );
}
