import { lazy } from 'react';
import { SectionDisclosure } from '../../../islands/shared/SectionDisclosure';
import { samplesSection } from './samples-section';

// Loaded only when the editor opens it: the workspace's first paint carries none of it.
const SamplesPanel = lazy(() => import('./SamplesPanel'));

/** 'My sample edits' on the editor's workspace: a button that opens the panel, which reads them then. */
export function SamplesDisclosure() {
  return (
    <SectionDisclosure
      id="samples"
      heading={samplesSection.heading}
      what={samplesSection.what}
      loading={samplesSection.loading}
      Panel={SamplesPanel}
    />
  );
}
