/**
 * What of a visitor's typed name may go into our mail to the address they gave, which nobody has
 * confirmed: the first word, letters only, so our branded mail can never carry a stranger's message
 * or link to someone else's inbox. Null when nothing of it is left.
 */
export function greetingName(name: string): string | null {
  const first = name.trim().split(/\s+/)[0] ?? '';
  const cleaned = [...first.replace(/[^\p{L}\p{M}'’-]/gu, '')].slice(0, 40).join('');
  return /\p{L}/u.test(cleaned) ? cleaned : null;
}
