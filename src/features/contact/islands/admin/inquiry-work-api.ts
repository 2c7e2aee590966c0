/** The inquiry's work panel's calls: a note, a reply, its owner; and the team it may be given to. */
import type { InquiryItem } from '#lib/admin-lists';
import { signedInFetch } from '#stores/session';

/** Who may look after an inquiry: the team as GET /api/admin/staff answers it, their addresses alone. */
export const TEAM_PATH = '/api/admin/staff';
export interface TeamAddresses {
  members: { email: string }[];
}

const post = (body: unknown) => signedInFetch<InquiryItem>('/api/admin/inquiries', { method: 'POST', body });

export const addNote = (id: string, requestId: string, text: string) => post({ id, action: 'note', requestId, text });
export const sendReply = (id: string, requestId: string, text: string) =>
  post({ id, action: 'reply', requestId, text });
export const setOwner = (id: string, owner: string | null) => post({ id, action: 'owner', owner });
