import { useState } from 'react';
import { signedInFetch, SIGNED_OUT } from '#stores/session';
import { connectMessages as words, PAYOUT_ACCOUNT_PATH, type PayoutAccountView } from '../connect';
import { LoadFailed } from '../../../islands/shared/LoadFailed';
import { useSignedInFetch } from '../../../islands/shared/useSignedInFetch';

/** Whether Stripe sent the editor back because its link expired (they are signed in here, so a new one can be made). */
const linkExpired = () => new URLSearchParams(window.location.search).get('payouts') === 'expired';

/**
 * The editor's bank account for payouts: where it stands with Stripe, and the way into Stripe's own
 * onboarding (a link the server makes; the bank details never pass through us).
 */
export function BankAccount() {
  const { value, reload } = useSignedInFetch<PayoutAccountView>(PAYOUT_ACCOUNT_PATH);
  const [opening, setOpening] = useState<string | null>(null);

  if (value.state === 'signedOut') return null;
  if (value.state === 'loading') return <p role="status">{words.loading}</p>;
  if (!value.result.ok) return <LoadFailed what="your bank account" onRetry={() => void reload()} />;
  const { state } = value.result.data;

  async function openStripe() {
    // Not disabled while it asks: a disabled button would drop the keyboard's focus.
    if (opening === words.opening) return;
    setOpening(words.opening);
    const answer = await signedInFetch<{ url: string }>(PAYOUT_ACCOUNT_PATH, { method: 'POST' });
    if (answer === SIGNED_OUT) return setOpening(null);
    if (!answer.ok) return setOpening(words.failed(answer.error));
    window.location.assign(answer.data.url);
  }

  return (
    <section aria-labelledby="bank-account-heading" className="space-y-2 rounded-lg border border-slate-200 p-3">
      <h3 id="bank-account-heading" className="font-semibold text-navy-900">
        {words.heading}
      </h3>
      {state !== 'ready' && linkExpired() && <p className="text-sm text-slate-700">{words.expired}</p>}
      <p className="text-sm text-slate-700">{words[state]}</p>
      {state !== 'ready' && (
        <button type="button" className="btn-primary min-h-11 px-4 py-1.5 text-sm" onClick={() => void openStripe()}>
          {state === 'none' ? words.connect : words.continue}
        </button>
      )}
      <p role="status" className="text-sm text-slate-700">
        {opening}
      </p>
    </section>
  );
}
