/**
 * Sample edits: up to two passages an editor shows on their profile with their comments on them, so a
 * family sees how they edit before buying. A passage is the editor's own writing, or a family's given
 * with written consent (a parent's for a student under 18) and anonymised. Our team approves a sample
 * before it is public and can withdraw it. The rules both sides read: limits, states, the words, and
 * the checks that a sample names nobody.
 */
import type { CommentAnchor, EssayBlock } from '#features/essay/essay';
import { anchorOf } from '#features/essay/essay-anchor';
import { textBlocks } from '#features/essay/essay-text';
import { formatCount } from '#lib/numbers';

export const SAMPLE_LIMITS = {
  perEditor: 2,
  title: 80,
  /** Characters of the passage: a Common App essay of 650 words is about 4,000. */
  text: 5000,
  comments: 12,
  comment: 1000,
  /** Characters of the words a comment is on. */
  quote: 300,
  /** Characters of a name in the consent. */
  name: 100,
  /** Bytes of a save's body: every field at its limit, each character up to four bytes. */
  bodyBytes: 96 * 1024,
} as const;

/**
 * Where a sample stands: waiting for our team, on the profile, declined or withdrawn by our team (with
 * the reason the editor reads). An edit by the editor sends it for approval again.
 */
export type SampleState = 'waiting' | 'approved' | 'declined' | 'withdrawn';

/** Whose words the passage is, and for a family's, who consented and when. */
export type SampleSource = 'own' | 'family';
export type ConsentRole = 'parent' | 'student';
export type SampleConsent = {
  /** Who gave the written consent. */
  by: string;
  role: ConsentRole;
  /** The day it was given (YYYY-MM-DD), as the editor states it. */
  givenOn: string;
  /** The student's name, kept for our team alone: the passage and comments must not contain it. */
  student: string;
  /** When the editor recorded it with us. */
  recordedAt: string;
};

type SampleComment = { id: string; anchor: CommentAnchor; text: string };

type SampleEvent = { state: SampleState; at: string; by: 'editor' | 'team'; reason?: string };

/** A sample as kept and as the editor and our team read it. */
export type Sample = {
  id: string;
  title: string;
  blocks: EssayBlock[];
  comments: SampleComment[];
  source: SampleSource;
  consent?: SampleConsent;
  state: SampleState;
  /** Our team's reason for a decline or a withdrawal, which the editor reads. */
  reason?: string;
  updatedAt: string;
  history: SampleEvent[];
};

/**
 * What a family reads on the profile: the passage and the comments, nothing about consent or review;
 * when it was approved tells the page whether the build's copy is still the one shown.
 */
export type PublicSample = Pick<Sample, 'id' | 'title' | 'blocks' | 'comments' | 'source'> & { approvedAt: string };

// An approved sample changes only by being edited, which takes it off the profile until approved again.
export const publicSample = ({ id, title, blocks, comments, source, updatedAt }: Sample): PublicSample => ({
  id,
  title,
  blocks,
  comments,
  source,
  approvedAt: updatedAt,
});

/** A comment as the editor writes it: the words of the passage it is on, and what it says. */
type CommentInput = { quote: string; text: string };

/** What the editor sends to save a sample (a new one without `id`). */
export type SampleInput = {
  id?: string;
  title: string;
  text: string;
  comments: CommentInput[];
  source: SampleSource;
  consent?: Omit<SampleConsent, 'recordedAt'>;
};

export const sampleTexts = {
  heading: 'Sample edits',
  intro: `Show families how you edit: up to ${SAMPLE_LIMITS.perEditor} passages with your comments on them, on your profile page once our team has approved them. Use your own writing, or a family’s with their written consent (a parent’s for a student under 18), with every name and detail that could identify them taken out.`,
  add: 'Add a sample',
  edit: 'Edit',
  remove: 'Delete sample',
  removeAsk: (title: string) => `“${title}” is deleted, and leaves your profile if it is there.`,
  removed: 'Sample deleted.',
  send: 'Send for approval',
  sent: 'Sent. Our team reads it before it is on your profile.',
  title: 'Title',
  titleHint: 'For example: A Common App essay about a summer job',
  text: 'The passage',
  textHint: 'Paste the passage as it was before your edit. A line break starts a paragraph.',
  source: 'Whose writing is this?',
  sources: { own: 'My own writing', family: 'A family’s, with their written consent' } as Record<SampleSource, string>,
  consentBy: 'Who gave written consent',
  roles: {
    parent: 'A parent or guardian (the student is under 18)',
    student: 'The student (18 or over)',
  } as Record<ConsentRole, string>,
  role: 'They are',
  givenOn: 'The day they gave it',
  student: 'The student’s name',
  studentHint: 'Kept for our team alone, to check the passage does not name them.',
  comments: 'Your comments',
  quote: (n: number) => `Words of the passage comment ${n} is on`,
  quoteHint: 'Copy them from the passage exactly.',
  comment: (n: number) => `Comment ${n}`,
  addComment: 'Add a comment',
  removeComment: (n: number) => `Remove comment ${n}`,
  none: 'No samples yet.',
  states: {
    waiting: 'Waiting for approval',
    approved: 'On your profile',
    declined: 'Declined by our team',
    withdrawn: 'Taken off your profile by our team',
  } as Record<SampleState, string>,
  fromFamily: 'A family’s essay, shared with their consent and anonymised',
  ownWriting: 'The editor’s own writing',
  /** Our team's panel. */
  review: {
    heading: 'Sample edits',
    waiting: (n: number) =>
      n === 1 ? '1 sample waiting for approval' : `${formatCount(n)} samples waiting for approval`,
    approve: 'Approve',
    decline: 'Decline',
    withdraw: 'Withdraw from the profile',
    reason: 'Reason the editor reads',
    approved: 'Approved: the profile shows it within a few minutes.',
    declined: 'Declined: the editor reads your reason.',
    withdrawn: 'Withdrawn: the profile no longer shows it.',
    consent: (c: SampleConsent, role: string) =>
      `Consent from ${c.by} (${role}) on ${c.givenOn}, recorded ${c.recordedAt.slice(0, 10)}; the student: ${c.student}`,
    empty: 'No sample edits yet.',
  },
} as const;

export const sampleMessages = {
  full: `You can show at most ${SAMPLE_LIMITS.perEditor} samples: delete one to add another.`,
  noSuchSample: 'That sample is not there any more: reload the page.',
  titleNeeded: 'Give the sample a title.',
  noText: 'The passage needs some text.',
  commentIncomplete: 'Each comment needs the words of the passage it is on, and what it says.',
  tooManyComments: `A sample can have at most ${SAMPLE_LIMITS.comments} comments.`,
  noComments: 'Add at least one comment: the sample shows how you edit.',
  quoteMissing: (quote: string) => `“${quote}” is not in the passage: copy the words exactly as they are there.`,
  quoteTwice: (quote: string, times: number) =>
    `“${quote}” appears ${formatCount(times)} times in the passage: add a word or two so it appears once.`,
  consentNeeded: 'A family’s writing needs their written consent: say who gave it, when, and the student’s name.',
  consentFuture: 'The day consent was given cannot be in the future.',
  namesStudent: (name: string) =>
    `The sample contains “${name}”, part of the student’s or the consenting person’s name: take it out before sending.`,
  contactDetails: 'The sample contains an e-mail address, a web address or a phone number: take it out before sending.',
  reasonNeeded: 'Give a reason the editor reads.',
  notWaiting: 'That sample is not waiting for approval any more: reload the page.',
  notPublic: 'That sample is not on the profile: reload the page.',
} as const;

/** E-mail addresses, web addresses and phone numbers (ten digits as (312) 555-0144 is written, or + and digits). */
const CONTACT = [
  /[^\s@]+@[^\s@]+\.[^\s@]+/,
  /\bhttps?:\/\/|\bwww\.|\b[a-z0-9-]+\.(com|org|net|edu|io|co)\b/i,
  /\+\d[\d\s().-]{7,}\d|\(?\b\d{3}\)?[\s.-]?\d{3}[\s.-]\d{4}\b/,
];

/** Whole-word parts of names (two letters or more), case-insensitive: what an anonymised text must not contain. */
function namePartIn(text: string, names: readonly string[]): string | null {
  const words = new Set(text.toLowerCase().match(/\p{L}[\p{L}'’-]*/gu) ?? []);
  for (const name of names)
    for (const part of name.toLowerCase().match(/\p{L}[\p{L}'’-]*/gu) ?? [])
      if (part.length >= 2 && words.has(part)) return part;
  return null;
}

/** The one place `quote` is in the blocks, or why it cannot be commented on. */
function anchorOfQuote(blocks: EssayBlock[], quote: string): CommentAnchor | string {
  const places: { block: number; start: number }[] = [];
  blocks.forEach(({ text }, block) => {
    for (let at = text.indexOf(quote); at !== -1; at = text.indexOf(quote, at + 1)) places.push({ block, start: at });
  });
  if (places.length === 0) return sampleMessages.quoteMissing(quote);
  if (places.length > 1) return sampleMessages.quoteTwice(quote, places.length);
  const [{ block, start }] = places;
  return anchorOf(blocks, block, start, start + quote.length) ?? sampleMessages.quoteMissing(quote);
}

/** A checked sample's passage and comments, or the first thing wrong with it, in words the editor acts on. */
export type CheckedSample = { blocks: EssayBlock[]; comments: { anchor: CommentAnchor; text: string }[] };

/**
 * Checks what the editor sent against the rules a schema cannot state: the passage as blocks, each
 * comment on words that are in it once, a family's writing with consent given by today, and nothing
 * in it that names the student or the consenting person or gives contact details. `today` is
 * YYYY-MM-DD.
 */
export function checkSample(input: SampleInput, today: string): CheckedSample | { error: string } {
  const blocks = textBlocks(input.text);
  if (blocks.length === 0) return { error: sampleMessages.noText };
  if (input.comments.length === 0) return { error: sampleMessages.noComments };
  if (input.comments.length > SAMPLE_LIMITS.comments) return { error: sampleMessages.tooManyComments };
  const comments: CheckedSample['comments'] = [];
  for (const { quote, text } of input.comments) {
    const anchor = anchorOfQuote(blocks, quote.replace(/\s+/g, ' ').trim());
    if (typeof anchor === 'string') return { error: anchor };
    comments.push({ anchor, text: text.trim() });
  }
  const written = [input.title, ...blocks.map((b) => b.text), ...comments.map((c) => c.text)].join('\n');
  if (input.source === 'family') {
    const consent = input.consent;
    if (!consent) return { error: sampleMessages.consentNeeded };
    if (consent.givenOn > today) return { error: sampleMessages.consentFuture };
    const named = namePartIn(written, [consent.student, consent.by]);
    if (named) return { error: sampleMessages.namesStudent(named) };
  }
  if (CONTACT.some((pattern) => pattern.test(written))) return { error: sampleMessages.contactDetails };
  return { blocks, comments };
}

/** Comment ids by their place in the sample: the same on a retry, so a save of nothing new is seen as such. */
export function commentIds() {
  let n = 0;
  return () => `c${++n}`;
}

/** The sample made from a checked input: sent for approval, its history carried on. */
export function submittedSample(
  input: SampleInput,
  checked: CheckedSample,
  ids: { sample: string; comment: () => string },
  now: Date,
  before?: Sample,
): Sample {
  const at = now.toISOString();
  return {
    id: ids.sample,
    title: input.title.trim(),
    blocks: checked.blocks,
    comments: checked.comments.map((c) => ({ id: ids.comment(), ...c })),
    source: input.source,
    ...(input.source === 'family' && input.consent && { consent: { ...input.consent, recordedAt: at } }),
    state: 'waiting',
    updatedAt: at,
    history: [...(before?.history ?? []), { state: 'waiting', at, by: 'editor' }],
  };
}

/** Our team's decisions on a sample, from the states they may be taken in. */
export const SAMPLE_DECISIONS = {
  approve: { from: ['waiting'], to: 'approved' },
  decline: { from: ['waiting'], to: 'declined' },
  withdraw: { from: ['approved'], to: 'withdrawn' },
} as const satisfies Record<string, { from: readonly SampleState[]; to: SampleState }>;
export type SampleDecision = keyof typeof SAMPLE_DECISIONS;

/** A decision needs a reason the editor reads, but an approval. */
export const needsReason = (decision: SampleDecision) => decision !== 'approve';

/** Samples for our team's review: those waiting first, then the latest changed. */
export const waitingFirst = <T extends Pick<Sample, 'state' | 'updatedAt'>>(samples: readonly T[]) =>
  [...samples].sort(
    (a, b) => Number(b.state === 'waiting') - Number(a.state === 'waiting') || b.updatedAt.localeCompare(a.updatedAt),
  );
