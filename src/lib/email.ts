/**
 * The one rule for an e-mail address, in every form (newsletter, checkout, contact, waitlist, consult,
 * registration, the admin's editor accounts) and on the server (emailSchema in schemas.ts). An older
 * "simple pattern" let `<script>@x.y` and addresses with emoji in as subscribers; this one takes what
 * mail servers deliver to in practice:
 * - a local part of RFC 5322 `atext` characters (ASCII letters, digits and ``!#$%&'*+/=?^_`{|}~-``) and
 *   dots, neither first nor last nor two in a row, at most 64 characters (RFC 5321);
 * - a domain of LDH labels (letters, digits, hyphens not at either end, 1-63 characters each) ending in
 *   a top-level domain of at least 2 letters (or an internationalised one in its `xn--` form);
 * - at most 254 characters in all (RFC 5321's forward path).
 * Quoted local parts, IP-literal domains and non-ASCII addresses are refused: a family's address is
 * never one of those, and each would need special handling wherever we send or export it.
 */
const ATEXT = "[a-z0-9!#$%&'*+/=?^_`{|}~-]";
const LABEL = '[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?';
const TLD = '(?:[a-z]{2,63}|xn--[a-z0-9-]{1,59})';
const EMAIL_PATTERN = new RegExp(`^${ATEXT}+(?:\\.${ATEXT}+)*@(?:${LABEL}\\.)+${TLD}$`, 'i');
/** RFC 5321 caps a forward path at 254 characters. */
export const EMAIL_MAX_LENGTH = 254;
/** ... and a local part at 64. */
export const EMAIL_LOCAL_MAX_LENGTH = 64;

export const normalizeEmail = (email: string) => email.trim().toLowerCase();
export const sameAddress = (a: string, b: string) => normalizeEmail(a) === normalizeEmail(b);
export const isEmail = (value: string) =>
  value.length <= EMAIL_MAX_LENGTH && value.indexOf('@') <= EMAIL_LOCAL_MAX_LENGTH && EMAIL_PATTERN.test(value);

/** The spec's words for an empty or a wrong address, here so that a form needing only these loads no other messages. */
export const emailMessages = {
  required: 'Please enter your email address.',
  invalid: 'Please enter a valid email address.',
} as const;

/** What a form says next to an e-mail field that is filled in but not an address. */
export const EMAIL_FIELD_HINT = 'Enter an e-mail address like name@example.com';
