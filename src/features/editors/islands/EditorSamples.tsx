/**
 * The profile's sample edits as the build rendered them (the children, static HTML), checked against
 * the live list once in view: a sample approved or withdrawn since the build replaces them, and only
 * then is the view loaded. A failed read leaves the built ones.
 */
import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import { apiFetch } from '#client/api';
import type { PublicSample } from '../samples';

const SampleList = lazy(() => import('./SampleList'));

/** Which samples, as approved when: equal keys show the same samples. */
export const samplesKey = (samples: Pick<PublicSample, 'id' | 'approvedAt'>[]) =>
  samples.map((sample) => `${sample.id}@${sample.approvedAt}`).join(' ');

export default function EditorSamples({
  editorId,
  builtKey,
  children,
}: {
  editorId: string;
  builtKey: string;
  children?: ReactNode;
}) {
  const [live, setLive] = useState<PublicSample[] | null>(null);
  useEffect(() => {
    let stale = false;
    void apiFetch<PublicSample[]>(`/api/database/samples?editor=${encodeURIComponent(editorId)}`).then(
      (result) => result.ok && !stale && samplesKey(result.data) !== builtKey && setLive(result.data),
    );
    return () => {
      stale = true;
    };
  }, [editorId, builtKey]);
  // A box of its own, even empty, for the island to be seen scrolled to.
  return (
    <div data-samples>
      {live ? (
        <Suspense fallback={children}>
          <SampleList samples={live} />
        </Suspense>
      ) : (
        children
      )}
    </div>
  );
}
