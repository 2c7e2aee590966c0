/** The meeting link the consult e-mails and invites may carry: an https address, or nothing. */
import { describe, expect, it } from 'vitest';
import { availabilitySchema } from '../../consult-rules.schema';
import { DEFAULT_AVAILABILITY, MAX_MEETING_LINK, meetingLinkProblem } from '../../consult-availability';

describe('meetingLinkProblem', () => {
  it.each(['', 'https://meet.example.com/abc-defg-hij', 'https://us02web.zoom.us/j/123?pwd=x'])(
    'accepts %j',
    (link) => {
      expect(meetingLinkProblem(link)).toBeNull();
    },
  );

  it.each([
    ['plain http', 'http://meet.example.com/abc'],
    ['a script', 'javascript:alert(1)'],
    ['a mail address', 'mailto:someone@example.com'],
    ['no host name with a dot', 'https://localhost/room'],
    ['spaces', 'https://meet.example.com/a b'],
    ['no address at all', 'meet.example.com/abc'],
  ])('refuses %s', (_, link) => {
    expect(meetingLinkProblem(link)).toMatch(/https address/);
  });

  it('refuses a link longer than the limit', () => {
    expect(meetingLinkProblem(`https://meet.example.com/${'a'.repeat(MAX_MEETING_LINK)}`)).toMatch(/at most/);
  });
});

describe('availabilitySchema', () => {
  it('takes an availability without open dates or a link (a page loaded before they existed) as both empty', () => {
    const { openDates: _, meetingLink: __, ...old } = DEFAULT_AVAILABILITY;
    expect(availabilitySchema.parse(old)).toEqual(DEFAULT_AVAILABILITY);
  });

  it('trims the link it keeps', () => {
    expect(
      availabilitySchema.parse({ ...DEFAULT_AVAILABILITY, meetingLink: ' https://meet.example.com/x ' }).meetingLink,
    ).toBe('https://meet.example.com/x');
  });
});
