/**
 * Only the store wrapper talks to the Blobs client: no other module of the site, its functions or
 * its scripts imports `@netlify/blobs` or reads a write's `modified` flag (which the client sets for
 * any answer but 412, a 503 or 403 included). A change that does fails here. Tests, beside a
 * feature's code too, may read the store directly to check what a flow left there.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '../..');
const WRAPPER = 'netlify/server/storage/store.ts';

function sources(dir: string): string[] {
  return readdirSync(join(ROOT, dir)).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(join(ROOT, path)).isDirectory()) return name === 'tests' ? [] : sources(path);
    return /\.(ts|tsx|mjs|js|astro)$/.test(name) ? [path] : [];
  });
}

const CLIENT_IMPORT =
  /from\s+['"]@netlify\/blobs['"]|import\(\s*['"]@netlify\/blobs['"]\s*\)|require\(\s*['"]@netlify\/blobs['"]\s*\)/;
const MODIFIED = /\.modified\b|\{\s*modified\b/;

const checked = ['src', 'netlify/functions', 'netlify/server', 'scripts']
  .flatMap(sources)
  .filter((file) => relative(ROOT, join(ROOT, file)) !== WRAPPER);

describe('the Blobs client is reached only through the store wrapper', () => {
  it('finds the sources it checks', () => {
    expect(checked.length).toBeGreaterThan(100);
    expect(checked).toContain('src/features/orders/server/orders.repo.ts');
  });

  it('no other source imports @netlify/blobs or reads `modified`', () => {
    const offenders = checked.filter((file) => {
      const text = readFileSync(join(ROOT, file), 'utf8');
      return CLIENT_IMPORT.test(text) || MODIFIED.test(text);
    });
    expect(offenders).toEqual([]);
  });
});
