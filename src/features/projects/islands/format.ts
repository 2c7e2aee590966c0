/** How times, people and history read on the project pages. */
import type { ProjectEvent, Role } from '../project';
import { RETENTION_WORDS } from '#features/privacy/privacy';
import { numberWord } from '#lib/numbers';
import { AUTO_FINAL_DAYS, AUTO_FINAL_WARNING_DAYS } from '../process';

const dateTimeFormat = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  timeZoneName: 'short',
});

/** 'Mar 3, 2:05 PM EST', in the reader's own time zone. */
export const formatDateTime = (iso: string) => dateTimeFormat.format(new Date(iso));

/** Who wrote or did something, as the reader sees it: their own doings are 'You', others by the name the server gave. */
export const personLabel = (by: Role, name: string, readerRoles: readonly Role[]) =>
  readerRoles.includes(by) ? 'You' : name;

/** What an event in the history says happened; null for events the history does not list. */
export function eventText(event: ProjectEvent): string | null {
  switch (event.type) {
    case 'created':
      return 'Project opened after payment';
    case 'submit':
      return event.note === 'First draft' || !event.note
        ? 'Submitted the first draft'
        : `Submitted ${event.note.toLowerCase()}`;
    case 'acknowledge':
      return 'Acknowledged the draft';
    case 'return':
      return 'Returned feedback';
    case 'finalize':
      return event.by === 'system'
        ? `Became final: ${numberWord(AUTO_FINAL_DAYS)} days after feedback with no new draft`
        : 'Marked it final';
    case 'extend':
      return `Kept it open ${AUTO_FINAL_DAYS} more days`;
    case 'withdraw':
      return 'Withdrew the project';
    case 'cancel':
      return 'Cancelled it with a refund';
    case 'reassign':
      return event.note
        ? `Reassigned ${event.note.charAt(0).toLowerCase()}${event.note.slice(1)}`
        : 'Reassigned to another editor';
    case 'late':
      return 'Feedback is past its due time';
    case 'ack_reminder':
      return 'Reminded the editor to acknowledge the draft';
    case 'auto_final_warning':
      return `Reminded the family: final in ${numberWord(AUTO_FINAL_WARNING_DAYS)} days without a new draft`;
    case 'student_invited':
      return 'Invited the student to work on it';
    case 'student_removed':
      return "Ended the student's access";
    case 'hide-review':
      return 'Took the review off the site';
    case 'publish-review':
      return 'Published the review after reading it';
    case 'review_reminder':
      return 'Reminded to review';
    case 'content_deleted':
      return `Deleted its drafts, files and messages, ${RETENTION_WORDS.projectContent} after it ended`;
    case 'remove-draft':
      return event.note ? `Removed the ${event.note.toLowerCase()}` : 'Removed a draft';
    case 'ask-for-help':
      return 'Asked for help with the feedback';
    case 'grant-round':
      return 'Gave a free extra round';
    case 'close-help':
      return 'Closed the request for help';
    case 'message':
    case 'review':
    case 'reply':
    case 'comment':
    case 'remove-comment':
    case 'mark-comment':
      return null; // the thread, the reviews and the draft's comments show these
  }
}
