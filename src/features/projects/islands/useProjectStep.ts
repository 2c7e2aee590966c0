import { useState } from 'react';
import type { ProjectAction, ProjectView } from '../project';
import { stepDone } from './perspective';
import { getProject, takeStep } from './project-api';

export type StepNotice = { kind: 'success' | 'error'; text: string } | null;

/**
 * Takes steps on one project and says how they went. A 409 (the project changed meanwhile, no edits
 * left, a state that no longer allows it) reloads the project, so the page shows what is true now,
 * and shows the server's message. Forms keep what was typed until a step succeeds.
 */
export function useProjectStep(project: ProjectView, onChange: (project: ProjectView) => void) {
  const [busy, setBusy] = useState<ProjectAction | null>(null);
  const [notice, setNotice] = useState<StepNotice>(null);

  /** `done`: what success means, when it depends on more than the action. */
  async function run(action: ProjectAction, body: object, done = stepDone[action] ?? 'Saved.'): Promise<boolean> {
    setBusy(action);
    setNotice(null);
    const result = await takeStep(project.id, action, body);
    if (result.ok) {
      onChange(result.data);
      setNotice({ kind: 'success', text: done });
    } else {
      if (result.status === 409) {
        const fresh = await getProject(project.id);
        if (fresh.ok) onChange(fresh.data);
      }
      setNotice({ kind: 'error', text: result.error });
    }
    setBusy(null);
    return result.ok;
  }

  return { busy, notice, run };
}
