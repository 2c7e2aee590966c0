/** How times, people and history read on the project pages. */
import type { ProjectEvent, ProjectMessage } from '../../lib/delivery';
import { site } from '../../lib/site';
import type { Perspective } from './perspective';

const dateTimeFormat = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit', timeZoneName: 'short' });

/** 'Mar 3, 2:05 PM EST', in the reader's own time zone. */
export const formatDateTime = (iso: string) => dateTimeFormat.format(new Date(iso));

/** Who wrote or did something, as the reader sees it: their own doings are 'You'. */
export function personLabel(by: ProjectMessage['by'] | ProjectEvent['by'], name: string, reader: Perspective): string {
  if (by === reader) return 'You';
  if (by === 'admin' || by === 'system') return site.name;
  return name;
}

/** What an event in the history says happened; null for events the history does not list. */
export function eventText(event: ProjectEvent): string | null {
  switch (event.type) {
    case 'created':
      return 'Project opened after payment';
    case 'submit':
      return event.note === 'First draft' || !event.note ? 'Submitted the first draft' : `Submitted ${event.note.toLowerCase()}`;
    case 'acknowledge':
      return 'Acknowledged the draft';
    case 'return':
      return 'Returned feedback';
    case 'finalize':
      return event.by === 'system' ? 'Became final: seven days after feedback with no new draft' : 'Marked it final';
    case 'extend':
      return 'Kept it open 7 more days';
    case 'withdraw':
      return 'Withdrew the project';
    case 'cancel':
      return 'Cancelled it with a refund';
    case 'reassign':
      return event.note ? `Reassigned ${event.note.charAt(0).toLowerCase()}${event.note.slice(1)}` : 'Reassigned to another editor';
    case 'late':
      return 'Feedback is past its due time';
    case 'ack_reminder':
      return 'Reminded the editor to acknowledge the draft';
    case 'auto_final_warning':
      return 'Reminded the family: final in two days without a new draft';
    case 'message':
      return null; // the thread shows messages
  }
}
