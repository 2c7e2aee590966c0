/**
 * netlify.toml allows inline scripts by hash only: exactly the scripts Astro writes for islands (the
 * <astro-island> element and one script per client directive, ours included, built as Astro builds
 * it). An Astro upgrade, or a change to our directive, that changes them fails here, naming the
 * hashes to put in netlify.toml. Which inline scripts the built pages really
 * contain is checked in tests/e2e/security-headers.spec.ts.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { expect, it } from 'vitest';

const RUNTIME = resolve('node_modules/astro/dist/runtime');
const ISLAND_SCRIPTS = [
  'server/astro-island.prebuilt.js',
  ...['idle', 'load', 'media', 'only', 'visible'].map((directive) => `client/${directive}.prebuilt.js`),
];

/** Our own directives, as astro.config.mjs adds them: Astro bundles each with esbuild and inlines it. */
const OWN_DIRECTIVES = { interaction: './src/client/directives/interaction.ts' };

const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

it("netlify.toml's script-src allows exactly Astro's island scripts by hash", async () => {
  const { buildClientDirectiveEntrypoint } = await import(
    pathToFileURL(resolve('node_modules/astro/dist/core/client-directive/build.js')).href
  );
  const expected = await Promise.all([
    ...ISLAND_SCRIPTS.map(async (file) =>
      sha256((await import(pathToFileURL(resolve(RUNTIME, file)).href)).default as string),
    ),
    ...Object.entries(OWN_DIRECTIVES).map(async ([name, entrypoint]) =>
      sha256(await buildClientDirectiveEntrypoint(name, entrypoint, pathToFileURL(`${process.cwd()}/`))),
    ),
  ]);
  const toml = readFileSync('netlify.toml', 'utf8');
  const allowed = toml.match(/'sha256-[A-Za-z0-9+/]+=*'/g) ?? [];
  expect(allowed.sort()).toEqual(expected.sort());
  expect(toml).not.toMatch(/script-src[^;]*'unsafe-(inline|eval)'/);
});
