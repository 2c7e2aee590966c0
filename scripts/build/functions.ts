/**
 * `npm run build`, the functions part: each function of netlify/functions bundled by esbuild into one
 * file of netlify/functions-bundled, which netlify.toml names as the functions directory. Netlify's own
 * bundler for v2 functions (zip-it-and-ship-it's file tracer) leaves every package external, and a
 * cold start then loads each of their files one by one: zod alone was about 60 files, three quarters
 * of a cold start's import time (docs/decisions/021-functions-bundled-at-build.md).
 * A package the code imports lazily (`await import('stripe')`) is bundled too, but esbuild wraps it so
 * that it runs only when that import does: a request that never calls Stripe never evaluates it, and
 * V8 barely parses what it does not run.
 *   npx tsx scripts/build/functions.ts [outDir]
 */
import { readdir } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build, type Metafile } from 'esbuild';

export const SOURCE_DIR = 'netlify/functions';
export const BUNDLED_DIR = 'netlify/functions-bundled';

/**
 * Bundles every function of `sourceDir` into `outDir`; throws on any error or warning. Returns
 * esbuild's metafile: what went into each bundle, and how.
 */
export async function bundleFunctionSources(outDir = BUNDLED_DIR, sourceDir = SOURCE_DIR): Promise<Metafile> {
  const entries = (await readdir(sourceDir)).filter((file) => /\.m?ts$/.test(file)).map((file) => join(sourceDir, file));
  const result = await build({
    entryPoints: entries,
    outdir: resolve(outDir),
    outExtension: { '.js': '.mjs' },
    bundle: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    // Bundled CommonJS may `require` Node's builtins: give the module a real `require`.
    banner: { js: "import { createRequire as __bundleRequire } from 'node:module'; const require = __bundleRequire(import.meta.url);" },
    // Whitespace and syntax only: a production stack trace still names our functions.
    minifyWhitespace: true,
    minifySyntax: true,
    legalComments: 'none',
    metafile: true,
    logLevel: 'silent',
  });
  if (result.warnings.length > 0) throw new Error(`Bundling the functions warned:\n${result.warnings.map((w) => w.text).join('\n')}`);
  return result.metafile;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const { outputs } = await bundleFunctionSources(process.argv[2]);
  console.log(`Bundled ${Object.keys(outputs).length} functions into ${process.argv[2] ?? BUNDLED_DIR}.`);
}
