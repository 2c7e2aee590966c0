import { describe, expect, it } from 'vitest';
import { TURNAROUND_OPTIONS } from '#lib/catalogue';
import {
  HONEYPOT_FIELD,
  inquiryFromForm,
  isHoneypotFilled,
  majorLabel,
  needsTurnaround,
  turnaroundLabel,
} from '#lib/contact';
import { countWords } from '#lib/words';
import { messages } from '#lib/messages';
import { EMPTY_FORM, checkForm, toPayload } from '../../islands/inquiry-form';

describe('contact form rules', () => {
  it('asks for a turnaround only when an editing service is ticked', () => {
    expect(needsTurnaround([])).toBe(false);
    expect(needsTurnaround(['community', 'speed24', 'speed48'])).toBe(false);
    for (const id of ['activities', 'commonapp', 'supplements']) expect(needsTurnaround(['community', id])).toBe(true);
  });

  it('counts words the way people do', () => {
    expect(countWords('')).toBe(0);
    expect(countWords('   \n ')).toBe(0);
    expect(countWords('one')).toBe(1);
    expect(countWords('  two words\n\nand\tthree more ')).toBe(5);
  });

  it('spots a filled honeypot, and only a filled one', () => {
    expect(isHoneypotFilled({ website: 'http://spam' })).toBe(true);
    expect(isHoneypotFilled({ website: 1 })).toBe(true);
    for (const body of [{ website: '' }, { website: '  ' }, { website: null }, {}, null, 'website', []]) {
      expect(isHoneypotFilled(body)).toBe(false);
    }
  });

  it('labels turnarounds with their price from the catalogue', () => {
    expect(TURNAROUND_OPTIONS.map(turnaroundLabel)).toEqual([
      'Standard 3-5 days',
      '48-Hour Response (+$250)',
      '24-Hour Response (+$450)',
    ]);
  });

  it('turns a stored major back into its label', () => {
    expect(majorLabel('visual arts')).toBe('Visual Arts');
    expect(majorLabel('other (specify in additional details)')).toBe('Other (specify in Additional Details)');
    // The checkout's Other, where there is no Additional Details field to specify it in.
    expect(majorLabel('other')).toBe('Other');
  });
});

describe('the contact form island', () => {
  const filled = {
    ...EMPTY_FORM,
    parentName: 'Pat',
    studentInfo: 'Sam, 11th',
    intendedMajor: 'stem',
    email: 'pat@example.com',
  };

  it('names every missing required field, in screen order', () => {
    const { problems, summary } = checkForm({ ...EMPTY_FORM, phone: '555' });
    expect(summary).toBe(messages.requiredFields);
    expect(Object.keys(problems)).toEqual(['parentName', 'studentInfo', 'intendedMajor', 'email']);
    expect(checkForm({ ...filled, parentName: '  ' }).problems).toEqual({
      parentName: 'Parent/Guardian Name is required.',
    });
  });

  it('refuses a malformed e-mail once everything is filled', () => {
    expect(checkForm({ ...filled, email: 'pat@' })).toEqual({
      problems: { email: messages.emailInvalid },
      summary: messages.emailInvalid,
    });
    expect(checkForm(filled)).toEqual({ problems: {}, summary: null });
  });

  it('sends the chosen turnaround only with an editing service, and the honeypot as it is', () => {
    expect(toPayload({ ...filled, services: ['community'], turnaround: '24hr' }).turnaround).toBe('standard');
    expect(toPayload({ ...filled, services: ['activities'], turnaround: '24hr' }).turnaround).toBe('24hr');
    expect(toPayload({ ...filled, website: 'bot' })).toMatchObject({
      [HONEYPOT_FIELD]: 'bot',
      email: 'pat@example.com',
    });
  });
});

describe('a posted contact form', () => {
  it('reads each field under its payload name and the services as a list; an absent field stays absent', () => {
    const body = new URLSearchParams(
      'parentName=Pat&services=commonapp&services=community&email=pat%40example.com&website=&details=Hi%0Athere',
    );
    expect(inquiryFromForm(body)).toEqual({
      parentName: 'Pat',
      services: ['commonapp', 'community'],
      email: 'pat@example.com',
      website: '',
      details: 'Hi\nthere',
    });
    expect(inquiryFromForm(new URLSearchParams(''))).toEqual({ services: [] });
  });
});
