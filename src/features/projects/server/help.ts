/**
 * The owner hears of each request for help with feedback (HELP_PROMISE), once per round however
 * often this runs: the request, then the timer that checks on it. Our team decides on the project.
 */
import type { Project } from '../project';
import { currentRound } from '../process';
import { tellOwner } from '#server/core/attention';
import type { DeployInfo } from '#server/storage/stores';

export async function tellOwnerOfHelp(project: Project, info?: DeployInfo): Promise<void> {
  const round = currentRound(project);
  if (!round?.help) return;
  const { help } = round;
  await tellOwner(
    {
      id: `help-asked-${project.id}-r${round.n}`,
      at: new Date(help.askedAt),
      kind: 'help-asked',
      orderId: project.orderId,
      subject: `Help asked for: ${project.service.title} on order ${project.orderId}`,
      lines: [
        `${help.by} asked for help with ${project.editor.name}'s feedback on ${project.service.title} for ${project.student.name} (project ${project.id}): ${help.reason}`,
        'Decide on the project in the admin area: a free extra round (reassign it first for another editor), or close the request with a reason; a refund goes through the order.',
      ],
    },
    info,
  );
}
