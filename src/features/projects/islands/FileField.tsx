import { useId, useRef, useState } from 'react';
import { PROJECT_FILE_ACCEPT } from '../project';
import { formatBytes } from '#lib/numbers';
import { fileProblem } from './file-rules';

interface Props {
  label: string;
  files: File[];
  onFiles: (files: File[]) => void;
  /** 1 for a draft (a new choice replaces the old), up to 5 for feedback. */
  max: number;
  /** The form's own message for the field (nothing chosen, an upload refused). */
  error?: string;
  /** Called at every choice: the form's message is about an earlier one, so the form drops it. */
  onChoice: () => void;
}

/**
 * Choose .docx, .pdf, .txt or .rtf files of at most 5 MB: each is checked as it is chosen, the
 * chosen ones are listed with a way to remove them. Uploading happens when the form is sent. Each
 * choice replaces the message of the one before. The native input is only visually hidden (it keeps
 * the keyboard and the label): its own text, reset so that the same file can be chosen again, would
 * say 'No file chosen' beside a chosen file.
 */
export function FileField({ label, files, onFiles, max, error, onChoice }: Props) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [problem, setProblem] = useState('');
  const shown = problem || error;

  function choose(list: FileList | null) {
    const chosen = [...(list ?? [])];
    onChoice();
    if (input.current) input.current.value = ''; // choosing the same file again fires change again
    const bad = chosen.map((file) => ({ file, problem: fileProblem(file) })).find((c) => c.problem);
    if (bad) return setProblem(`${bad.file.name}: ${bad.problem}`);
    const next = max === 1 ? chosen.slice(0, 1) : [...files, ...chosen];
    if (next.length > max) return setProblem(`At most ${max} files.`);
    setProblem('');
    onFiles(next);
  }

  return (
    <div className="space-y-2">
      <label htmlFor={id} className="block text-sm font-semibold text-slate-800">
        {label}
      </label>
      <p id={`${id}-hint`} className="text-sm text-slate-600">
        A .docx, .pdf, .txt or .rtf file of at most 5 MB{max > 1 ? `; up to ${max} files` : ''}.
      </p>
      <input
        ref={input}
        id={id}
        type="file"
        accept={PROJECT_FILE_ACCEPT}
        multiple={max > 1}
        onChange={(e) => choose(e.target.files)}
        aria-invalid={shown ? true : undefined}
        aria-describedby={`${id}-hint${shown ? ` ${id}-error` : ''}`}
        className="peer sr-only"
      />
      {/* For the pointer; the keyboard and screen readers use the input itself. */}
      <button
        type="button"
        tabIndex={-1}
        aria-hidden="true"
        onClick={() => input.current?.click()}
        className="btn-outline peer-focus-visible:ring-2 peer-focus-visible:ring-navy-700 peer-focus-visible:ring-offset-2"
      >
        {files.length === 0
          ? max > 1
            ? 'Choose files'
            : 'Choose a file'
          : max > 1
            ? 'Add files'
            : 'Choose another file'}
      </button>
      {shown && (
        <p id={`${id}-error`} className="text-sm font-medium text-red-800">
          {shown}
        </p>
      )}
      {files.length > 0 && (
        <ul className="space-y-1" aria-label="Chosen files">
          {files.map((file, i) => (
            <li
              key={`${file.name}-${i}`}
              className="flex flex-wrap items-center justify-between gap-2 rounded-lg bg-slate-50 px-3 py-1 text-sm"
            >
              <span className="min-w-0 break-all">
                {file.name} <span className="text-slate-600">({formatBytes(file.size)})</span>
              </span>
              <button
                type="button"
                onClick={() => onFiles(files.filter((f) => f !== file))}
                className="min-h-11 font-semibold text-navy-700 underline"
              >
                Remove<span className="sr-only"> {file.name}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
