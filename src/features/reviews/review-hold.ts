/**
 * Which family reviews our team reads before they go public: those whose words carry contact details
 * (a phone number, an e-mail address), a link, or abuse. Each is found in the text by a rule, never
 * guessed, and a low score alone never holds a review: families may say plainly that it went badly.
 */
import { HOLD_REASONS, type HoldReason } from './hold-reasons';

/** A local seven-digit number ('555-0100'). */
const LOCAL_PHONE = /\b\d{3}[\s.-]\d{4}\b/;
/** A run of digits with the usual separators between them, where a phone number would be. */
const DIGIT_RUN = /\+?\d[\d\s().-]{8,}\d/g;

/**
 * A phone number: 10 to 15 digits written with separators, or 10 or 11 without (a US number, with
 * or without its 1). A longer bare run is an id or a timestamp, not a number to call.
 */
function hasPhone(text: string): boolean {
  if (LOCAL_PHONE.test(text)) return true;
  return [...text.matchAll(DIGIT_RUN)].some(([run]) => {
    const digits = run.replace(/\D/g, '').length;
    return /\d\D+\d/.test(run) ? digits >= 10 && digits <= 15 : digits === 10 || digits === 11;
  });
}
const EMAIL = [
  /[\w.+-]+@[\w-]+(?:\.[\w-]+)+/,
  /\b[\w.+-]+\s*[[(]?\s*at\s*[\])]?\s*[\w-]+\s*[[(]?\s*dot\s*[\])]?\s*(?:com|net|org|edu)\b/i,
];
const LINK = [/\bhttps?:\/\//i, /\bwww\./i, /\b[a-z0-9-]+\.(?:com|net|org|io|ly|app|biz|info|xyz|gg)\b/i];
/** Insults and profanity, whole words only ('Scunthorpe' is fine). */
const ABUSIVE_WORDS = [
  'scam',
  'scammer',
  'scammers',
  'scammed',
  'fraud',
  'frauds',
  'ripoff',
  'rip-off',
  'liar',
  'liars',
  'idiot',
  'idiots',
  'moron',
  'morons',
  'stupid',
  'dumb',
  'crook',
  'crooks',
  'thief',
  'thieves',
  'fuck',
  'fucking',
  'fucked',
  'shit',
  'shitty',
  'bullshit',
  'bitch',
  'bastard',
  'asshole',
  'retard',
  'retarded',
];
const ABUSE = new RegExp(`(?<![\\w-])(?:${ABUSIVE_WORDS.join('|')})(?![\\w-])`, 'i');

const RULES: Record<HoldReason, (text: string) => boolean> = {
  contact: (text) => hasPhone(text) || EMAIL.some((rule) => rule.test(text)),
  // Addresses are links' look-alikes: 'maya@school.com' is contact details, not a link as well.
  link: (text) => LINK.some((rule) => rule.test(withoutEmails(text))),
  abuse: (text) => ABUSE.test(text),
};

const withoutEmails = (text: string) => EMAIL.reduce((rest, rule) => rest.replace(new RegExp(rule, 'gi'), ' '), text);

/** Why a review with these words is held, in HOLD_REASONS' order; none when it may be published. */
export const holdReasons = (text: string): HoldReason[] => HOLD_REASONS.filter((reason) => RULES[reason](text));
