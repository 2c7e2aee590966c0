import { useCallback, useId, useState } from 'react';
import { MAIL_KINDS, mailKindLabel, type OutboxItem } from '#lib/admin-lists';
import { outboxPage, type OutboxQuery } from '../../shared/admin/admin-api';
import { Fact, Time } from '../../shared/admin/Facts';
import { FilterForm, FilterSelect, TextFilter } from '../../shared/admin/FilterBar';
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
        <Fact term="Kind">{mail.kind ? mailKindLabel[mail.kind] : 'Not recorded'}</Fact>
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

const NO_FILTER: OutboxQuery = { to: '', kind: '' };
const KINDS = MAIL_KINDS.map((kind) => ({ value: kind, label: mailKindLabel[kind] }));

/**
 * The e-mails written to the outbox instead of being sent (local mode, or a refusing mail server),
 * newest first; to one address, of one kind.
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
            E-mails the site wrote here instead of sending them: no mail server is configured (local mode), or it
            refused them.
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
            <OutboxMail mail={mail} />
          </li>
        ))}
      </ul>
    </PagedSection>
  );
}
