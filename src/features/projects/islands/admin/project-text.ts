/** How the admin's project list words a project's history and edits. */
import type { ProjectEvent } from '#features/projects/project';
import { AUTO_FINAL_DAYS } from '#features/projects/process';

/** What happened, in the past tense, for each kind of history entry. */
export const eventLabel: Record<ProjectEvent['type'], string> = {
  created: 'Created',
  submit: 'Draft submitted',
  acknowledge: 'Acknowledged by the editor',
  return: 'Feedback returned',
  finalize: 'Marked as final',
  extend: `Kept open ${AUTO_FINAL_DAYS} more days`,
  withdraw: 'Withdrawn',
  cancel: 'Cancelled with a refund',
  message: 'Message sent',
  reassign: 'Reassigned',
  late: 'Feedback past due',
  ack_reminder: 'Editor reminded to acknowledge',
  auto_final_warning: 'Customer warned before it becomes final',
  review: 'Reviewed',
  reply: 'Editor answered the review',
  'hide-review': 'Review hidden',
  'publish-review': 'Held review published',
  'remove-draft': 'Draft removed by the family',
  content_deleted: 'Drafts, files and messages deleted at the end of the retention period',
  comment: 'Comment drafted by the editor',
  'remove-comment': 'Comment deleted by the editor',
  'mark-comment': 'Comment marked done or not done',
  'ask-for-help': 'Help with the feedback asked for by the family',
  'grant-round': 'Free extra round given by our team',
  'close-help': 'Request for help closed by our team',
  review_reminder: 'Reminded to review',
  student_invited: 'Student invited by the parent',
  student_removed: "Student's access ended by the parent",
};

/** 'Unlimited' for the Common App essay (null), else the number left. */
export const editsLeftText = (editsLeft: number | null) => (editsLeft === null ? 'Unlimited' : String(editsLeft));
