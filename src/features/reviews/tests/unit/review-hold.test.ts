/**
 * Which reviews our team reads before they go public: contact details, links and abuse are found in
 * the words; a low score, strong criticism and everyday numbers are not reasons.
 */
import { describe, expect, it } from 'vitest';
import { holdPhrase } from '../../hold-reasons';
import { holdReasons } from '../../review-hold';

describe('a review is held', () => {
  it.each([
    ['Call me at (555) 123-4567 and I will tell you more.', ['contact']],
    ['Text +1 555 123 4567 for details', ['contact']],
    ['my number is 555.123.4567', ['contact']],
    ['5551234567', ['contact']],
    ['+44 20 7946 0958', ['contact']],
    ['15551234567', ['contact']],
    ['reach me on 555-0100 after school', ['contact']],
    ['write to pat.rivera+beacon@example.com', ['contact']],
    ['pat at gmail dot com', ['contact']],
    ['Better editors at https://elsewhere.example', ['link']],
    ['see www.cheap-essays.net', ['link']],
    ['go to essaymill.com instead', ['link']],
    ['bit.ly/abc', ['link']],
    ['SCAM. Total scam!', ['abuse']],
    ['She is an idiot', ['abuse']],
    ['What a rip-off', ['abuse']],
    ['This is a SCAM, call 312 555 0100 or visit refunds.io', ['contact', 'link', 'abuse']],
  ])('%s', (text, reasons) => {
    expect(holdReasons(text)).toEqual(reasons);
  });
});

describe('a review is not held', () => {
  it.each([
    'Honestly disappointing: the feedback came late and said little. I would not choose her again.',
    'My SAT went from 1350 to 1520 and the essay got so much better in 3 rounds over 2 weeks.',
    'Class of 2027. Applied to 12 schools, essay of 650 words.',
    'Scunthorpe is where we live; the scamp of a dog ate the draft.',
    'Fraudulently good? No: genuinely good.',
    'Worth every cent of $149.00.',
    'It was at 9:30 on Nov 28, 2026.',
    'Order 1796245524510 went well.',
    '',
  ])('%s', (text) => {
    expect(holdReasons(text)).toEqual([]);
  });
});

it('names the reasons as one phrase', () => {
  expect(holdPhrase(['contact'])).toBe('contact details');
  expect(holdPhrase(['contact', 'abuse'])).toBe('contact details and abusive words');
  expect(holdPhrase(['contact', 'link', 'abuse'])).toBe('contact details, a link and abusive words');
});
