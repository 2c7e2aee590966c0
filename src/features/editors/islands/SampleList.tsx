/**
 * 'Sample edits' on an editor's profile: the heading and each approved sample, or nothing while the
 * editor has none. The build renders it into the page; the profile's island loads it only when the
 * live list differs from the build's.
 */
import { sampleTexts, type PublicSample } from '../samples';
import { SampleView } from './SampleView';

export default function SampleList({ samples }: { samples: PublicSample[] }) {
  if (samples.length === 0) return null;
  return (
    <section className="mt-10" aria-labelledby="samples-title">
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
