import type { ProjectState } from '../project';
import { STATES } from '../process';
import { stateLabel, type Perspective } from './perspective';

/** The project's state in plain words. */
export function StateBadge({ state, perspective }: { state: ProjectState; perspective: Perspective }) {
  return (
    <span className={`inline-block rounded-full px-2.5 py-0.5 text-xs font-bold ${STATES[state].badge}`}>
      {stateLabel(perspective, state)}
    </span>
  );
}

/** A red 'Late' tag, in words, not colour alone. */
export function LateTag() {
  return <span className="inline-block rounded-full bg-red-700 px-2.5 py-0.5 text-xs font-bold text-white">Late</span>;
}
