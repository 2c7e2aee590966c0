import { useRef, useState, type FormEvent } from 'react';
import { roleMessages } from '#lib/roles';
import { useIsOwner } from '../../../../islands/shared/admin/useRole';
import type { PersonSummary } from '../../data-export';
import { Field } from '../../../../islands/shared/Field';
import { adminCloseTexts, type ClosurePreview } from '../../privacy';
import {
  closePersonsAccount,
  exportPerson,
  lookUpPerson,
  previewClosingPerson,
} from '../../../../islands/shared/admin/admin-api';
import { CloseAccountForm } from './CloseAccountForm';
import { downloadFile } from '../../../../islands/shared/download-file';
import { showToast } from '../../../../islands/shared/admin/toasts';

const NEWSLETTER: Record<PersonSummary['newsletter'], string> = {
  active: 'Active',
  inactive: 'Inactive',
  none: 'Not subscribed',
};

function Summary({ person }: { person: PersonSummary }) {
  const rows: [string, string][] = [
    ['Account', person.hasAccount ? `Yes (${person.roles.join(', ') || 'no orders yet'})` : 'None found'],
    ['Orders', String(person.orders)],
    ['Projects', String(person.projects)],
    ['Files', String(person.files)],
    ['Newsletter', NEWSLETTER[person.newsletter]],
    ['Consults', String(person.consults)],
    ['Inquiries', String(person.inquiries)],
    ['Waitlists', String(person.waitlists)],
  ];
  return (
    <dl className="mt-4 grid grid-cols-[max-content_1fr] gap-x-6 gap-y-1">
      {rows.map(([label, value]) => (
        <div key={label} className="contents">
          <dt className="font-semibold text-navy-900">{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/**
 * A privacy request that came by mail: find the person by address, see what we hold, download their
 * export, close their account. Every lookup, export and closure is in the audit log.
 */
export function PrivacyTab() {
  const [email, setEmail] = useState('');
  const [person, setPerson] = useState<PersonSummary | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState<'lookup' | 'export' | 'close' | null>(null);
  const [closing, setClosing] = useState<ClosurePreview | null>(null);
  const closeButton = useRef<HTMLButtonElement>(null);
  const owner = useIsOwner();

  async function lookUp(event: FormEvent) {
    event.preventDefault();
    setBusy('lookup');
    const result = await lookUpPerson(email);
    setBusy(null);
    setError(result.ok ? null : result.error);
    setPerson(result.ok ? result.data : null);
    setClosing(null);
  }

  async function askToClose(address: string) {
    setBusy('close');
    const result = await previewClosingPerson(address);
    setBusy(null);
    if (!result.ok) return showToast('error', result.error);
    setClosing(result.data);
  }

  async function close(address: string, reason: string, preview: ClosurePreview): Promise<string | null> {
    const result = await closePersonsAccount(address, reason, preview);
    if (!result.ok) {
      // What closing does changed meanwhile: show it again as it now is.
      if (result.status === 409) void askToClose(address);
      return result.error;
    }
    setClosing(null);
    setPerson(null);
    showToast('success', `${result.data.message} (${address})`);
    // The person found is gone with its buttons: the next request starts at the address.
    requestAnimationFrame(() => document.getElementById('privacy-email')?.focus());
    return null;
  }

  async function download(address: string) {
    setBusy('export');
    const result = await exportPerson(address);
    setBusy(null);
    if (!result.ok) return showToast('error', result.error);
    downloadFile(result.data.file, result.data.filename);
    showToast('success', `Export of ${address} downloaded`);
  }

  return (
    <section aria-labelledby="privacy-heading" className="space-y-4">
      <h2 id="privacy-heading" className="font-serif text-2xl font-bold text-navy-900">
        Privacy requests
      </h2>
      <p className="text-slate-700">
        For a request that came by mail, after checking it comes from the address named. Every lookup, download and
        closure is written to the audit log.
      </p>
      <form method="post" onSubmit={(e) => void lookUp(e)} className="flex flex-col gap-2 sm:flex-row sm:items-end">
        <Field id="privacy-email" label="E-mail address" error={error ?? undefined} className="sm:w-80">
          {(control) => (
            <input
              {...control}
              type="email"
              required
              value={email}
              onChange={(e) => setEmail(e.target.value)}
              className="input w-full"
            />
          )}
        </Field>
        <button type="submit" className="btn-primary" disabled={busy !== null}>
          {busy === 'lookup' ? 'Looking up…' : 'Look up'}
        </button>
      </form>
      {person && (
        <div className="rounded-xl border border-slate-200 bg-white p-5">
          <h3 className="font-semibold text-navy-900">{person.email}</h3>
          <Summary person={person} />
          <div className="mt-4 flex flex-wrap gap-2">
            <button
              type="button"
              className="btn-primary"
              disabled={busy !== null}
              onClick={() => void download(person.email)}
            >
              {busy === 'export' ? 'Preparing…' : 'Download their data'}
            </button>
            {owner ? (
              <button
                ref={closeButton}
                type="button"
                className="btn-outline"
                disabled={busy !== null || closing !== null}
                onClick={() => void askToClose(person.email)}
              >
                {busy === 'close' ? adminCloseTexts.checking : adminCloseTexts.open}
              </button>
            ) : (
              <p className="self-center text-sm text-slate-700">{roleMessages.closeOwnersOnly}</p>
            )}
          </div>
          {closing && (
            <CloseAccountForm
              preview={closing}
              onConfirm={(reason) => close(person.email, reason, closing)}
              onCancel={() => {
                setClosing(null);
                requestAnimationFrame(() => closeButton.current?.focus());
              }}
            />
          )}
        </div>
      )}
    </section>
  );
}
