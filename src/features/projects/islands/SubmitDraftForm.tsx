import { useEffect, useEffectEvent, useId, useRef, useState, type FormEvent } from 'react';
import { type ProjectView } from '../project';
import { DELIVERY_LIMITS, currentRound, submitLabel } from '../process';
import { COMMON_APP_WORD_LIMIT } from '#features/essay/essay';
import { WORD_LIMIT_BOUNDS, wordCountLabel } from '#features/essay/essay-limits';
import { countWords } from '#lib/words';
import { FileField } from './FileField';
import { isHttpsLink } from './file-rules';
import { TextArea } from './TextArea';
import { useKeptText } from './useKeptText';
import { useUploads } from './useUploads';
import { FormButtons } from './FormButtons';
import { formatCount } from '#lib/numbers';

type DraftKind = 'text' | 'file' | 'link';
const KINDS: { kind: DraftKind; label: string }[] = [
  { kind: 'text', label: 'Paste the text' },
  { kind: 'file', label: 'Upload a file' },
  { kind: 'link', label: 'Link to a document' },
];
const isKind = (value: string): value is DraftKind => KINDS.some((k) => k.kind === value);

type Field = 'prompt' | 'wordLimit' | 'text' | 'file' | 'link';

interface Props {
  project: ProjectView;
  busy: boolean;
  onSubmit: (body: object) => Promise<boolean>;
  onCancel: () => void;
}

/**
 * 'Submit Draft' (the first) or 'Submit Revision': the prompt, then the draft as pasted text, an
 * uploaded file (checked here, uploaded, then named by the step) or an https link to the document.
 */
export function SubmitDraftForm({ project, busy, onSubmit, onCancel }: Props) {
  const id = useId();
  const first = project.rounds.length === 0;
  const label = submitLabel(project);
  const key = (field: string) => `${project.id}:submit:${field}`;
  const [prompt, setPrompt, clearPrompt] = useKeptText(key('prompt'));
  // The previous round's limit, else the Common App's for its essay, else none.
  const knownLimit =
    currentRound(project)?.wordLimit ?? (project.service.id === 'common-app-essay' ? COMMON_APP_WORD_LIMIT : null);
  const [limitValue, setLimit, clearLimit] = useKeptText(
    key('wordLimit'),
    knownLimit === null ? '' : String(knownLimit),
  );
  const [kindValue, setKind, clearKind] = useKeptText(key('kind'), 'text');
  const [text, setText, clearText] = useKeptText(key('text'));
  const [link, setLink, clearLink] = useKeptText(key('link'));
  const [files, setFiles] = useState<File[]>([]);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [uploading, setUploading] = useState(false);
  const uploadAll = useUploads(project.id);
  const kind: DraftKind = isKind(kindValue) ? kindValue : 'text';
  const promptRef = useRef<HTMLTextAreaElement>(null);
  const limitRef = useRef<HTMLInputElement>(null);
  const textRef = useRef<HTMLTextAreaElement>(null);
  const linkRef = useRef<HTMLInputElement>(null);
  const formRef = useRef<HTMLFormElement>(null);

  // Once, on opening: the prompt of a first draft, else the text.
  const focusFirstField = useEffectEvent(() => (first ? promptRef : textRef).current?.focus());
  useEffect(() => focusFirstField(), []);

  const limit = limitValue.trim();
  // The limit as typed, once it is one: the draft's count reads against it while the family types.
  const wordLimit =
    /^\d+$/.test(limit) && +limit >= WORD_LIMIT_BOUNDS.min && +limit <= WORD_LIMIT_BOUNDS.max ? +limit : null;

  function check(): Partial<Record<Field, string>> {
    const found: Partial<Record<Field, string>> = {};
    if (first && !prompt.trim()) found.prompt = 'Enter the essay prompt your draft answers.';
    if (prompt.length > DELIVERY_LIMITS.prompt)
      found.prompt = `The prompt can be at most ${formatCount(DELIVERY_LIMITS.prompt)} characters.`;
    if (limit && wordLimit === null)
      found.wordLimit = `Enter a whole number of words from ${WORD_LIMIT_BOUNDS.min} to ${formatCount(WORD_LIMIT_BOUNDS.max)}, or leave it empty.`;
    if (kind === 'text' && !text.trim()) found.text = 'Paste your draft.';
    if (kind === 'text' && text.length > DELIVERY_LIMITS.text)
      found.text = `Your draft is longer than ${formatCount(DELIVERY_LIMITS.text)} characters.`;
    if (kind === 'file' && files.length === 0) found.file = 'Choose the file with your draft.';
    if (kind === 'link' && !isHttpsLink(link)) found.link = 'Enter a link to your document that starts with https://';
    return found;
  }

  // A field the last submit found wrong shows its error only while it still is, in its words of now;
  // the other fields wait for the next submit. A file's error (the upload's too) goes when one is chosen.
  const now = check();
  const shown = Object.fromEntries(
    (Object.keys(errors) as Field[]).flatMap((field) => {
      const message = field === 'file' ? errors.file : now[field];
      return message ? [[field, message]] : [];
    }),
  ) as Partial<Record<Field, string>>;

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy || uploading) return;
    const found = check();
    setErrors(found);
    const firstBad = (['prompt', 'wordLimit', 'text', 'link'] as const).find((f) => found[f]);
    const fieldRefs = { prompt: promptRef, wordLimit: limitRef, text: textRef, link: linkRef };
    if (firstBad) return fieldRefs[firstBad].current?.focus();
    if (found.file) return formRef.current?.querySelector<HTMLInputElement>('input[type=file]')?.focus();

    let draft: object;
    if (kind === 'file') {
      setUploading(true);
      const uploaded = await uploadAll(files);
      setUploading(false);
      if (!uploaded.ok) return setErrors({ file: uploaded.error });
      draft = { kind: 'file', fileId: uploaded.refs[0].id };
    } else {
      draft = kind === 'text' ? { kind: 'text', text } : { kind: 'link', url: link.trim() };
    }
    const sent = await onSubmit({ version: project.version, prompt: prompt.trim(), draft, wordLimit });
    if (sent) [clearPrompt, clearLimit, clearKind, clearText, clearLink].forEach((clear) => clear());
  }

  const previousPrompt = currentRound(project)?.prompt;
  return (
    <form
      ref={formRef}
      method="post"
      onSubmit={submit}
      noValidate
      className="space-y-4 rounded-xl border border-navy-200 bg-navy-50/50 p-4"
    >
      <TextArea
        ref={promptRef}
        label={first ? 'Essay prompt' : 'Essay prompt (optional)'}
        hint={
          first
            ? 'The question your essay answers, as the college asks it.'
            : `Leave it empty to keep: ${previousPrompt ?? ''}`
        }
        value={prompt}
        onValue={setPrompt}
        max={DELIVERY_LIMITS.prompt}
        error={shown.prompt}
        rows={2}
      />
      <div className="space-y-1">
        <label htmlFor={`${id}-limit`} className="block text-sm font-semibold text-slate-800">
          Word limit (optional)
        </label>
        <p id={`${id}-limit-hint`} className="text-sm text-slate-600">
          The most words the prompt allows. Your draft's word count is shown against it.
        </p>
        <input
          ref={limitRef}
          id={`${id}-limit`}
          name="wordLimit"
          type="text"
          inputMode="numeric"
          autoComplete="off"
          value={limitValue}
          onChange={(e) => setLimit(e.target.value)}
          aria-invalid={shown.wordLimit ? true : undefined}
          aria-describedby={`${id}-limit-hint${shown.wordLimit ? ` ${id}-limit-error` : ''}`}
          className="input max-w-40"
        />
        {shown.wordLimit && (
          <p id={`${id}-limit-error`} className="text-sm font-medium text-red-800">
            {shown.wordLimit}
          </p>
        )}
      </div>
      <fieldset className="space-y-2">
        <legend className="text-sm font-semibold text-slate-800">{first ? 'Your draft' : 'Your revision'}</legend>
        <div className="flex flex-wrap gap-2">
          {KINDS.map((option) => (
            <label
              key={option.kind}
              className="flex min-h-11 cursor-pointer items-center gap-2 rounded-lg border border-slate-300 bg-white px-3 text-sm font-medium has-checked:border-navy-700 has-checked:bg-navy-50"
            >
              <input
                type="radio"
                name={`${id}-kind`}
                value={option.kind}
                checked={kind === option.kind}
                onChange={() => setKind(option.kind)}
                className="size-4 accent-navy-700"
              />
              {option.label}
            </label>
          ))}
        </div>
      </fieldset>
      {kind === 'text' && (
        <TextArea
          ref={textRef}
          label="Draft text"
          value={text}
          onValue={setText}
          max={DELIVERY_LIMITS.text}
          wordCount={wordCountLabel(countWords(text), wordLimit)}
          error={shown.text}
          rows={10}
        />
      )}
      {kind === 'file' && (
        <FileField
          label="Draft file"
          files={files}
          onFiles={setFiles}
          max={1}
          error={shown.file}
          onChoice={() => setErrors(({ file: _, ...rest }) => rest)}
        />
      )}
      {kind === 'link' && (
        <div className="space-y-1">
          <label htmlFor={`${id}-link`} className="block text-sm font-semibold text-slate-800">
            Link to your document
          </label>
          <p id={`${id}-link-hint`} className="text-sm text-slate-600">
            An https:// link your editor can open, such as a shared Google Doc.
          </p>
          <input
            ref={linkRef}
            id={`${id}-link`}
            type="url"
            inputMode="url"
            autoComplete="url"
            value={link}
            onChange={(e) => setLink(e.target.value)}
            aria-invalid={shown.link ? true : undefined}
            aria-describedby={`${id}-link-hint${shown.link ? ` ${id}-link-error` : ''}`}
            className="input"
          />
          {shown.link && (
            <p id={`${id}-link-error`} className="text-sm font-medium text-red-800">
              {shown.link}
            </p>
          )}
        </div>
      )}
      <FormButtons
        label={uploading ? 'Uploading...' : busy ? 'Submitting...' : label}
        disabled={busy || uploading}
        onClose={onCancel}
      />
    </form>
  );
}
