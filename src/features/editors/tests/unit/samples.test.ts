/** The rules of a sample edit: its comments on words that are in it once, consent, and a text that names nobody. */
import { describe, expect, it } from 'vitest';
import { checkSample, SAMPLE_LIMITS, sampleMessages, type SampleInput } from '../../samples';

const TODAY = '2026-12-01';
const own = (over: Partial<SampleInput> = {}): SampleInput => ({
  title: 'A supplement on a summer job',
  text: 'I worked the register at a bakery.\nEvery morning started before dawn.',
  comments: [{ quote: 'before dawn', text: 'Show us the dark, the smell of bread.' }],
  source: 'own',
  ...over,
});
const family = (over: Partial<SampleInput> = {}): SampleInput =>
  own({
    source: 'family',
    consent: { by: 'Dana Whitfield', role: 'parent', givenOn: '2026-11-20', student: 'Jordan Whitfield' },
    ...over,
  });

describe('checkSample', () => {
  it('makes paragraphs of the lines and anchors each comment on the one place its words are', () => {
    const checked = checkSample(own(), TODAY);
    if ('error' in checked) throw new Error(checked.error);
    expect(checked.blocks).toEqual([
      { kind: 'p', text: 'I worked the register at a bakery.' },
      { kind: 'p', text: 'Every morning started before dawn.' },
    ]);
    expect(checked.comments).toEqual([
      {
        anchor: {
          block: 1,
          start: 22,
          end: 33,
          quote: 'before dawn',
          prefix: 'Every morning started ',
          suffix: '.',
        },
        text: 'Show us the dark, the smell of bread.',
      },
    ]);
  });

  it('refuses words that are not in the passage, or in it more than once, and a sample with no comment', () => {
    expect(checkSample(own({ comments: [{ quote: 'at dusk', text: 'x' }] }), TODAY)).toEqual({
      error: sampleMessages.quoteMissing('at dusk'),
    });
    expect(checkSample(own({ comments: [{ quote: 'ed', text: 'x' }] }), TODAY)).toEqual({
      error: sampleMessages.quoteTwice('ed', 2),
    });
    expect(checkSample(own({ comments: [] }), TODAY)).toEqual({ error: sampleMessages.noComments });
    const many = Array.from({ length: SAMPLE_LIMITS.comments + 1 }, () => ({ quote: 'bakery', text: 'x' }));
    expect(checkSample(own({ comments: many }), TODAY)).toEqual({ error: sampleMessages.tooManyComments });
    expect(checkSample(own({ text: ' \n ' }), TODAY)).toEqual({ error: sampleMessages.noText });
  });

  it('takes a quote with its spaces tidied as the passage has them', () => {
    const checked = checkSample(own({ comments: [{ quote: '  before   dawn ', text: 'x' }] }), TODAY);
    expect('error' in checked).toBe(false);
  });

  it("needs a family's consent, given by today", () => {
    expect(checkSample(family({ consent: undefined }), TODAY)).toEqual({ error: sampleMessages.consentNeeded });
    const tomorrow = family({
      consent: { by: 'Dana Whitfield', role: 'parent', givenOn: '2026-12-02', student: 'Jordan Whitfield' },
    });
    expect(checkSample(tomorrow, TODAY)).toEqual({ error: sampleMessages.consentFuture });
    expect('error' in checkSample(family(), TODAY)).toBe(false);
  });

  it("refuses a family's sample that names the student or the one who consented, in any case, anywhere", () => {
    expect(
      checkSample(family({ text: 'Jordan worked the register.\nEvery morning started before dawn.' }), TODAY),
    ).toEqual({
      error: sampleMessages.namesStudent('jordan'),
    });
    expect(checkSample(family({ title: 'The WHITFIELD essay' }), TODAY)).toEqual({
      error: sampleMessages.namesStudent('whitfield'),
    });
    expect(checkSample(family({ comments: [{ quote: 'before dawn', text: 'Dana would love this.' }] }), TODAY)).toEqual(
      { error: sampleMessages.namesStudent('dana') },
    );
    // A name inside another word is no name: 'Jordanian' is not 'Jordan'.
    expect(
      'error' in checkSample(family({ text: 'A Jordanian bakery.\nEvery morning started before dawn.' }), TODAY),
    ).toBe(false);
  });

  it('refuses contact details in any sample: an e-mail address, a web address, a phone number', () => {
    for (const text of [
      'Write to me at sam@example.com.',
      'See www.bakery.example',
      'Read it on mysite.com',
      'Call (312) 555-0144.',
      'Call +44 20 7946 0958.',
    ]) {
      expect(checkSample(own({ text: `${text}\nEvery morning started before dawn.` }), TODAY)).toEqual({
        error: sampleMessages.contactDetails,
      });
    }
    // Years and counts are not phone numbers.
    expect(
      'error' in
        checkSample(own({ text: 'In 2019 and 2020, 150 loaves a day.\nEvery morning started before dawn.' }), TODAY),
    ).toBe(false);
  });
});
