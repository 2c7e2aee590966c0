/**
 * The editor's sample edits, opened on the workspace: each with where it stands (and our team's reason
 * for a decline or a withdrawal), to add, edit or delete. The form loads when first opened.
 */
import { lazy, Suspense, useState } from 'react';
import { signedInFetch } from '#stores/session';
import { ConfirmDialog } from '../../projects/islands/ConfirmDialog';
import { LoadFailed } from '../../../islands/shared/LoadFailed';
import { useSignedInFetch } from '../../../islands/shared/useSignedInFetch';
import { SAMPLE_LIMITS, sampleTexts, type Sample } from '../samples';
import { samplesSection } from './samples-section';

const SampleForm = lazy(() => import('./SampleForm'));

const SAMPLES_PATH = '/api/editor/samples';
type Editing = { sample: Sample | null; id: string } | null;

export default function SamplesPanel() {
  const { value, reload } = useSignedInFetch<{ samples: Sample[] }>(SAMPLES_PATH);
  const [shown, setShown] = useState<Sample[] | null>(null);
  const [editing, setEditing] = useState<Editing>(null);
  const [said, setSaid] = useState('');
  const [failed, setFailed] = useState('');
  const [busy, setBusy] = useState(false);
  const [deleting, setDeleting] = useState<Sample | null>(null);

  if (value.state !== 'done') return <p role="status">{samplesSection.loading}</p>;
  if (!value.result.ok) {
    return <LoadFailed what="your sample edits" onRetry={() => void reload()} />;
  }
  const samples = shown ?? value.result.data.samples;

  async function remove(sample: Sample) {
    setBusy(true);
    setFailed('');
    const result = await signedInFetch<{ samples: Sample[] }>(SAMPLES_PATH, {
      method: 'DELETE',
      body: { id: sample.id },
    });
    setBusy(false);
    if (!result.ok) {
      setDeleting(null);
      return setFailed(`${result.error} Nothing was deleted; try again.`);
    }
    setShown(result.data.samples);
    setDeleting(null);
    setSaid(sampleTexts.removed);
  }

  return (
    <div className="space-y-4">
      <p className="text-sm text-slate-700">{sampleTexts.intro}</p>
      <p role="status" className="text-sm font-semibold text-slate-800">
        {said}
      </p>
      {failed && (
        <p role="alert" className="text-sm font-medium text-red-800">
          {failed}
        </p>
      )}
      {samples.length === 0 && !editing && <p className="text-sm text-slate-700">{sampleTexts.none}</p>}
      <ul className="space-y-3">
        {samples.map((sample) => (
          <li key={sample.id} className="space-y-2 rounded-lg border border-slate-200 p-3">
            <p className="font-semibold break-words text-navy-900">{sample.title}</p>
            <p className="text-sm text-slate-800">
              {sampleTexts.states[sample.state]}
              {sample.reason && `: ${sample.reason}`}
            </p>
            <div className="flex flex-wrap gap-3">
              <button
                type="button"
                className="btn-outline min-h-11 text-sm"
                disabled={busy}
                onClick={() => setEditing({ sample, id: sample.id })}
                aria-label={`${sampleTexts.edit} “${sample.title}”`}
              >
                {sampleTexts.edit}
              </button>
              <button
                type="button"
                className="min-h-11 text-sm font-semibold text-red-800 underline"
                disabled={busy}
                onClick={() => setDeleting(sample)}
                aria-label={`${sampleTexts.remove} “${sample.title}”`}
              >
                {sampleTexts.remove}
              </button>
            </div>
          </li>
        ))}
      </ul>
      {!editing && samples.length < SAMPLE_LIMITS.perEditor && (
        <button
          type="button"
          className="btn-primary"
          onClick={() => {
            setSaid('');
            setEditing({ sample: null, id: crypto.randomUUID() });
          }}
        >
          {sampleTexts.add}
        </button>
      )}
      {editing && (
        <Suspense fallback={<p role="status">Loading the form...</p>}>
          <SampleForm
            key={editing.id}
            id={editing.id}
            sample={editing.sample}
            onCancel={() => setEditing(null)}
            onSaved={(saved) => {
              setShown(saved);
              setEditing(null);
              setSaid(sampleTexts.sent);
            }}
          />
        </Suspense>
      )}
      {deleting && (
        <ConfirmDialog
          title={`${sampleTexts.remove}?`}
          confirmLabel={sampleTexts.remove}
          cancelLabel="Keep it"
          busy={busy}
          danger
          onConfirm={() => void remove(deleting)}
          onClose={() => setDeleting(null)}
        >
          {sampleTexts.removeAsk(deleting.title)}
        </ConfirmDialog>
      )}
    </div>
  );
}
