/**
 * GET /api/editor/projects: the signed-in editor's inbox: their open projects
 * (`?shelf=done`: one page of their ended ones, the latest first, `?cursor=` for the next), each with
 * what it means for them now, and their own slots. 403 for anyone who is not an editor.
 */
import type { Config } from '@netlify/functions';
import { projectView } from '#features/projects/view';
import { shelfSchema } from '#features/projects/project.schema';
import { authenticate } from '#server/core/auth';
import { editorOf } from '#features/editors/server/signed-in-editor';
import { projectsRepo } from '#features/projects/server/projects.repo';
import { HttpError, pageQueryOf, parse, privateJson, route } from '#server/core/http';

export default route({
  GET: async (req, context) => {
    const caller = await authenticate(req, context);
    const url = new URL(req.url);
    const shelf = parse(shelfSchema, url.searchParams.get('shelf') ?? undefined);
    const query = pageQueryOf(url);
    const editor = await editorOf(caller, context);
    if (!editor) throw new HttpError(403, 'Editors only');
    const now = new Date();
    const repo = projectsRepo(context);
    const { items: projects, nextCursor } =
      shelf === 'open'
        ? { items: await repo.listForEditor(editor.id, 'open'), nextCursor: null }
        : await repo.pageEnded(editor.id, query);
    return privateJson({
      editor: {
        id: editor.id,
        name: editor.name,
        slotsOpen: editor.slotsOpen,
        totalSlots: editor.totalSlots,
        bio: editor.bio ?? '',
      },
      projects: projects.map((project) => projectView(project, ['editor'], now)),
      nextCursor,
    });
  },
});

export const config: Config = { path: '/api/editor/projects' };
