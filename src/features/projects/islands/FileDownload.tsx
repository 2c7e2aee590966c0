import { useState } from 'react';
import type { FileRef } from '../project';
import { formatBytes } from '#lib/numbers';
import { downloadProjectFile } from './project-api';

/** A private file of the project: a button that fetches it with the token and saves it (a link could not send the token). */
export function FileDownload({ projectId, file }: { projectId: string; file: FileRef }) {
  const [state, setState] = useState<{ busy: boolean; error: string }>({ busy: false, error: '' });

  async function download() {
    setState({ busy: true, error: '' });
    const result = await downloadProjectFile(projectId, file);
    setState({ busy: false, error: result.ok ? '' : `We could not download ${file.name}: ${result.error}` });
  }

  return (
    <div className="space-y-1">
      <button
        type="button"
        onClick={download}
        disabled={state.busy}
        className="inline-flex min-h-11 max-w-full items-center gap-2 rounded-lg border border-slate-300 bg-white px-3 py-2 text-left text-sm font-semibold text-navy-800 hover:bg-navy-50 disabled:opacity-60"
      >
        <svg aria-hidden="true" width="18" height="18" viewBox="0 0 20 20" className="shrink-0">
          <path
            d="M10 3v9m0 0l-4-4m4 4l4-4M4 15h12"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
            strokeLinecap="round"
            strokeLinejoin="round"
          />
        </svg>
        <span className="min-w-0 break-all">
          <span className="sr-only">Download </span>
          {file.name}
        </span>
        <span className="shrink-0 font-normal text-slate-600">
          ({state.busy ? 'downloading...' : formatBytes(file.bytes)})
        </span>
      </button>
      <p role="alert" className="text-sm font-medium text-red-800 empty:hidden">
        {state.error}
      </p>
    </div>
  );
}
