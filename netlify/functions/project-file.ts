/**
 * GET /api/project-files/:id/:fileId: a draft or feedback file of a project, for its customer, its
 * editor and admins only; always as an attachment with `nosniff`, never rendered inline. A file the
 * project does not use yet is there only for whoever uploaded it; once the family cancelled or
 * withdrew the project, its editor downloads nothing more.
 */
import type { Config } from '@netlify/functions';
import { deliveryMessages, filesClosedTo } from '#features/projects/process';
import { FILE_ID } from '#features/projects/project.schema';
import { authenticate } from '#server/core/auth';
import { callersProject, projectNotFound } from '#features/projects/server/access';
import { attachmentHeader, contentTypeOf, projectFilesRepo } from '#features/essay/server/files';
import { projectFileIds } from '#features/projects/server/remove-draft';
import { HttpError, route } from '#server/core/http';

const fileNotFound = () => new HttpError(404, 'File not found');

/** `attachment; filename="essay.docx"; filename*=UTF-8''...`: the plain form for old clients, the exact one for the rest. */

export default route({
  GET: async (req, context) => {
    const caller = await authenticate(req, context);
    const fileId = context.params.fileId ?? '';
    const { project, roles } = await callersProject(caller, context);
    if (filesClosedTo(project.state, roles)) throw new HttpError(403, deliveryMessages.filesClosed(project.state));
    if (!FILE_ID.test(fileId)) throw fileNotFound();
    const files = projectFilesRepo(context);
    const described = await files.describe(project.id, fileId);
    const used = projectFileIds(project).has(fileId);
    if (!described || (!used && described.uploadedBy !== caller.uid)) throw fileNotFound();
    const bytes = await files.read(project.id, fileId);
    if (!bytes) throw projectNotFound();
    return new Response(bytes, {
      headers: {
        'Content-Type': contentTypeOf(described.kind),
        'Content-Length': String(bytes.byteLength),
        'Content-Disposition': attachmentHeader(described.name),
        'X-Content-Type-Options': 'nosniff',
        'Content-Security-Policy': "default-src 'none'; sandbox",
        'Cache-Control': 'private, no-store',
      },
    });
  },
});

export const config: Config = { path: '/api/project-files/:id/:fileId' };
