/**
 * Comments and test titles stand alone: no source file cites a section of the product spec or the
 * design notes, or an issue by its number, since none of those documents are in the repository. A
 * comment says the rule itself, or points to a decision record under docs/decisions/. A change that
 * brings a citation back fails here, naming the file and line.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '../..');
const SELF = relative(ROOT, fileURLToPath(import.meta.url))
  .split(sep)
  .join('/');
const SOURCE = /\.(ts|tsx|astro|mjs|css)$/;
const DIRS = ['src', 'netlify', 'scripts', 'tests'];
const SKIPPED = new Set(['node_modules', 'dist', '.git', 'netlify/functions-bundled']);

/** Tracked files, and new ones git does not ignore; a walk of the same places when git is not there. */
function listFiles(): string[] {
  try {
    return execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], {
      cwd: ROOT,
      encoding: 'utf8',
      maxBuffer: 64 * 1024 * 1024,
    })
      .split('\0')
      .filter(Boolean);
  } catch {
    const walk = (dir: string): string[] =>
      readdirSync(join(ROOT, dir)).flatMap((name) => {
        const path = `${dir}/${name}`;
        if (SKIPPED.has(name) || SKIPPED.has(path)) return [];
        return statSync(join(ROOT, path)).isDirectory() ? walk(path) : [path];
      });
    const rootFiles = readdirSync(ROOT).filter((name) => statSync(join(ROOT, name)).isFile());
    return [...rootFiles, ...DIRS.filter((dir) => existsSync(join(ROOT, dir))).flatMap(walk)];
  }
}

/** Under the checked folders, or a config file at the root; never a build output. */
const inScope = (path: string) =>
  SOURCE.test(path) &&
  (DIRS.some((dir) => path.startsWith(`${dir}/`)) || !path.includes('/')) &&
  !path.split('/').some((part) => SKIPPED.has(part)) &&
  !path.startsWith('netlify/functions-bundled/');

const checked = listFiles()
  .filter(inScope)
  .filter((path) => existsSync(join(ROOT, path)))
  .sort();

// Built from pieces, so that this file's own text never matches them.
const SECTION = String.fromCharCode(0xa7);
const CITATIONS = [
  new RegExp(['SPEC', SECTION].join(' ')),
  new RegExp(['DESIGN', SECTION].join(' ')),
  new RegExp(['\\bissue', '\\d+'].join(' '), 'i'),
];

describe('comments and test titles stand alone', () => {
  it('finds the sources it checks', () => {
    expect(checked.length).toBeGreaterThan(300);
    expect(checked).toEqual(
      expect.arrayContaining([
        'astro.config.mjs',
        'vitest.config.ts',
        'src/features/projects/process.ts',
        'src/features/orders/server/orders.repo.ts',
        SELF,
      ]),
    );
  });

  it('no source cites a spec or design section, or an issue by its number', () => {
    const offenders = checked.flatMap((file) =>
      readFileSync(join(ROOT, file), 'utf8')
        .split(/\r?\n/)
        .flatMap((line, index) =>
          CITATIONS.some((pattern) => pattern.test(line)) ? [`${file}:${index + 1}: ${line.trim()}`] : [],
        ),
    );
    expect(offenders).toEqual([]);
  });
});
