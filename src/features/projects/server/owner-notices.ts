/**
 * What a project tells the owner of, once each however often this runs (the step, then the timer that
 * checks on it): a request for help with feedback (HELP_PROMISE), once per round; a family review
 * held for our team to read, or one published with an overall score of LOW_REVIEW_SCORE or less; and
 * a round past its due time without feedback (the process's late timer).
 */
import { firstName, type Project, type Round } from '../project';
import { currentRound } from '../process';
import { meanScore, oneDecimal } from '#features/reviews/reviews';
import { holdPhrase } from '#features/reviews/hold-reasons';
import { tellOwner } from '#server/core/attention';
import type { DeployInfo } from '#server/storage/stores';

/** A published review scored this low overall (of 5) is the owner's to read. */
const LOW_REVIEW_SCORE = 2;

async function tellOfHelp(project: Project, info?: DeployInfo) {
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

async function tellOfReview(project: Project, info?: DeployInfo) {
  const { family, held, publishedAt } = project.reviews ?? {};
  if (!family || (!held && !publishedAt)) return;
  const overall = oneDecimal(meanScore(family.scores));
  if (!held && overall > LOW_REVIEW_SCORE) return;
  const whose = `${firstName(project.student.name)}'s family's review of ${project.editor.name} (${project.service.title}, project ${project.id}), ${overall.toFixed(1)} out of 5`;
  await tellOwner(
    held
      ? {
          id: `review-held-${project.id}`,
          at: new Date(held.at),
          kind: 'review-held',
          orderId: project.orderId,
          subject: `Review held for you: ${project.editor.name}, ${overall.toFixed(1)} out of 5`,
          lines: [
            `${whose}, is held: its words carry ${holdPhrase(held.reasons)}.`,
            'Read it in the admin area, under Reviews: publish it, or hide it with a reason the family reads.',
          ],
        }
      : {
          id: `review-low-${project.id}`,
          at: new Date(publishedAt!),
          kind: 'review-low',
          orderId: project.orderId,
          subject: `A low review: ${project.editor.name}, ${overall.toFixed(1)} out of 5`,
          lines: [`${whose}, is published.`, 'Read it in the admin area, under Reviews.'],
        },
    info,
  );
}

/** The round of `project` became late at `at`: the owner hears of it once. */
export async function tellOwnerOfLateRound(project: Project, round: Round, at: Date, info?: DeployInfo) {
  await tellOwner(
    {
      id: `round-late-${project.id}-r${round.n}`,
      at,
      kind: 'round-late',
      orderId: project.orderId,
      subject: `A round is late: ${project.service.title} with ${project.editor.name}`,
      lines: [
        `${project.editor.name}'s feedback on round ${round.n} of ${project.service.title} for ${firstName(project.student.name)} (project ${project.id}) was due ${round.dueAt.slice(0, 16).replace('T', ' ')} UTC and has not come back.`,
        'The family reads that it is late. Message the editor, or reassign the project in the admin area.',
      ],
    },
    info,
  );
}

export async function tellOwnerOfProject(project: Project, info?: DeployInfo): Promise<void> {
  await tellOfHelp(project, info);
  await tellOfReview(project, info);
}
