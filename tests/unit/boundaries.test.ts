/**
 * The one-way rule of the code, checked on every import: `lib` <- `server` <- `functions`;
 * `lib` <- `client`/`stores` <- `islands` <- `pages`. An island feature folder imports only itself
 * and `islands/shared`, which imports no feature. The one crossing from the site into the server's
 * code is named below.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOTS = ['src', 'netlify'];
const SOURCE = /\.(ts|tsx|mts|astro)$/;

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? files(path) : SOURCE.test(name) ? [path] : [];
  });
}

/** The repository paths a file imports (packages left out). */
function importsOf(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  const specifiers = [
    ...text.matchAll(
      /(?:import|export)\s[^'"]*?from\s+['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)|^import\s+['"]([^'"]+)['"]/gm,
    ),
  ].map((m) => m[1] ?? m[2] ?? m[3]);
  return specifiers.filter((s) => s.startsWith('.')).map((s) => relative('.', resolve(dirname(file), s)));
}

/** What part of the code a path belongs to: 'lib', 'server', 'functions', 'client', 'stores', 'island:<feature>', 'shared', 'site'. */
function layerOf(path: string): string {
  // An Astro component is a page or part of one, wherever it lives (the test checkout's page is injected by the build).
  if (path.endsWith('.astro')) return 'site';
  if (path.startsWith('src/lib/')) return 'lib';
  if (path.startsWith('netlify/server/')) return 'server';
  if (path.startsWith('netlify/functions/')) return 'functions';
  if (path.startsWith('src/client/')) return 'client';
  if (path.startsWith('src/stores/')) return 'stores';
  if (path.startsWith('src/islands/shared/')) return 'shared';
  if (path.startsWith('src/islands/')) return `island:${path.split('/')[2]}`;
  return 'site';
}

/** Who may import whom; a feature may also import itself. */
const MAY_IMPORT: Record<string, string[]> = {
  lib: ['lib'],
  server: ['lib', 'server'],
  functions: ['lib', 'server', 'functions'],
  client: ['lib', 'client', 'stores'],
  stores: ['lib', 'client', 'stores'],
  shared: ['lib', 'client', 'stores', 'shared'],
  island: ['lib', 'client', 'stores', 'shared'],
  site: ['lib', 'client', 'stores', 'shared', 'island', 'site'],
};

/** Build time only: a local build renders the demo editors the local server seeds. */
const NAMED_CROSSINGS = new Set(['src/build/editor-snapshot.ts -> netlify/server/editors/seed']);

function allowed(from: string, to: string): boolean {
  const [a, b] = [layerOf(from), layerOf(to)];
  if (a === b) return true;
  const kind = a.startsWith('island:') ? 'island' : a;
  return (
    MAY_IMPORT[kind].includes(b.startsWith('island:') ? 'island' : b) && !(kind === 'island' && b.startsWith('island:'))
  );
}

describe('imports go one way', () => {
  const all = ROOTS.flatMap(files);

  it('reads every source file', () => {
    expect(all.length).toBeGreaterThan(300);
  });

  it('no file imports against the rule', () => {
    const crossings = all.flatMap((file) =>
      importsOf(file)
        .filter(
          (target) => !allowed(file, target) && !NAMED_CROSSINGS.has(`${file} -> ${target.replace(/\.(ts|tsx)$/, '')}`),
        )
        .map((target) => `${file} -> ${target}`),
    );
    expect(crossings).toEqual([]);
  });

  it('the browser imports no zod half of a topic (*.schema.ts): the server parses with those', () => {
    const browser = all.filter((file) => /^src\/(islands|client|stores)\//.test(file));
    expect(
      browser.flatMap((file) =>
        importsOf(file)
          .filter((target) => target.endsWith('.schema'))
          .map((target) => `${file} -> ${target}`),
      ),
    ).toEqual([]);
  });

  it('knows what a crossing is', () => {
    expect(allowed('src/lib/money.ts', 'netlify/server/core/http')).toBe(false);
    expect(allowed('src/islands/editor/InboxRow.tsx', 'src/islands/dashboard/MyProjects')).toBe(false);
    expect(allowed('src/islands/shared/Tabs.tsx', 'src/islands/admin/AdminDashboard')).toBe(false);
    expect(allowed('src/islands/admin/editors/EditorCard.tsx', 'src/islands/shared/Tabs')).toBe(true);
    expect(allowed('netlify/functions/editor.ts', 'netlify/server/core/http')).toBe(true);
    expect(allowed('netlify/server/core/http.ts', 'netlify/functions/editor')).toBe(false);
  });
});
