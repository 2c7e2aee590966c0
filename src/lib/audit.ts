/**
 * The audit log of admin actions and the owner's "needs you" list: what an entry looks like to the
 * admin area. Without zod, so the admin island can use it.
 */

/**
 * The names the log and the owner's list know, registered by the features that use them: each feature
 * keeps its actions, subjects and notices with the words the admin reads in its own rules (e.g.
 * `EDITOR_AUDIT` in features/editors/editor-audit.ts) and adds their names here with
 * `declare module '#lib/audit' { interface AuditActionRegistry extends Registered<...> {} }`. The admin
 * feature puts the words together (features/admin/audit-words.ts), held by the type checker to every
 * name registered. The log itself knows none of them.
 */
/** @public The actions, filled by the features' declarations. */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- the features extend it
export interface AuditActionRegistry {}
/** @public What actions are about, filled by the features' declarations. */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- the features extend it
export interface AuditSubjectRegistry {}
/** @public The owner's notices, filled by the features' declarations. */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- the features extend it
export interface AttentionKindRegistry {}

/** What a feature adds to a registry: the names of its table of words. */
export type Registered<Table> = { [Name in keyof Table]: true };

export type AuditAction = Extract<keyof AuditActionRegistry, string>;
export type AuditSubjectKind = Extract<keyof AuditSubjectRegistry, string>;
export type AttentionKind = Extract<keyof AttentionKindRegistry, string>;

export interface AuditSubject {
  kind: AuditSubjectKind;
  id: string;
}

/** A changed field's values are kept short: a bio or a message is recognised by its start. */
export const AUDIT_VALUE_MAX = 120;
export type AuditValue = string | number | boolean | null;
export type AuditFields = Record<string, AuditValue>;

/**
 * One entry as the admin reads it. `confirmed` is false for an action asked for whose outcome the
 * log could not record: it may or may not have landed (docs/decisions/042-audit-log.md).
 */
export interface AuditEntry {
  id: string;
  at: string;
  /** The admin's address: never shown outside the admin area. */
  by: string;
  action: AuditAction;
  subject: AuditSubject;
  /** Only the fields that changed; null before a creation and after a deletion. */
  before: AuditFields | null;
  after: AuditFields | null;
  confirmed: boolean;
}

/** An entry as GET /api/admin/audit answers it: with the words of its action, and its subject's name when known. */
export interface AuditItem extends AuditEntry {
  label: string;
  /** 'Inquiry from Riley Brooks': read from the subject's record as it is now, never kept in the entry. */
  subjectName?: string;
}

/**
 * Something the owner must hear of: a family cancelled and was refunded by itself, a project was
 * cancelled with its account (closed by the family, or by our team on a request), a refund failed, or
 * an editor closed their account (no order: `orderId` absent).
 */
export interface AttentionItem {
  id: string;
  at: string;
  kind: AttentionKind;
  orderId?: string;
  text: string;
  seen: boolean;
}
