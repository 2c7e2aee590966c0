import { useRef, useState, type FormEvent } from 'react';
import {
  closeAccountTexts as t,
  closedMessage,
  DEFAULT_REVIEW_CHOICE,
  endingText,
  REVIEW_CHOICES,
  reviewChoiceTexts,
  whatClosingDoes,
  type ClosurePreview,
  type ReviewChoice,
} from '../privacy';
import { apiFetch } from '#client/api';
import { $session, signedInFetch } from '#stores/session';
import { useSharedStore } from '../../../islands/shared/useSharedStore';

type State =
  | { kind: 'idle' }
  | { kind: 'checking' }
  | ({ kind: 'confirming'; error?: string; working?: boolean } & ClosurePreview)
  | { kind: 'refused'; message: string }
  | { kind: 'closed'; message: string };

/** Signs in again with the password (Firebase's recent-login rule) and answers a fresh token, or null if it is wrong. */
async function freshToken(password: string): Promise<string | null> {
  const { firebaseAuth } = await import('#client/firebase');
  const { EmailAuthProvider, reauthenticateWithCredential } = await import('firebase/auth');
  const user = firebaseAuth().currentUser;
  if (!user?.email) return null;
  try {
    await reauthenticateWithCredential(user, EmailAuthProvider.credential(user.email, password));
  } catch {
    return null;
  }
  return user.getIdToken(true);
}

/** 'Close my account': what closing does and the refunds first, then the password, then closing and signing out. */
export default function CloseMyAccount() {
  const session = useSharedStore($session);
  const [state, setState] = useState<State>({ kind: 'idle' });
  const heading = useRef<HTMLHeadingElement>(null);
  if (state.kind !== 'closed' && (session.status !== 'signedIn' || !session.user)) return null;

  async function check() {
    setState({ kind: 'checking' });
    const res = await signedInFetch<ClosurePreview>('/api/account/close');
    setState(res.ok ? { kind: 'confirming', ...res.data } : { kind: 'refused', message: res.error });
  }

  async function close(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (state.kind !== 'confirming') return;
    const form = new FormData(event.currentTarget);
    const password = form.get('password');
    const chosen = form.get('review');
    const review = REVIEW_CHOICES.find((c) => c === chosen) ?? DEFAULT_REVIEW_CHOICE;
    setState({ ...state, working: true, error: undefined });
    const token = await freshToken(typeof password === 'string' ? password : '');
    if (!token) return setState({ ...state, working: false, error: t.wrongPassword });
    const endings = state.endings.map((e) => ({ projectId: e.projectId, refundCents: e.refund?.amountCents ?? 0 }));
    const res = await apiFetch('/api/account/close', { method: 'POST', token, body: { endings, review } });
    if (!res.ok) {
      // What closing does changed: say it again as it now is.
      if (res.status === 409) return void (await check());
      return setState({ ...state, working: false, error: res.status === 0 ? t.failed : res.error });
    }
    const { firebaseAuth } = await import('#client/firebase');
    const { signOut } = await import('firebase/auth');
    await signOut(firebaseAuth()).catch(() => {});
    setState({ kind: 'closed', message: closedMessage(state, review) });
    heading.current?.focus();
  }

  return (
    <section aria-labelledby="close-account-heading" className="rounded-xl border border-slate-200 bg-white p-5 sm:p-6">
      <h2 id="close-account-heading" ref={heading} tabIndex={-1} className="font-serif text-xl font-bold text-navy-900">
        {t.heading}
      </h2>
      {state.kind === 'closed' ? (
        <p role="status" className="mt-2 text-slate-800">
          {state.message}
        </p>
      ) : (
        <p className="mt-2 text-slate-800">{t.intro}</p>
      )}
      {(state.kind === 'idle' || state.kind === 'checking') && (
        <button
          type="button"
          className="btn-outline mt-4"
          onClick={() => void check()}
          disabled={state.kind === 'checking'}
        >
          {state.kind === 'checking' ? t.checking : t.open}
        </button>
      )}
      {state.kind === 'refused' && (
        <p role="alert" className="mt-4 text-red-800">
          {state.message}
        </p>
      )}
      {state.kind === 'confirming' && (
        <form method="post" action="/dashboard" className="mt-4 space-y-4" onSubmit={(e) => void close(e)}>
          <ul className="list-disc space-y-1 pl-5 text-slate-800">
            {whatClosingDoes(state, t).map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
          {state.publishedReviews > 0 && <ReviewChoiceFields count={state.publishedReviews} />}
          {state.sharedProjects > 0 && <p className="text-slate-800">{t.sharedProjects(state.sharedProjects)}</p>}
          {state.endings.length === 0 ? (
            <p className="text-slate-800">{t.noOpenProjects}</p>
          ) : (
            <div>
              <p className="text-slate-800">{t.endingsIntro}</p>
              <ul className="mt-1 list-disc space-y-1 pl-5 text-slate-800">
                {state.endings.map((e) => (
                  <li key={e.projectId}>{endingText(e)}</li>
                ))}
              </ul>
            </div>
          )}
          <div>
            <label htmlFor="close-account-password" className="block font-medium text-slate-900">
              {t.password}
            </label>
            <input
              id="close-account-password"
              name="password"
              type="password"
              autoComplete="current-password"
              required
              className="input mt-1 max-w-sm"
              aria-describedby={state.error ? 'close-account-error' : undefined}
            />
          </div>
          {state.error && (
            <p id="close-account-error" role="alert" className="text-red-800">
              {state.error}
            </p>
          )}
          <div className="flex flex-wrap gap-3">
            <button type="submit" className="btn bg-red-700 text-white hover:bg-red-800" disabled={state.working}>
              {state.working ? t.working : t.confirm}
            </button>
            <button type="button" className="btn-outline" onClick={() => setState({ kind: 'idle' })}>
              {t.keep}
            </button>
          </div>
        </form>
      )}
    </section>
  );
}

/** What becomes of the published reviews: their scores only unless the family says otherwise. */
function ReviewChoiceFields({ count }: { count: number }) {
  return (
    <fieldset className="space-y-2">
      <legend className="font-medium text-slate-900">{reviewChoiceTexts.legend(count)}</legend>
      {REVIEW_CHOICES.map((choice: ReviewChoice) => (
        <label key={choice} className="flex items-start gap-2 text-slate-800">
          <input
            type="radio"
            name="review"
            value={choice}
            defaultChecked={choice === DEFAULT_REVIEW_CHOICE}
            className="mt-1.5"
          />
          <span>{reviewChoiceTexts.options[choice]}</span>
        </label>
      ))}
    </fieldset>
  );
}
