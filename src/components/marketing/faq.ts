/** The pricing FAQ: rendered as an accordion and published as FAQPage structured data. */
import { ADD_ONS, SERVICES, TURNAROUND_OPTIONS, addOnById } from '#lib/catalogue';
import { AUTO_FINAL_RULE } from '#features/projects/process';
import { formatUsd } from '#lib/money';
import { CANCELLATION_POLICY } from '#lib/refunds';
import { ACTIVE_SLOTS_RULE, FULL_EDITOR_RULE } from './policies';

export interface FaqItem {
  question: string;
  answer: string;
}

const speed = ADD_ONS.filter((a) => a.id !== 'community');
const standard = TURNAROUND_OPTIONS.find((o) => o.id === 'standard')!;
const community = addOnById('community')!;
const editsRule = SERVICES.map((s) => `${s.title}: ${s.note.charAt(0).toLowerCase()}${s.note.slice(1)}`).join('; ');

export const FAQ: readonly FaqItem[] = [
  { question: 'What is an active slot?', answer: ACTIVE_SLOTS_RULE },
  { question: 'What happens when my editor is full?', answer: FULL_EDITOR_RULE },
  {
    question: 'How do the speed upgrades work?',
    answer:
      `Standard turnaround (${standard.label.replace('Standard ', '')}) is free. ` +
      `The upgrades cost ${speed.map((a) => `${formatUsd(a.priceCents)} (${a.title})`).join(' and ')}. ` +
      'You buy an upgrade once and it applies to every edit of your whole application process, including all ' +
      'future orders. Switching editors keeps your speed upgrade; an overflow surcharge does not carry over.',
  },
  { question: 'What is your cancellation policy?', answer: CANCELLATION_POLICY },
  { question: 'How many rounds of edits are included?', answer: `${editsRule}. ${AUTO_FINAL_RULE}` },
  {
    question: 'What does the community include?',
    answer:
      `For a one-time ${formatUsd(community.priceCents)} you get lifetime access to our private Discord server: ` +
      'unlimited quick questions of up to 250 characters, weekly Ask a Grad sessions with our editors, and a ' +
      'network of applicants going through the same process.',
  },
  {
    question: 'How soon will I hear from my editor?',
    answer:
      'Submit your first draft on your dashboard (paste it, upload a file or share a link). Your editor reaches out ' +
      "within 24 hours of it in the project's thread, where you can arrange a short introductory call; all contact stays there.",
  },
];
