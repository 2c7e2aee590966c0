import { useCallback, useState } from 'react';
import type { ProjectView } from '../project';

/**
 * A list of projects as loaded, with each project replaced by the newer copy a step answered, until
 * the list is loaded again.
 */
export function useProjectList(loaded: ProjectView[] | null) {
  const [changed, setChanged] = useState<Record<string, ProjectView>>({});
  const [base, setBase] = useState(loaded);
  if (loaded !== base) {
    // A fresh list supersedes what steps answered before it (React's "adjust state on prop change").
    setBase(loaded);
    setChanged({});
  }
  const update = useCallback((project: ProjectView) => setChanged((all) => ({ ...all, [project.id]: project })), []);
  const projects =
    loaded?.map((p) => (changed[p.id] && changed[p.id].updatedAt >= p.updatedAt ? changed[p.id] : p)) ?? null;
  return { projects, update };
}
