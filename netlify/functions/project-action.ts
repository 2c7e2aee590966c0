/**
 * POST /api/projects/:id/:action: one step of the delivery workflow, any of `PROJECT_ACTIONS`
 * (submit, acknowledge, return, finalize, message, reassign...), each with its JSON body. Answers the
 * project as the caller now sees it; 403 for a role the step is not for, 404 for strangers, 409 when
 * the state does not allow it or the request was made against an older version.
 */
import type { Config } from '@netlify/functions';
import { z } from '#lib/zod';
import { PROJECT_ACTIONS } from '#features/projects/project';
import { authenticate } from '#server/core/auth';
import { rolesOn } from '#features/projects/server/access';
import { editorOf } from '#features/editors/server/signed-in-editor';
import { takeStep } from '#features/projects/server/steps';
import { viewFor } from '#features/projects/server/view';
import { parse, privateJson, readBody, route } from '#server/core/http';

/** Drafts and notes run to 20,000 characters, up to 4 bytes each. */
const STEP_BODY_LIMIT = 128 * 1024;
const actionSchema = z.enum(PROJECT_ACTIONS, { message: `action must be one of ${PROJECT_ACTIONS.join(', ')}` });

export default route({
  POST: async (req, context) => {
    const caller = await authenticate(req, context);
    const action = parse(actionSchema, context.params.action);
    const body = await readBody(req, z.unknown(), STEP_BODY_LIMIT);
    const project = await takeStep(context.params.id ?? '', action, body, caller, context);
    const editor = await editorOf(caller, context);
    return privateJson(await viewFor(project, rolesOn(project, caller, editor?.id ?? null), context));
  },
});

export const config: Config = { path: '/api/projects/:id/:action' };
