/**
 * GET /api/admin/projects (admin): one page of every project, newest first (`?limit=&cursor=`),
 * filtered by `?state=`, `?editor=`, `?late=true` and `?unacknowledged=true` (a draft nobody acknowledged
 * in time; its total then counts the matches), each as an
 * admin sees it. A filter reads only the projects it could match (projects.repo.ts, pageFiltered).
 */
import type { Config } from '@netlify/functions';
import { type Project } from '#features/projects/project';
import { openRound, ROUND_OPEN_STATES, unacknowledged } from '#features/projects/process';
import { projectView } from '#features/projects/view';
import { adminProjectFilterSchema } from '#features/projects/project.schema';
import { requireAdmin } from '#server/core/auth';
import { projectsRepo } from '#features/projects/server/projects.repo';
import { parse, privateJson, route, pageQueryOf } from '#server/core/http';

export default route({
  GET: async (req, context) => {
    await requireAdmin(req, context);
    const url = new URL(req.url);
    const {
      state,
      editor,
      late,
      unacknowledged: waiting,
    } = parse(adminProjectFilterSchema, {
      state: url.searchParams.get('state') ?? undefined,
      editor: url.searchParams.get('editor') ?? undefined,
      late: url.searchParams.get('late') ?? undefined,
      unacknowledged: url.searchParams.get('unacknowledged') ?? undefined,
    });
    const notAcknowledged = waiting === 'true';
    const query = pageQueryOf(url);
    const now = new Date();
    const keep = (project: Project) =>
      (!state || project.state === state) &&
      (!editor || project.editor.id === editor) &&
      (late !== 'true' || Boolean(openRound(project, now)?.late)) &&
      (!notAcknowledged || unacknowledged(project, now));
    // A filter reads the projects it could name: a state's, the states a late round or a waiting draft is in, or an editor's.
    const repo = projectsRepo(context);
    const page = await repo.pageFiltered(
      query,
      { state, editorId: editor, ...((late === 'true' || notAcknowledged) && { states: ROUND_OPEN_STATES }) },
      keep,
    );
    return privateJson({ ...page, items: page.items.map((project) => projectView(project, ['admin'], now)) });
  },
});

export const config: Config = { path: '/api/admin/projects' };
