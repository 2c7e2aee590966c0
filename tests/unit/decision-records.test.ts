/** The decision records: each dated, with a status, numbered once, and every one in the index. */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const DIR = 'docs/decisions';
const records = readdirSync(DIR)
  .filter((name) => /^\d{3}-.+\.md$/.test(name))
  .sort();
const index = readFileSync(join(DIR, 'README.md'), 'utf8');

describe('decision records', () => {
  it('are numbered once each', () => {
    const numbers = records.map((name) => name.slice(0, 3));
    expect(new Set(numbers).size).toBe(numbers.length);
  });

  it.each(records)('%s has its title, then its date and status', (name) => {
    const [title, blank, meta] = readFileSync(join(DIR, name), 'utf8').split('\n');
    expect(title).toMatch(new RegExp(`^# ${name.slice(0, 3)}: \\S`));
    expect(blank).toBe('');
    expect(meta).toMatch(
      /^Date: \d{4}-\d\d-\d\d · Status: (Accepted|Superseded by \[\d{3}\]\(\d{3}-[^)]+\.md\)|Accepted; superseded in part by \[\d{3}\]\(\d{3}-[^)]+\.md\))$/,
    );
  });

  it('are all in the index, with the status they give themselves', () => {
    const rows = index.split('\n').filter((line) => /^\| \[\d{3}\]/.test(line));
    expect(rows.map((row) => /\]\(([^)]+)\)/.exec(row)![1])).toEqual(records);
    for (const [i, name] of records.entries()) {
      const status = /Status: (.+)$/m.exec(readFileSync(join(DIR, name), 'utf8'))![1];
      expect(rows[i].endsWith(`| ${status} |`)).toBe(true);
    }
  });
});
