import { useState } from 'react';
import { verifyMessages } from '#lib/messages';
import { confirmVerified, resendVerification } from '#stores/session';
import { Notice, type NoticeValue } from '../Notice';

type Why = keyof typeof verifyMessages.why;

/** Firebase's error code, if the error is one of its own. */
const codeOf = (error: unknown) => (error as { code?: string } | null)?.code ?? '';

/**
 * What an account whose address is not verified yet sees where a role or a message needs it: where
 * the link went, 'I have verified' once it is opened (here or on another device), and 'Resend'.
 */
export function VerifyEmail({ email, why, level }: { email: string; why: Why; level: 1 | 2 }) {
  const [notice, setNotice] = useState<NoticeValue>(null);
  const [busy, setBusy] = useState(false);

  async function act(work: () => Promise<NoticeValue>) {
    setBusy(true);
    setNotice(null);
    try {
      setNotice(await work());
    } catch (error) {
      setNotice({
        kind: 'error',
        text: codeOf(error) === 'auth/too-many-requests' ? verifyMessages.tooMany : verifyMessages.failed,
      });
    } finally {
      setBusy(false);
    }
  }

  const Heading = level === 1 ? 'h1' : 'h2';
  return (
    <section
      aria-labelledby="verify-heading"
      className="max-w-xl space-y-3 rounded-xl border border-beacon-400 bg-beacon-300/20 p-5"
    >
      <Heading id="verify-heading" className="font-serif text-xl font-bold text-navy-900">
        {verifyMessages.heading}
      </Heading>
      <p className="break-words text-slate-800">{verifyMessages.sent(email)}</p>
      <p className="text-slate-800">{verifyMessages.why[why]}</p>
      <div className="flex flex-wrap gap-3">
        <button
          type="button"
          className="btn-primary min-h-11"
          disabled={busy}
          onClick={() =>
            act(async () => ((await confirmVerified()) ? null : { kind: 'error', text: verifyMessages.notYet }))
          }
        >
          I have verified
        </button>
        <button
          type="button"
          className="btn-outline min-h-11"
          disabled={busy}
          onClick={() =>
            act(async () => (await resendVerification(), { kind: 'success', text: verifyMessages.resent(email) }))
          }
        >
          Resend
        </button>
      </div>
      <Notice notice={notice} />
    </section>
  );
}
