/**
 * The form of one sample edit: its title, the passage as it was before the edit, whose writing it is
 * (and for a family's, who consented and when, and the student's name, kept for our team), and the
 * comments, each on words copied from the passage. The rules the server applies are checked here
 * first, with the same words; what was typed stays when a save is refused or fails.
 */
import { useId, useRef, useState, type FormEvent } from 'react';
import { signedInFetch } from '#stores/session';
import { TextArea } from '../../projects/islands/TextArea';
import { Field } from '../../../islands/shared/Field';
import {
  checkSample,
  SAMPLE_LIMITS,
  sampleMessages,
  sampleTexts,
  type ConsentRole,
  type Sample,
  type SampleInput,
  type SampleSource,
} from '../samples';

type Row = { key: number; quote: string; text: string };

let rowKeys = 0;
const row = (quote = '', text = ''): Row => ({ key: ++rowKeys, quote, text });

/** The passage as the editor typed it: its paragraphs, one a line. */
const textOf = (sample: Sample) => sample.blocks.map((block) => block.text).join('\n');

export default function SampleForm({
  id,
  sample,
  onSaved,
  onCancel,
}: {
  id: string;
  sample: Sample | null;
  onSaved: (samples: Sample[]) => void;
  onCancel: () => void;
}) {
  const uid = useId();
  const alert = useRef<HTMLParagraphElement>(null);
  const [title, setTitle] = useState(sample?.title ?? '');
  const [text, setText] = useState(sample ? textOf(sample) : '');
  const [source, setSource] = useState<SampleSource>(sample?.source ?? 'own');
  const [consent, setConsent] = useState({
    by: sample?.consent?.by ?? '',
    role: sample?.consent?.role ?? ('parent' as ConsentRole),
    givenOn: sample?.consent?.givenOn ?? '',
    student: sample?.consent?.student ?? '',
  });
  const [rows, setRows] = useState<Row[]>(() =>
    sample ? sample.comments.map((c) => row(c.anchor.quote, c.text)) : [row()],
  );
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);

  const input = (): SampleInput & { id: string } => ({
    id,
    title,
    text,
    source,
    comments: rows.map(({ quote, text }) => ({ quote, text })),
    ...(source === 'family' && { consent }),
  });

  /** What the server would refuse first, in its words; '' when nothing is. */
  function problem(): string {
    if (title.trim() === '') return sampleMessages.titleNeeded;
    if (rows.some((r) => r.quote.trim() === '' || r.text.trim() === '')) return sampleMessages.commentIncomplete;
    if (source === 'family' && Object.values(consent).some((v) => v.trim() === '')) return sampleMessages.consentNeeded;
    const checked = checkSample(input(), new Date().toISOString().slice(0, 10));
    return 'error' in checked ? checked.error : '';
  }

  const refuse = (message: string) => {
    setError(message);
    // After the render that shows it: the alert is read, and the editor starts from there.
    requestAnimationFrame(() => alert.current?.focus());
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    const found = problem();
    if (found) return refuse(found);
    setBusy(true);
    setError('');
    const result = await signedInFetch<{ samples: Sample[] }>('/api/editor/samples', { method: 'PUT', body: input() });
    setBusy(false);
    if (!result.ok) return refuse(`${result.error} Your sample is still here; try again.`);
    onSaved(result.data.samples);
  }

  const changeRow = (key: number, change: Partial<Row>) =>
    setRows((all) => all.map((r) => (r.key === key ? { ...r, ...change } : r)));

  return (
    <form
      method="post"
      noValidate
      onSubmit={submit}
      aria-labelledby={`${uid}-heading`}
      className="space-y-4 rounded-lg border border-slate-200 bg-slate-50 p-3"
    >
      <h3 id={`${uid}-heading`} className="font-semibold text-navy-900">
        {sample ? `${sampleTexts.edit}: ${sample.title}` : sampleTexts.add}
      </h3>
      {error && (
        <p ref={alert} tabIndex={-1} role="alert" className="text-sm font-medium text-red-800">
          {error}
        </p>
      )}
      <Field id={`${uid}-title`} label={sampleTexts.title} hint={sampleTexts.titleHint} required>
        {(control) => (
          <input
            {...control}
            className="input"
            value={title}
            maxLength={SAMPLE_LIMITS.title}
            onChange={(e) => setTitle(e.target.value)}
          />
        )}
      </Field>
      <TextArea
        label={sampleTexts.text}
        hint={sampleTexts.textHint}
        value={text}
        onValue={setText}
        max={SAMPLE_LIMITS.text}
        rows={8}
        required
      />
      <fieldset className="space-y-2">
        <legend className="text-sm font-semibold text-slate-800">{sampleTexts.source}</legend>
        {(Object.keys(sampleTexts.sources) as SampleSource[]).map((value) => (
          <label key={value} className="flex min-h-11 items-center gap-2 text-sm text-slate-800">
            <input
              type="radio"
              name={`${uid}-source`}
              value={value}
              checked={source === value}
              onChange={() => setSource(value)}
            />
            {sampleTexts.sources[value]}
          </label>
        ))}
      </fieldset>
      {source === 'family' && (
        <fieldset className="space-y-3 rounded-lg border border-slate-200 bg-white p-3">
          <legend className="px-1 text-sm font-semibold text-slate-800">Their written consent</legend>
          <Field id={`${uid}-by`} label={sampleTexts.consentBy} required>
            {(control) => (
              <input
                {...control}
                className="input"
                value={consent.by}
                maxLength={SAMPLE_LIMITS.name}
                onChange={(e) => setConsent({ ...consent, by: e.target.value })}
              />
            )}
          </Field>
          <fieldset className="space-y-1">
            <legend className="text-sm font-semibold text-slate-800">{sampleTexts.role}</legend>
            {(Object.keys(sampleTexts.roles) as ConsentRole[]).map((value) => (
              <label key={value} className="flex min-h-11 items-center gap-2 text-sm text-slate-800">
                <input
                  type="radio"
                  name={`${uid}-role`}
                  value={value}
                  checked={consent.role === value}
                  onChange={() => setConsent({ ...consent, role: value })}
                />
                {sampleTexts.roles[value]}
              </label>
            ))}
          </fieldset>
          <Field id={`${uid}-on`} label={sampleTexts.givenOn} required>
            {(control) => (
              <input
                {...control}
                type="date"
                className="input"
                value={consent.givenOn}
                onChange={(e) => setConsent({ ...consent, givenOn: e.target.value })}
              />
            )}
          </Field>
          <Field id={`${uid}-student`} label={sampleTexts.student} hint={sampleTexts.studentHint} required>
            {(control) => (
              <input
                {...control}
                className="input"
                value={consent.student}
                maxLength={SAMPLE_LIMITS.name}
                onChange={(e) => setConsent({ ...consent, student: e.target.value })}
              />
            )}
          </Field>
        </fieldset>
      )}
      <fieldset className="space-y-3">
        <legend className="text-sm font-semibold text-slate-800">{sampleTexts.comments}</legend>
        {rows.map((r, i) => (
          <div key={r.key} className="space-y-2 rounded-lg border border-amber-300 bg-white p-3">
            <Field id={`${uid}-quote-${r.key}`} label={sampleTexts.quote(i + 1)} hint={sampleTexts.quoteHint} required>
              {(control) => (
                <input
                  {...control}
                  className="input"
                  value={r.quote}
                  maxLength={SAMPLE_LIMITS.quote}
                  onChange={(e) => changeRow(r.key, { quote: e.target.value })}
                />
              )}
            </Field>
            <TextArea
              label={sampleTexts.comment(i + 1)}
              value={r.text}
              onValue={(value) => changeRow(r.key, { text: value })}
              max={SAMPLE_LIMITS.comment}
              rows={3}
              required
            />
            {rows.length > 1 && (
              <button
                type="button"
                className="min-h-11 text-sm font-semibold text-red-800 underline"
                onClick={() => setRows((all) => all.filter((other) => other.key !== r.key))}
              >
                {sampleTexts.removeComment(i + 1)}
              </button>
            )}
          </div>
        ))}
        {rows.length < SAMPLE_LIMITS.comments && (
          <button
            type="button"
            className="btn-outline min-h-11 text-sm"
            onClick={() => setRows((all) => [...all, row()])}
          >
            {sampleTexts.addComment}
          </button>
        )}
      </fieldset>
      <div className="flex flex-col gap-2 sm:flex-row">
        <button type="submit" className="btn-primary" disabled={busy}>
          {busy ? 'Sending...' : sampleTexts.send}
        </button>
        <button type="button" className="btn-outline" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}
