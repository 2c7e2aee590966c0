/**
 * A recent graduate's application to edit for us, and its way through our team's pipeline: new,
 * interviewing, then accepted (which makes them an editor, hidden until ready, and invites them) or
 * declined (with a note the applicant is mailed). No zod: the admin's tab reads these too.
 */

export const APPLICATION_PATH = '/become-an-editor';
export const APPLICATION_SENT_PATH = '/application-sent';

export const APPLICATION_STAGES = ['new', 'interviewing', 'accepted', 'declined'] as const;
export type ApplicationStage = (typeof APPLICATION_STAGES)[number];
export const stageLabel: Record<ApplicationStage, string> = {
  new: 'New',
  interviewing: 'Interviewing',
  accepted: 'Accepted',
  declined: 'Declined',
};

/** The stages our team moves an application to from each. */
export const NEXT_STAGES: Record<ApplicationStage, readonly ApplicationStage[]> = {
  new: ['interviewing', 'accepted', 'declined'],
  interviewing: ['accepted', 'declined'],
  accepted: [],
  declined: [],
};

/** How much each field may hold; the writing sample has a floor too, so there is something to read. */
export const APPLICATION_LIMITS = {
  name: 100,
  college: 120,
  major: 120,
  scores: 200,
  activities: 2000,
  writingSample: 6000,
  writingSampleMin: 300,
  capacityMin: 1,
  capacityMax: 20,
  declineNote: 1000,
} as const;

/** The first graduation year we take, and the last (students who finish next year). */
export const graduationYears = (now = new Date()) => {
  const last = now.getUTCFullYear() + 1;
  return Array.from({ length: 8 }, (_, i) => last - i);
};

export const APPLICATION_FIELD_LABELS = {
  name: 'Full name',
  email: 'Email',
  college: 'College',
  major: 'Major',
  graduationYear: 'Graduation year',
  scores: 'Test scores',
  activities: 'Activities',
  writingSample: 'Writing sample',
  capacity: 'Students you can take at once',
} as const;

export interface Application {
  name: string;
  email: string;
  college: string;
  major: string;
  graduationYear: number;
  scores: string;
  activities: string;
  writingSample: string;
  capacity: number;
}

interface StageChange {
  stage: ApplicationStage;
  at: string;
  /** Our team's address, or 'applicant' for the application itself. */
  by: string;
  note?: string;
}

export interface ApplicationRecord extends Application {
  receivedAt: string;
  stage: ApplicationStage;
  /** Every stage it was in, oldest first: the first is its arrival. */
  history: StageChange[];
  /** The editor made from it, once accepted. */
  editorId?: string;
}

/** An application as the admin's list shows it: its key and the record. */
export interface ApplicationItem extends ApplicationRecord {
  key: string;
}

export const applicationTexts = {
  notSent: 'Your application has not been sent yet',
  backToForm: 'Back to the application',
  failed: 'There was an error sending your application. Please try again.',
  /** Fixed words: the address has confirmed nothing, so nothing typed in the form is mailed to it. */
  received: 'We have your application to edit for us',
  declinedSubject: `Your application to edit for us`,
  noteRequired: 'note: say why, in words the applicant will read',
  notNext: (from: ApplicationStage, to: ApplicationStage) =>
    `stage: an application ${stageLabel[from].toLowerCase()} cannot be moved to ${stageLabel[to].toLowerCase()}`,
  alreadyEditor: (name: string) => `${name} already signs in with this address: an editor cannot apply twice`,
} as const;
