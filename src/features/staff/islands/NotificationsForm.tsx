import { useId, useState, type FormEvent } from 'react';
import {
  NOTIFICATION_KINDS,
  notificationLabel,
  notificationMessages,
  type NotificationChoice,
  type NotificationKind,
} from '#lib/notifications';
import { CouldNotLoad } from '../../../islands/shared/admin/CouldNotLoad';
import { showToast } from '../../../islands/shared/admin/toasts';
import { useSignedInFetch } from '../../../islands/shared/useSignedInFetch';
import { NOTIFICATIONS_PATH, saveNotifications } from './team-api';
import { CardForm } from './CardForm';

/** The choice's form, once what was chosen is known. */
function ChoiceForm({ saved }: { saved: NotificationChoice }) {
  const id = useId();
  const [kinds, setKinds] = useState<NotificationKind[]>(saved.kinds);
  const [digest, setDigest] = useState(saved.digest);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState('');

  const toggle = (kind: NotificationKind, on: boolean) =>
    setKinds((current) => NOTIFICATION_KINDS.filter((k) => (k === kind ? on : current.includes(k))));

  async function save(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    const result = await saveNotifications({ kinds, digest });
    setBusy(false);
    if (!result.ok) return setProblem(result.error);
    setProblem('');
    showToast('success', notificationMessages.saved);
  }

  return (
    <CardForm
      id={id}
      title="Your notifications"
      problem={problem}
      busy={busy}
      submitLabel="Save notifications"
      onSubmit={(event) => void save(event)}
    >
      <p className="text-sm text-slate-700">
        E-mails to you alone, at the address you sign in with. The business’s inbox keeps receiving what needs a person.
      </p>
      <fieldset className="space-y-2">
        <legend className="text-sm font-semibold text-slate-800">Tell me when</legend>
        {NOTIFICATION_KINDS.map((kind) => (
          <label key={kind} className="flex items-start gap-2 text-sm text-slate-800">
            <input
              type="checkbox"
              checked={kinds.includes(kind)}
              onChange={(event) => toggle(kind, event.target.checked)}
              className="mt-0.5 size-4"
            />
            {notificationLabel[kind]}
          </label>
        ))}
      </fieldset>
      <fieldset className="space-y-2">
        <legend className="text-sm font-semibold text-slate-800">How</legend>
        {[
          { value: false, label: 'A mail for each, as it happens' },
          { value: true, label: 'One digest a day, the morning after (New York time)' },
        ].map((option) => (
          <label key={String(option.value)} className="flex items-start gap-2 text-sm text-slate-800">
            <input
              type="radio"
              name={`${id}-digest`}
              checked={digest === option.value}
              onChange={() => setDigest(option.value)}
              className="mt-0.5 size-4"
            />
            {option.label}
          </label>
        ))}
      </fieldset>
    </CardForm>
  );
}

/** The signed-in admin's own notifications: which kinds, each by mail or in a daily digest. */
export function NotificationsForm() {
  const { value, reload } = useSignedInFetch<NotificationChoice>(NOTIFICATIONS_PATH);
  if (value.state === 'loading') return <p role="status">Loading your notifications...</p>;
  if (value.state === 'signedOut') return null;
  if (!value.result.ok)
    return <CouldNotLoad what="Your notifications" error={value.result.error} onRetry={() => void reload()} />;
  return <ChoiceForm saved={value.result.data} />;
}
