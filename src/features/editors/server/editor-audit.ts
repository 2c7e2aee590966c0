/** What the audit log records of an editor an admin saved. */
import type { AuditedChange } from '#server/core/audit-log';
import { editorChangeAction } from '../editor-audit';

/** An editor saved by an admin: the stored record against the same with the input. */
export const editorChange = (id: string, before: object | null, input: object): AuditedChange => ({
  action: editorChangeAction(before ?? {}, { ...before, ...input }),
  subject: { kind: 'editor', id },
  before,
  after: before && { ...before, ...input },
});
