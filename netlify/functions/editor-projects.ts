/**
 * GET /api/editor/projects: the signed-in editor's inbox: their open projects
 * (`?shelf=done`: finished ones), each with what it means for them now, and their own slots.
 * 403 for anyone who is not an editor.
 */
import type { Config } from '@netlify/functions';
import { projectView } from '#lib/project-view';
import { shelfSchema } from '#lib/delivery.schema';
import { authenticate } from '#server/core/auth';
import { editorOf } from '#server/delivery/access';
import { projectsRepo } from '#server/delivery/projects.repo';
import { HttpError, parse, privateJson, route } from '#server/core/http';

export default route({
  GET: async (req, context) => {
    const caller = await authenticate(req, context);
    const shelf = parse(shelfSchema, new URL(req.url).searchParams.get('shelf') ?? undefined);
    const editor = await editorOf(caller, context);
    if (!editor) throw new HttpError(403, 'Editors only');
    const now = new Date();
    const projects = await projectsRepo(context).listForEditor(editor.id, shelf);
    return privateJson({
      editor: {
        id: editor.id,
        name: editor.name,
        slotsOpen: editor.slotsOpen,
        totalSlots: editor.totalSlots,
        bio: editor.bio ?? '',
      },
      projects: projects.map((project) => projectView(project, ['editor'], now)),
    });
  },
});

export const config: Config = { path: '/api/editor/projects' };
