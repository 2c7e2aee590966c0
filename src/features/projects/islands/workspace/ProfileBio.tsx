/**
 * 'Your profile' in the editor's workspace: the bio families read on the editor's profile page, in
 * the editor's own words (the admin keeps the other facts). Closed until asked for; the site builds
 * the profile page again after a save, which takes a few minutes.
 */
import { useId, useState, type FormEvent } from 'react';
import { BIO_MAX_LENGTH } from '#features/editors/editor-input';
import { profileHref } from '#features/editors/editor-listing';
import { saveBio } from '../project-api';

type Status = { kind: 'idle' } | { kind: 'saving' } | { kind: 'saved' } | { kind: 'failed'; message: string };

export function ProfileBio({ editorId, bio }: { editorId: string; bio: string }) {
  const id = useId();
  const [text, setText] = useState(bio);
  const [saved, setSaved] = useState(bio);
  const [status, setStatus] = useState<Status>({ kind: 'idle' });
  const changed = text.trim() !== saved;

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (status.kind === 'saving' || !changed) return;
    setStatus({ kind: 'saving' });
    const result = await saveBio(text);
    if (!result.ok)
      return setStatus({ kind: 'failed', message: `${result.error} Your text is still here; try again.` });
    setSaved(result.data.bio);
    setText(result.data.bio);
    setStatus({ kind: 'saved' });
  }

  return (
    <details className="rounded-xl border border-navy-100 bg-white p-4">
      <summary className="min-h-11 cursor-pointer content-center font-semibold text-navy-900">Your profile</summary>
      <form method="post" onSubmit={submit} className="mt-3 space-y-2">
        <label htmlFor={`${id}-bio`} className="block text-sm font-semibold text-slate-800">
          About you
        </label>
        <p id={`${id}-hint`} className="text-sm text-slate-700">
          Families read this on your profile page when they choose an editor: a few sentences in your own words about
          how you help with essays. Up to {BIO_MAX_LENGTH} characters.
        </p>
        <textarea
          id={`${id}-bio`}
          className="input min-h-32"
          rows={5}
          maxLength={BIO_MAX_LENGTH}
          value={text}
          aria-describedby={`${id}-hint ${id}-count`}
          onChange={(e) => {
            setText(e.target.value);
            if (status.kind !== 'saving') setStatus({ kind: 'idle' });
          }}
        />
        <p id={`${id}-count`} className="text-sm text-slate-700">
          {text.length} of {BIO_MAX_LENGTH} characters
        </p>
        <div className="flex flex-wrap items-center gap-4">
          <button type="submit" className="btn-primary" disabled={status.kind === 'saving' || !changed}>
            {status.kind === 'saving' ? 'Saving...' : 'Save Profile'}
          </button>
          <a href={profileHref(editorId)} className="font-semibold text-navy-700 underline underline-offset-4">
            View your profile page
          </a>
        </div>
        <p role="status" className="text-sm text-slate-800">
          {status.kind === 'saved' ? 'Saved. Your profile page shows it within a few minutes.' : ''}
        </p>
        {status.kind === 'failed' && (
          <p role="alert" className="text-sm font-medium text-red-800">
            {status.message}
          </p>
        )}
      </form>
    </details>
  );
}
