/**
 * POST /api/project-files/:id: one file for a project's next draft (its family) or feedback (its
 * editor), as the raw request body with its name in `X-File-Name`. A .docx, .pdf, .txt or .rtf of at
 * most 5 MB, named so and judged by its bytes; answers 201 with the file, which the step that uses it then names.
 * An upload no step uses is deleted a day later, so a failed step leaves nothing behind.
 */
import type { Config } from '@netlify/functions';
import { type ProjectAction, type Role } from '#features/projects/project';
import { DELIVERY_LIMITS, deliveryMessages, fileMessages, refusal, whoMay } from '#features/projects/process';
import { DAY_MS } from '#lib/time';
import { authenticate } from '#server/core/auth';
import { callersProject } from '#features/projects/server/access';
import { namedKind, projectFilesRepo, safeFileName, sniffProjectFile } from '#features/essay/server/files';
import { convertUpload } from '#features/essay/server/draft-text';
import { spend } from '#server/core/rate-limits';
import { timersRepo } from '#server/core/timers';
import { HttpError, json, readBytes, route } from '#server/core/http';

function fileName(req: Request): string {
  try {
    return decodeURIComponent(req.headers.get('x-file-name') ?? '');
  } catch {
    return '';
  }
}

export default route({
  POST: async (req, context) => {
    const caller = await authenticate(req, context);
    await spend('upload', caller.uid, context);
    const { project, roles } = await callersProject(caller, context);
    // The family (parent or invited student) uploads for a draft it may submit, the editor for feedback it may return.
    const FOR: Partial<Record<Role, ProjectAction>> = { customer: 'submit', student: 'submit', editor: 'return' };
    const canUpload = roles.some((role) => FOR[role] && !refusal(project, FOR[role], role));
    if (!canUpload) {
      const party = roles.some((role) => FOR[role]);
      const who = whoMay(Object.keys(FOR) as Role[]);
      throw new HttpError(party ? 409 : 403, party ? fileMessages.notNow : deliveryMessages.onlyBy(who));
    }
    const bytes = await readBytes(req, DELIVERY_LIMITS.fileBytes, new HttpError(413, fileMessages.tooLarge));
    if (bytes.byteLength === 0) throw new HttpError(400, fileMessages.empty);
    // The name says the type and the bytes must be of it: a text file named .pdf is refused.
    const named = namedKind(fileName(req));
    const kind = sniffProjectFile(bytes);
    if (!named || !kind) throw new HttpError(400, fileMessages.wrongType);
    if (kind !== named) throw new HttpError(400, fileMessages.notItsType(named));
    const now = new Date();
    const file = await projectFilesRepo(context).save(project.id, bytes, {
      name: safeFileName(fileName(req), kind),
      kind,
      bytes: bytes.byteLength,
      uploadedBy: caller.uid,
      uploadedAt: now.toISOString(),
    });
    await timersRepo(context).schedule(new Date(now.getTime() + DAY_MS), project.id, 'file', file.id);
    // A family's draft is converted now, after its clean-up timer is set: a failure here leaves nothing
    // the timer does not remove, and the draft endpoint converts a draft whose text is missing.
    if (roles.some((role) => FOR[role] === 'submit')) await convertUpload(project.id, file.id, bytes, kind, context);
    return json(file, { status: 201, headers: { 'Cache-Control': 'no-store' } });
  },
});

export const config: Config = { path: '/api/project-files/:id' };
