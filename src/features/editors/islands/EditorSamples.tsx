/**
 * 'Sample edits' on an editor's profile: the approved samples the build rendered into the page, then
 * the live ones (a sample approved or withdrawn since the build), read once the section is in view.
 * A failed read leaves the built ones. Nothing at all while the editor has none.
 */
import { useEffect, useState } from 'react';
import { apiFetch } from '#client/api';
import { sampleTexts, type PublicSample } from '../samples';
import { SampleView } from './SampleView';

export default function EditorSamples({ editorId, built }: { editorId: string; built: PublicSample[] }) {
  const [samples, setSamples] = useState(built);
  useEffect(() => {
    let stale = false;
    void apiFetch<PublicSample[]>(`/api/database/samples?editor=${encodeURIComponent(editorId)}`).then(
      (result) => result.ok && !stale && setSamples(result.data),
    );
    return () => {
      stale = true;
    };
  }, [editorId]);
  if (samples.length === 0) return null;
  return (
    <section className="mt-10" aria-labelledby="samples-title" data-samples>
      <h2 id="samples-title" className="font-serif text-2xl font-bold text-navy-900">
        {sampleTexts.heading}
      </h2>
      <div className="mt-4 space-y-6">
        {samples.map((sample) => (
          <SampleView key={sample.id} sample={sample} />
        ))}
      </div>
    </section>
  );
}
