/**
 * The admin area's lists beyond the SPEC (issue 7): what GET /api/admin/inquiries, /orders,
 * /waitlist and /outbox answer, and what their queries and bodies may hold. Shared by the functions
 * (to parse) and the admin island (to shape requests and read answers).
 */
import { z } from 'zod';
import type { Inquiry } from './schemas';

/** Keys of the append-only stores (inquiries, outbox): ISO time + '-' + 8 hex characters. */
export const TIME_KEY_PATTERN = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z-[0-9a-f]{8}$/;

export const INQUIRY_FILTERS = ['all', 'open', 'handled'] as const;
export type InquiryFilter = (typeof INQUIRY_FILTERS)[number];

/** `?status=` of GET /api/admin/inquiries. */
export const inquiryFilterSchema = z.enum(INQUIRY_FILTERS, { error: 'status must be all, open or handled' }).default('all');

/** PATCH /api/admin/inquiries: mark an inquiry handled, or open again. */
export const inquiryHandledSchema = z.object({
  id: z.string({ error: 'id must be text' }).regex(TIME_KEY_PATTERN, 'id is not an inquiry id'),
  handled: z.boolean({ error: 'handled must be true or false' }),
});

/** An inquiry as the admin reads it: what the family sent, when, and whether someone answered it. */
export interface InquiryItem extends Inquiry {
  id: string;
  receivedAt: string;
  handled: boolean;
  handledAt: string | null;
  /** The preferred editor's current name; null for 'any' or an editor deleted since. */
  preferredEditorName: string | null;
}

/** A waitlist entry (DESIGN §3). */
export interface WaitlistItem {
  email: string;
  editorId: string;
  editorName: string;
  at: string;
}

/** How many people wait for each editor, by editor id (editors nobody waits for are absent). */
export type WaitlistCounts = Record<string, number>;

/** An e-mail the site wrote to its outbox instead of sending it (DESIGN §6). */
export interface OutboxItem {
  id: string;
  from: string;
  to: string[];
  replyTo: string | null;
  subject: string;
  text: string;
  queuedAt: string;
  reason: 'no-smtp' | 'smtp-failed';
  error: string | null;
}
