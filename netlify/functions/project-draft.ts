/**
 * GET /api/projects/:id/drafts/:round: one round's draft as text to read in the page, with its words
 * counted against the family's limit, for whoever may see the project (404 for anyone else and for
 * a round that does not exist). Once the family cancelled or withdrew, its editor reads no uploaded
 * draft, as with the file itself.
 */
import type { Config } from '@netlify/functions';
import { deliveryMessages, filesClosedTo } from '#features/projects/process';
import { draftRoundSchema } from '#features/essay/essay.schema';
import { authenticate } from '#server/core/auth';
import { HttpError, parse, privateJson, route } from '#server/core/http';
import { callersProject } from '#features/projects/server/access';
import { draftText } from '#features/essay/server/draft-text';

export default route({
  GET: async (req, context) => {
    const caller = await authenticate(req, context);
    const { project, roles } = await callersProject(caller, context);
    const n = parse(draftRoundSchema, context.params.round);
    const round = project.rounds.find((r) => r.n === n);
    if (!round) throw new HttpError(404, 'Draft not found');
    if (round.draft.kind === 'file' && filesClosedTo(project.state, roles)) {
      throw new HttpError(403, deliveryMessages.filesClosed(project.state));
    }
    return privateJson(await draftText(project, round, context));
  },
});

export const config: Config = { path: '/api/projects/:id/drafts/:round' };
