import { useState } from 'react';
import { dataExportTexts as t } from '../data-export';
import { $session, idToken } from '#stores/session';
import { useSharedStore } from '../../../islands/shared/useSharedStore';
import { downloadFile } from '../../../islands/shared/download-file';

type State = { kind: 'idle' } | { kind: 'working' } | { kind: 'done' } | { kind: 'failed'; message: string };

/** The zip's name from the answer's Content-Disposition, so the server alone decides it. */
const fileNameOf = (res: Response) =>
  /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '')?.[1] ?? 'beacon-data.zip';

/** Fetches the export with the sign-in token (a plain link could not carry it) and saves it as a file. */
async function fetchExport(): Promise<State> {
  const token = await idToken();
  if (!token) return { kind: 'failed', message: t.failed };
  try {
    const res = await fetch('/api/privacy/export', { headers: { Authorization: `Bearer ${token}` } });
    if (!res.ok) {
      const body = (await res.json().catch(() => null)) as { error?: string } | null;
      return { kind: 'failed', message: body?.error ?? t.failed };
    }
    downloadFile(await res.blob(), fileNameOf(res));
    return { kind: 'done' };
  } catch {
    return { kind: 'failed', message: t.failed };
  }
}

/** 'Download my data': the signed-in person's zip of everything we hold about them. */
export default function DownloadMyData() {
  const session = useSharedStore($session);
  const [state, setState] = useState<State>({ kind: 'idle' });
  if (session.status !== 'signedIn' || !session.user) return null;
  const verified = session.user.emailVerified;
  const working = state.kind === 'working';

  async function download() {
    setState({ kind: 'working' });
    setState(await fetchExport());
  }

  return (
    <section aria-labelledby="your-data-heading" className="rounded-xl border border-slate-200 bg-white p-5 sm:p-6">
      <h2 id="your-data-heading" className="font-serif text-xl font-bold text-navy-900">
        {t.heading}
      </h2>
      <p className="mt-2 text-slate-800">{t.intro}</p>
      {verified ? (
        <button
          type="button"
          className="btn-primary mt-4"
          onClick={() => void download()}
          disabled={working}
          aria-describedby="your-data-status"
        >
          {working ? t.working : t.button}
        </button>
      ) : (
        <p className="mt-4 text-slate-800">{t.verifyFirst}</p>
      )}
      <p id="your-data-status" role="status" className="mt-3 min-h-6 text-slate-800">
        {state.kind === 'done' ? t.done : ''}
      </p>
      {state.kind === 'failed' && (
        <p role="alert" className="text-red-800">
          {state.message}
        </p>
      )}
    </section>
  );
}
