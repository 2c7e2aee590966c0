import { describe, expect, it } from 'vitest';
import { TURNAROUND_OPTIONS } from '../../src/lib/catalogue';
import { countWords, isHoneypotFilled, majorLabel, needsTurnaround, turnaroundLabel } from '../../src/lib/contact';

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
  });
});
