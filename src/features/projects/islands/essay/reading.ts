/** What the draft view is given: a round's draft to read and, where comments may be made, the steps. */
import type { ProjectAction, Round } from '../../project';

/** How the draft view takes the comment steps: the project's actions and its step runner. */
export interface EssaySteps {
  actions: readonly ProjectAction[];
  run: (action: ProjectAction, body: object) => Promise<boolean>;
  busy: boolean;
}

/** A round's draft to read: `current` is the project's last round, `previous` the one before it, if any. */
export interface DraftReading {
  projectId: string;
  round: Round;
  previous?: Round;
  current: boolean;
  steps?: EssaySteps;
}
