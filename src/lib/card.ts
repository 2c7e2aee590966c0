/**
 * The test checkout's card form speaks as Stripe Checkout does: the same checks and the
 * same words, in the page and in the test-checkout function's schema. No card data ever reaches our
 * server in Stripe mode; in test mode only the number decides the outcome (4242... pays, 4000 0000
 * 0000 0002 is declined).
 */
export const cardMessages = {
  numberIncomplete: 'Your card number is incomplete.',
  numberInvalid: 'Your card number is invalid.',
  expiryIncomplete: "Your card's expiration date is incomplete.",
  expiryMonthInvalid: "Your card's expiration month is invalid.",
  expiryPast: "Your card's expiration date is in the past.",
  cvcIncomplete: "Your card's security code is incomplete.",
} as const;

const digitsOf = (text: string) => text.replace(/[\s-]/g, '');

/** How many digits a card number of this brand has: American Express 15, Diners Club 14, others 16. */
function expectedLength(digits: string) {
  if (/^3[47]/.test(digits)) return 15;
  if (/^3(?:0[0-5]|[68])/.test(digits)) return 14;
  return 16;
}

/** The Luhn checksum every card number carries. */
export function passesLuhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return digits.length > 0 && sum % 10 === 0;
}

/** What is wrong with a card number as typed (spaces and hyphens allowed), or null. */
export function cardNumberProblem(text: string): string | null {
  const digits = digitsOf(text);
  if (!/^\d*$/.test(digits)) return cardMessages.numberInvalid;
  const length = expectedLength(digits);
  if (digits.length < length) return cardMessages.numberIncomplete;
  if (digits.length > length || !passesLuhn(digits)) return cardMessages.numberInvalid;
  return null;
}

/** What is wrong with an expiry date typed as 'MM / YY' (or MM/YY, MMYY, MM / YYYY), or null. */
export function expiryProblem(text: string, now = new Date()): string | null {
  const match = /^(\d{1,2})\s*\/?\s*(\d{2}|\d{4})$/.exec(text.trim());
  const digits = text.replace(/\D/g, '');
  if (!match || (digits.length < 4 && !text.includes('/'))) return cardMessages.expiryIncomplete;
  const month = Number(match[1]);
  if (month < 1 || month > 12) return cardMessages.expiryMonthInvalid;
  const year = match[2].length === 2 ? 2000 + Number(match[2]) : Number(match[2]);
  // A card is good to the end of its month.
  if (year < now.getFullYear() || (year === now.getFullYear() && month < now.getMonth() + 1))
    return cardMessages.expiryPast;
  return null;
}

/** What is wrong with a security code (3 digits; 4 for American Express), or null. */
export function cvcProblem(text: string, cardNumber: string): string | null {
  const needed = /^3[47]/.test(digitsOf(cardNumber)) ? 4 : 3;
  return new RegExp(`^\\d{${needed}}$`).test(text.trim()) ? null : cardMessages.cvcIncomplete;
}
