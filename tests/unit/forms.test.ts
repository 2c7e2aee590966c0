/**
 * Every form posts (decision 015): one without a method falls back to GET when submitted before its
 * script runs, and puts what was typed into the URL, the history and the next Referer. Checked in the
 * source, so forms that only appear after hydration count too.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';

const sources = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    return entry.isDirectory() ? sources(path) : /\.(astro|tsx)$/.test(entry.name) ? [path] : [];
  });

it('every <form> in src has method="post"', () => {
  const forms = sources('src').flatMap((file) =>
    [...readFileSync(file, 'utf8').matchAll(/<form\b[^>]*>/g)].map((m) => `${file}: ${m[0]}`),
  );
  expect(forms.length).toBeGreaterThan(5);
  expect(forms.filter((form) => !/\smethod="post"/.test(form))).toEqual([]);
});
