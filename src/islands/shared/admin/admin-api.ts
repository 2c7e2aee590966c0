/**
 * The admin area's calls (editors and subscribers, uploads, subscriber status, and the other lists). Every
 * call but the public editors list carries the admin's ID token; the server checks the role on each one.
 */
import { apiFetch, type ApiResult } from '#client/api';
import type { AttentionItem, AuditItem } from '#lib/audit';
import type { PersonSummary } from '#features/privacy/data-export';
import type { ClosurePreview } from '#features/privacy/privacy';
import type { InquiryFilter, InquiryItem, MailKind, OutboxItem, WaitlistCounts, WaitlistItem } from '#lib/admin-lists';
import type { Invitation } from '#features/editors/invitation';
import type { AdminEditor } from '#features/editors/editor-rules';
import type { AvailabilityConflict, ConsultItem } from '#features/consults/consult-rules';
import type { Availability, AvailabilitySettings } from '#features/consults/consult-availability';
import type { ProjectAction, FullProjectView } from '#features/projects/project';
import type { Order } from '#features/orders/order';
import { pageSearch, type Page } from '#lib/paged-list';
import type { EmailSubscriber } from '#lib/schemas';
import type { Editor, EditorInput } from '#features/editors/editor-rules';
import { idToken, signedInFetch, SIGNED_OUT } from '#stores/session';
import { ordersSearch, type OrderFilter } from './order-filters';
import { projectsSearch, type ProjectFilter } from './project-filters';
import type { BackupsStatus } from '#features/admin/backups';
import type { ExportKind, MonthsReport } from '#features/admin/reports';
import type { AdminReview } from '#features/reviews/reviews';
import { reviewsSearch, type ReviewFilter } from './review-filters';
import type { SearchAnswer } from '#features/admin/search';

/** A request whose body or answer is not JSON (a photo, a CSV), with the token; never throws. */
async function rawWithToken(path: string, init: RequestInit = {}): Promise<ApiResult<Response>> {
  const token = await idToken();
  if (!token) return SIGNED_OUT;
  try {
    const res = await fetch(path, { ...init, headers: { ...init.headers, Authorization: `Bearer ${token}` } });
    if (res.ok) return { ok: true, data: res };
    const data = await res.json().catch(() => null);
    return {
      ok: false,
      status: res.status,
      error: typeof data?.error === 'string' ? data.error : `Request failed (${res.status})`,
    };
  } catch {
    return { ok: false, status: 0, error: 'Network error' };
  }
}

const editorPath = (id: string) => `/api/database/editors/${encodeURIComponent(id)}`;

/**
 * The editors list after a write: a query string of its own makes it a separate CDN cache entry, so
 * the admin never sees a copy cached before the purge has reached every edge.
 */

/** What POST /api/admin/orders/:id/refunds takes, but the request id. */
export interface RefundInput {
  amountCents: number;
  reason: string;
  projectIds: string[];
  forProjectIds: string[];
}

export const listEditors = () => apiFetch<Editor[]>(`/api/database/editors?fresh=${Date.now()}`);
/** Every editor with what only the admin sees: hidden ones, sign-in addresses, project counts. */
export const adminEditors = () => signedInFetch<AdminEditor[]>('/api/admin/editors');
/** Every editor, hidden ones too, without their project counts: the choices of a filter or a reassignment. */
export const editorChoices = () => signedInFetch<AdminEditor[]>(`/api/admin/editors?counts=false&fresh=${Date.now()}`);
export const createEditor = (input: EditorInput) =>
  signedInFetch<Editor>('/api/database/editors', { method: 'POST', body: input });
export const updateEditor = (id: string, input: EditorInput) =>
  signedInFetch<Editor>(editorPath(id), { method: 'PUT', body: input });
export const deleteEditor = (id: string) => signedInFetch<null>(editorPath(id), { method: 'DELETE' });
/** Mails the editor a new invitation; the older links stop working. */
export const inviteEditor = (editorId: string) =>
  signedInFetch<Invitation>('/api/admin/editors', { method: 'POST', body: { editorId } });
export const setEditorHidden = (id: string, hidden: boolean) =>
  signedInFetch<AdminEditor>(editorPath(id), { method: 'PATCH', body: { hidden } });

/** Uploads a photo as the raw body; answers its public URL. */
export async function uploadPhoto(file: File): Promise<ApiResult<{ url: string }>> {
  const result = await rawWithToken('/api/uploads', {
    method: 'POST',
    body: file,
    headers: { 'Content-Type': file.type },
  });
  return result.ok ? { ok: true, data: (await result.data.json()) as { url: string } } : result;
}

/** A list's path with one page's parameters and the filters `filter` sets (the empty ones left out). */
function filteredPath(path: string, cursor: string | null, filter: Record<string, string>): string {
  const params = new URLSearchParams(pageSearch(cursor));
  for (const [name, value] of Object.entries(filter)) if (value) params.set(name, value);
  return `${path}?${params}`;
}

export const subscribersPage = (cursor: string | null) =>
  signedInFetch<Page<EmailSubscriber>>(`/api/database/emails${pageSearch(cursor)}`);
/** Every subscriber, unpaged, as `{ id, enabled }`. */
export const allSubscribers = () => signedInFetch<{ id: string; enabled: boolean }[]>('/api/database/emails');
export const setSubscriberEnabled = (id: string, enabled: boolean) =>
  signedInFetch<EmailSubscriber>('/api/database/emails', { method: 'PATCH', body: { id, enabled } });
/** Mails an address that left or never confirmed the link to confirm; it stays as it is until then. */
export const sendSubscriberConfirmation = (id: string) =>
  signedInFetch<EmailSubscriber>('/api/database/emails', { method: 'POST', body: { id } });

/** The subscribers as a CSV file, and the name the server gave it. */
export const subscribersCsv = () => csvFile('/api/database/emails?format=csv', 'subscribers.csv');

export const inquiriesPage = (cursor: string | null, status: InquiryFilter) =>
  signedInFetch<Page<InquiryItem>>(`/api/admin/inquiries${pageSearch(cursor)}&status=${status}`);
export const setInquiryHandled = (id: string, handled: boolean) =>
  signedInFetch<InquiryItem>('/api/admin/inquiries', { method: 'PATCH', body: { id, handled } });
export const ordersPage = (cursor: string | null, filter: OrderFilter) =>
  signedInFetch<Page<Order>>(`/api/admin/orders${ordersSearch(filter, cursor)}`);
/** One order as it is now (the admin may read any): after a refusal or a lost answer to a refund. */
export const getOrder = (id: string) => signedInFetch<Order>(`/api/orders/${encodeURIComponent(id)}`);
/**
 * Refunds part or all of what remains of a paid order, optionally cancelling open projects of it;
 * answers the order with its refunds. `requestId` is the attempt's (refund-form.ts).
 */
export const refundOrder = (id: string, body: RefundInput & { requestId: string }) =>
  signedInFetch<Order>(`/api/admin/orders/${encodeURIComponent(id)}/refunds`, { method: 'POST', body });
export const waitlistCounts = () => signedInFetch<WaitlistCounts>('/api/admin/waitlist/counts');
/** What the outbox is narrowed to: '' for any recipient, any kind. */
export interface OutboxQuery {
  to: string;
  kind: MailKind | '';
}
export const outboxPage = (cursor: string | null, filter: OutboxQuery) =>
  signedInFetch<Page<OutboxItem>>(filteredPath('/api/admin/outbox', cursor, { ...filter }));
/** Sends a kept e-mail again: one refused for good, or whose result is not known. */
export const resendMail = (id: string) =>
  signedInFetch<OutboxItem>('/api/admin/outbox', { method: 'POST', body: { id } });

export const upcomingConsults = () => signedInFetch<{ items: ConsultItem[] }>('/api/admin/consults');
export const cancelConsultAsAdmin = (id: string) =>
  signedInFetch<ConsultItem>(`/api/admin/consults/${encodeURIComponent(id)}`, { method: 'DELETE' });
export const consultAvailability = () => signedInFetch<AvailabilitySettings>('/api/admin/consult-availability');
export const saveConsultAvailability = (availability: Availability, cancelConsults: string[] = []) =>
  signedInFetch<AvailabilitySettings>('/api/admin/consult-availability', {
    method: 'PUT',
    body: { ...availability, cancelConsults },
  });

const projectPath = (id: string) => `/api/projects/${encodeURIComponent(id)}`;
export const projectsPage = (cursor: string | null, filter: ProjectFilter) =>
  signedInFetch<Page<FullProjectView>>(`/api/admin/projects${projectsSearch(filter, cursor)}`);
export const getProject = (id: string) => signedInFetch<FullProjectView>(projectPath(id));
/** One step on a project as the admin (reassign, finalize, withdraw with its reason); answers the project as it is now. */
export const actOnProject = (
  id: string,
  action: Extract<ProjectAction, 'reassign' | 'finalize' | 'withdraw' | 'grant-round' | 'close-help'>,
  body: { version: number; editorId?: string; reason?: string },
) => signedInFetch<FullProjectView>(`${projectPath(id)}/${action}`, { method: 'POST', body });

/** The projects' reviews, both sides' (the editor's private one too), newest project first. */
export const reviewsPage = (cursor: string | null, filter: ReviewFilter) =>
  signedInFetch<Page<AdminReview>>(`/api/admin/reviews${reviewsSearch(filter, cursor)}`);
/** Takes a published review off the site; the family is e-mailed the reason. Answers the project as it is now. */
export const hideReview = (projectId: string, reason: string) =>
  signedInFetch<FullProjectView>(`${projectPath(projectId)}/hide-review`, { method: 'POST', body: { reason } });
/** Publishes a review held for our team; the family and the editor are e-mailed. Answers the project as it is now. */
export const publishReview = (projectId: string) =>
  signedInFetch<FullProjectView>(`${projectPath(projectId)}/publish-review`, { method: 'POST', body: {} });

// Search, the month report and the accountant's exports.

/** A file the server makes (a CSV, a zip), and the name it gave it (`fallback` if none). */
async function csvFile(
  path: string,
  fallback: string,
  init: RequestInit = {},
): Promise<ApiResult<{ file: Blob; filename: string }>> {
  const result = await rawWithToken(path, init);
  if (!result.ok) return result;
  const filename = /filename="([^"]+)"/.exec(result.data.headers.get('content-disposition') ?? '')?.[1] ?? fallback;
  return { ok: true, data: { file: await result.data.blob(), filename } };
}
export const searchAll = (q: string) => signedInFetch<SearchAnswer>(`/api/admin/search?${new URLSearchParams({ q })}`);
export const backupsStatus = () => signedInFetch<BackupsStatus>('/api/admin/backups');
export const monthsReport = (from: string, to: string) =>
  signedInFetch<MonthsReport>(`/api/admin/reports/months?${new URLSearchParams({ from, to })}`);
/** One of the accountant's CSV files for the days `from` to `to`. */
export const exportCsv = (kind: ExportKind, from: string, to: string) =>
  csvFile(`/api/admin/exports/${kind}.csv?${new URLSearchParams({ from, to })}`, `${kind}.csv`);

/** The waitlist in the order people joined: everyone's, or one editor's (`editorId`). */
export const waitlistPage = (cursor: string | null, editorId: string | null) =>
  signedInFetch<Page<WaitlistItem>>(
    `/api/admin/waitlist${pageSearch(cursor)}${editorId ? `&editor=${encodeURIComponent(editorId)}` : ''}`,
  );
export const removeWaitlistEntry = (entry: Pick<WaitlistItem, 'editorId' | 'email'>) =>
  signedInFetch<null>(`/api/admin/waitlist?${new URLSearchParams({ editor: entry.editorId, email: entry.email })}`, {
    method: 'DELETE',
  });
/** The waitlist (everyone's, or one editor's) as a CSV file. */
export const waitlistCsv = (editorId: string | null) =>
  csvFile(`/api/admin/waitlist?format=csv${editorId ? `&editor=${encodeURIComponent(editorId)}` : ''}`, 'waitlist.csv');

// The consults' meeting links and the availability save that may answer the consults on its days off.
/** A 409 of the availability save: the booked consults on the days off, for the admin to cancel or keep. */
export const availabilityConflicts = (result: ApiResult<unknown>): ConsultItem[] | null =>
  !result.ok && result.status === 409 && Array.isArray((result.answer as AvailabilityConflict | undefined)?.conflicts)
    ? (result.answer as AvailabilityConflict).conflicts
    : null;
export const setConsultMeetingLink = (id: string, meetingLink: string) =>
  signedInFetch<ConsultItem>(`/api/admin/consults/${encodeURIComponent(id)}`, {
    method: 'PATCH',
    body: { meetingLink },
  });

/** The audit log, newest first; with `subject`, only the entries about that id. */
/** The audit log's filters: each '' for none. */
export interface AuditQuery {
  subject: string;
  action: string;
  admin: string;
  day: string;
}
export const auditPage = (cursor: string | null, filter: AuditQuery) =>
  signedInFetch<Page<AuditItem>>(filteredPath('/api/admin/audit', cursor, { ...filter }));
/** What the owner was told of (a family's own cancel, a failed refund), and how many are not seen yet. */
export const attentionPage = () =>
  signedInFetch<Page<AttentionItem> & { unseen: number }>(`/api/admin/attention${pageSearch(null)}`);
export const markAttentionSeen = (id: string) =>
  signedInFetch<{ id: string; seen: true }>('/api/admin/attention', { method: 'PATCH', body: { id, seen: true } });

/** A privacy request by mail: what we hold about an address, counted (the lookup is audited). */
export const lookUpPerson = (email: string) =>
  signedInFetch<PersonSummary>('/api/admin/privacy', { method: 'POST', body: { email, action: 'lookup' } });
/** What closing the person's account would do now (the preview they would read themself). */
export const previewClosingPerson = (email: string) =>
  signedInFetch<ClosurePreview>('/api/admin/privacy', { method: 'POST', body: { email, action: 'close-preview' } });
/** Closes the person's account as their own closure does, if it still does what the admin read (audited). */
export const closePersonsAccount = (email: string, reason: string, preview: ClosurePreview) =>
  signedInFetch<{ closed: true; message: string }>('/api/admin/privacy', {
    method: 'POST',
    body: {
      email,
      action: 'close',
      reason,
      endings: preview.endings.map((e) => ({ projectId: e.projectId, refundCents: e.refund?.amountCents ?? 0 })),
    },
  });
/** The same zip the person downloads themself (audited). */
export const exportPerson = (email: string) =>
  csvFile('/api/admin/privacy', 'beacon-data.zip', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, action: 'export' }),
  });
