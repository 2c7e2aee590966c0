/**
 * An editor's part in the audit log: the actions an admin's changes to editors are recorded as, in the
 * admin's words. Only the admin area loads it.
 */
import type { Registered } from '#lib/audit';

/** The admin actions an admin records in the audit log, and what they are about, in the admin's words. */
export const EDITOR_AUDIT = {
  actions: {
    'editor-created': 'Editor created',
    'editor-changed': 'Editor changed',
    'editor-hidden': 'Editor hidden',
    'editor-shown': 'Editor shown',
    'editor-deleted': 'Editor deleted',
    'editor-invited': 'Editor invited again',
    'sample-approved': 'Sample edit approved',
    'sample-declined': 'Sample edit declined',
    'sample-withdrawn': 'Sample edit withdrawn',
  },
  subjects: {
    editor: 'Editor',
  },
} as const;

declare module '#lib/audit' {
  interface AuditActionRegistry extends Registered<typeof EDITOR_AUDIT.actions> {}
  interface AuditSubjectRegistry extends Registered<typeof EDITOR_AUDIT.subjects> {}
}

/** An editor change named by what it did: hiding and showing are what an owner looks for. */
export function editorChangeAction(
  before: { hidden?: unknown },
  after: { hidden?: unknown },
): keyof typeof EDITOR_AUDIT.actions {
  if (Boolean(before.hidden) === Boolean(after.hidden)) return 'editor-changed';
  return after.hidden ? 'editor-hidden' : 'editor-shown';
}
