/**
 * Phone numbers and US ZIP codes: the rules, without the parsing library. The server parses phone
 * numbers with libphonenumber-js's full metadata (schemas.ts, loaded only when a number is parsed:
 * decision 013) and stores them in E.164 ('+13125550100'). In the browser even the small metadata set
 * costs ~30 KB gzipped, which /checkout's budget cannot spare: the checkout page checks only the
 * shape (`plausiblePhone`: an area code is there) and shows the server's refusal of anything else next
 * to the field; the contact page leaves phone numbers to the server altogether.
 */

/** Numbers without a country code are read as US numbers (the business and its families are in the US). */
const DEFAULT_PHONE_COUNTRY = 'US';

export const PHONE_MAX_LENGTH = 40;

/** What a form says next to a phone field it cannot read as a number. */
export const PHONE_HINT = 'Enter a phone number with area code';

/** What libphonenumber-js's `parsePhoneNumberFromString` is, whichever metadata it carries. */
export type PhoneParser = (
  text: string,
  country: typeof DEFAULT_PHONE_COUNTRY,
) => { isValid(): boolean; number: string } | undefined;

/** The number in E.164, or null when it is not a valid number (a US one needs its area code). */
export function toE164(text: string, parse: PhoneParser): string | null {
  const trimmed = text.trim();
  // The library reads letters as keypad digits ('1-800-FLOWERS'); a typo should not become a number.
  if (trimmed === '' || /[a-z]/i.test(trimmed.replace(/\b(?:ext?|x)\.?\s*\d+$/i, ''))) return null;
  const number = parse(trimmed, DEFAULT_PHONE_COUNTRY);
  return number?.isValid() ? number.number : null;
}

/** A stored number as people read it: a US one as '(312) 555-0100', any other in E.164. */
export function formatPhone(e164: string): string {
  const us = /^\+1(\d{3})(\d{3})(\d{4})$/.exec(e164);
  return us ? `(${us[1]}) ${us[2]}-${us[3]}` : e164;
}

/**
 * Whether a number can be one at all, before the server parses it: only digits, spaces and the usual
 * punctuation (and an extension), and as many digits as a US number with its area code (10, or 11
 * starting with 1) or, after a +, an international one (8 to 15).
 */
export function plausiblePhone(text: string): boolean {
  const number = text.trim().replace(/\s*(?:ext?\.?|x)\s*\d{1,6}$/i, '');
  if (!/^\+?[\d\s().\-/]+$/.test(number)) return false;
  const digits = number.replace(/\D/g, '');
  if (number.startsWith('+')) return digits.length >= 8 && digits.length <= 15;
  return digits.length === 10 || (digits.length === 11 && digits.startsWith('1'));
}

/** A US ZIP code: 5 digits, or ZIP+4 (12345-6789; 9 digits typed without the hyphen are taken too). */
const ZIP = /^(\d{5})(?:-?(\d{4}))?$/;
export const ZIP_HINT = 'Enter a 5-digit ZIP code';

/** The ZIP code as written on mail ('12345' or '12345-6789'), or null when it is not one. */
export function normalizeZip(text: string): string | null {
  const match = ZIP.exec(text.trim());
  if (!match) return null;
  return match[2] ? `${match[1]}-${match[2]}` : match[1];
}

/** Whether a billing country is the United States: ZIP codes are checked only there. */
export const isUnitedStates = (country: string) =>
  /^(?:|us|usa|u\.s\.a?\.?|united states(?: of america)?)$/i.test(country.trim());
