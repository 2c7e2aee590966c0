/**
 * `npm run build`, the functions part: each function of netlify/functions bundled by esbuild into one
 * file of netlify/functions-bundled, which netlify.toml names as the functions directory. Netlify's own
 * bundler for v2 functions (zip-it-and-ship-it's file tracer) leaves every package external, and a
 * cold start then loads each of their files one by one: zod alone was about 60 files, three quarters
 * of a cold start's import time (docs/decisions/021-functions-bundled-at-build.md).
 * A package the code imports lazily (`await import('stripe')`) is bundled apart, into one file of a
 * local package (`node_modules/@lazy-bundle/stripe`, beside the functions), and the function imports
 * that instead: a request that never calls Stripe neither reads nor parses it, and one that does loads
 * one file. The tracer copies such a package beside each function that names it, as any package.
 * A worker thread's script is bundled into a file of its own beside the functions; the function that
 * starts it is built with the file's path, as `new URL(path, import.meta.url)`, which the tracer
 * follows and ships with that function alone.
 *   npx tsx scripts/build/functions.ts [outDir]
 */
import { mkdir, readdir, writeFile } from 'node:fs/promises';
import { basename, join, resolve } from 'node:path';
import { isBuiltin } from 'node:module';
import { pathToFileURL } from 'node:url';
import { build, type BuildOptions, type Metafile, type Plugin } from 'esbuild';

const SOURCE_DIR = 'netlify/functions';
const BUNDLED_DIR = 'netlify/functions-bundled';

/** The local package a lazily imported one is bundled into: 'libphonenumber-js/max' → '@lazy-bundle/libphonenumber-js-max'. */
export const lazyBundle = (specifier: string) => `@lazy-bundle/${specifier.replace(/[^a-z0-9]+/gi, '-')}`;

/** Bare specifiers: packages, and Node's builtins (which stay as they are); `#server/...` and the like are our own code. */
const BARE = /^[^./#]/;

/** Sends each `import('package')` to its lazy bundle, and remembers which packages those are. */
function lazyPackagesApart(found: Set<string>): Plugin {
  return {
    name: 'lazy-packages-apart',
    setup(b) {
      b.onResolve({ filter: BARE }, (args) => {
        if (args.kind !== 'dynamic-import' || isBuiltin(args.path)) return undefined;
        found.add(args.path);
        return { path: lazyBundle(args.path), external: true };
      });
    },
  };
}

/** Worker threads' scripts: the constant naming each one's bundle, and its source. */
const WORKERS = {
  DOCX_WORKER_BUNDLE: 'src/features/essay/server/docx-worker.ts',
  RECEIPT_WORKER_BUNDLE: 'src/features/orders/server/receipt-worker.ts',
};
/** Where a worker's bundle goes, relative to the functions: under node_modules, which holds no function. */
export const workerBundle = (source: string) => `node_modules/@worker-bundle/${basename(source, '.ts')}.mjs`;

const COMMON: BuildOptions = {
  bundle: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  outExtension: { '.js': '.mjs' },
  // Bundled CommonJS may `require` Node's builtins: give the module a real `require`.
  banner: {
    js: "import { createRequire as __bundleRequire } from 'node:module'; const require = __bundleRequire(import.meta.url);",
  },
  // Whitespace and syntax only: a production stack trace still names our functions.
  minifyWhitespace: true,
  minifySyntax: true,
  legalComments: 'none',
  metafile: true,
  logLevel: 'silent',
};

/**
 * Bundles every function of `sourceDir` into `outDir`, and each package they import lazily into a
 * package of `outDir/node_modules/@lazy-bundle`, and each worker's script into a file of
 * `outDir/node_modules/@worker-bundle`; throws on any error or warning. Returns esbuild's metafiles:
 * what went into each bundle.
 */
export async function bundleFunctionSources(
  outDir = BUNDLED_DIR,
  sourceDir = SOURCE_DIR,
): Promise<{ functions: Metafile; lazy: Metafile; workers: Metafile }> {
  const entries = (await readdir(sourceDir))
    .filter((file) => /\.m?ts$/.test(file))
    .map((file) => join(sourceDir, file));
  const lazy = new Set<string>();
  const functions = await build({
    ...COMMON,
    entryPoints: entries,
    outdir: resolve(outDir),
    plugins: [lazyPackagesApart(lazy)],
    define: Object.fromEntries(
      Object.entries(WORKERS).map(([name, source]) => [name, JSON.stringify(`./${workerBundle(source)}`)]),
    ),
  });
  const workers = await build({
    ...COMMON,
    entryPoints: Object.values(WORKERS).map((source) => ({
      in: source,
      out: workerBundle(source).replace(/\.mjs$/, ''),
    })),
    outdir: resolve(outDir),
  });
  // esbuild resolves a bare entry point as a package, with the conditions `import()` has on Node.
  const packages = await build({
    ...COMMON,
    entryPoints: [...lazy].map((specifier) => ({ in: specifier, out: `node_modules/${lazyBundle(specifier)}/index` })),
    outdir: resolve(outDir),
  });
  for (const specifier of lazy) {
    const manifest = {
      name: lazyBundle(specifier),
      private: true,
      type: 'module',
      exports: './index.mjs',
      description: `${specifier}, bundled into one file`,
    };
    await mkdir(join(outDir, 'node_modules', lazyBundle(specifier)), { recursive: true });
    await writeFile(
      join(outDir, 'node_modules', lazyBundle(specifier), 'package.json'),
      `${JSON.stringify(manifest, null, 2)}\n`,
    );
  }
  const warnings = [...functions.warnings, ...packages.warnings, ...workers.warnings];
  if (warnings.length > 0) throw new Error(`Bundling the functions warned:\n${warnings.map((w) => w.text).join('\n')}`);
  return { functions: functions.metafile!, lazy: packages.metafile!, workers: workers.metafile! };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const { functions, lazy, workers } = await bundleFunctionSources(process.argv[2]);
  console.log(
    `Bundled ${Object.keys(functions.outputs).length} functions, ${Object.keys(lazy.outputs).length} lazily imported packages and ${Object.keys(workers.outputs).length} workers into ${process.argv[2] ?? BUNDLED_DIR}.`,
  );
}
