/**
 * Our functions as Netlify deploys them: first bundled one file each by our build
 * (scripts/build/functions.ts), then packed by @netlify/zip-it-and-ship-it, the bundler Netlify's build
 * runs (for v2 functions: each file transpiled, every package it still imports traced and copied
 * beside it). The bundle-proof tests start each bundle in a fresh Node process (bundle-probe.mjs), and
 * the cold-start benchmark times it; a function that works under the dev server but breaks when
 * bundled fails there.
 */
import { spawn } from 'node:child_process';
import { mkdir, mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { zipFunctions } from '@netlify/zip-it-and-ship-it';
import type { Metafile } from 'esbuild';
import { bundleFunctionSources } from '../build/functions';

export interface FunctionBundle {
  name: string;
  /** The directory Netlify would zip. */
  dir: string;
  /** The bundled function module (what Netlify's entry point loads). */
  modulePath: string;
  /** URL paths from `config.path`, and the cron of a scheduled function. */
  paths: string[];
  schedule?: string;
  sizeBytes: number;
}

async function directorySize(dir: string): Promise<number> {
  let total = 0;
  for (const entry of await readdir(dir, { withFileTypes: true, recursive: true })) {
    if (entry.isFile()) total += (await stat(join(entry.parentPath, entry.name))).size;
  }
  return total;
}

/** Bundles every function of `sourceDir` into `outDir` (which must lie outside the project, so
 * nothing resolves from the project's own node_modules); throws on any bundling error. */
export async function bundleFunctions(
  sourceDir: string,
  outDir: string,
  projectRoot = process.cwd(),
): Promise<FunctionBundle[]> {
  const results = await zipFunctions([resolve(sourceDir)], outDir, {
    archiveFormat: 'none',
    basePath: projectRoot,
    repositoryRoot: projectRoot,
    configFileDirectories: [],
    config: { '*': { nodeBundler: 'esbuild' } },
  });
  const problems = results.flatMap((r) =>
    [...(r.bundlerErrors ?? []), ...(r.bundlerWarnings ?? [])].map((m) => `${r.name}: ${JSON.stringify(m)}`),
  );
  if (problems.length > 0) throw new Error(`Bundling reported problems:\n${problems.join('\n')}`);
  return Promise.all(
    results.map(async (r) => {
      // The entry point says which module it loads: `getLambdaHandler('./netlify/functions/x.mjs')`.
      const entry = await readFile(join(r.path, r.entryFilename ?? '___netlify-entry-point.mjs'), 'utf8');
      const main = /getLambdaHandler\('([^']+)'\)/.exec(entry)?.[1];
      if (!main) throw new Error(`${r.name}: cannot find the bundled module in its entry point`);
      return {
        name: r.name,
        dir: r.path,
        modulePath: join(r.path, main),
        paths: (r.routes ?? []).map((route) => route.pattern),
        schedule: r.schedule,
        sizeBytes: await directorySize(r.path),
      };
    }),
  );
}

/**
 * What `npm run build` and then Netlify make of netlify/functions, packed into `outDir`. The build's
 * bundles are written to a scratch folder inside the project (packages resolve from its
 * node_modules, as on Netlify), never over the build's own output.
 */
export async function bundleDeployedFunctions(
  outDir: string,
  projectRoot = process.cwd(),
): Promise<{ bundles: FunctionBundle[]; metafiles: { functions: Metafile; lazy: Metafile; workers: Metafile } }> {
  await mkdir(join(projectRoot, '.netlify'), { recursive: true });
  const built = await mkdtemp(join(projectRoot, '.netlify', 'functions-bundled-'));
  try {
    const metafiles = await bundleFunctionSources(built, join(projectRoot, 'netlify/functions'));
    return { bundles: await bundleFunctions(built, outDir, projectRoot), metafiles };
  } finally {
    await rm(built, { recursive: true, force: true });
  }
}

export interface ProbeRequest {
  method?: string;
  path: string;
  headers?: Record<string, string>;
  body?: string;
  /** A binary body, such as a file, in base64. */
  bodyBase64?: string;
  params?: Record<string, string>;
  deployContext?: string;
}

export interface ProbeAnswer {
  status: number;
  contentType: string | null;
  body: string;
  /** From spawning a fresh process to its answer: Node's start, the import, the request. */
  ms: number;
  /** With `listPackages`: every package the import and the request loaded, */
  packages?: string[];
  /** and every other file (as a file: URL). */
  files?: string[];
}

const PROBE = resolve('scripts/platform/bundle-probe.mjs');

/** Starts `bundle` in a fresh Node process for one request; `env` is all the environment it gets. */
export function probeBundle(
  bundle: Pick<FunctionBundle, 'modulePath'>,
  request: ProbeRequest,
  env: Record<string, string>,
  { listPackages = false, nodeArgs = [] as string[] } = {},
): Promise<ProbeAnswer> {
  const spec = JSON.stringify({ ...request, url: `http://localhost:8888${request.path}` });
  const args = [...nodeArgs, PROBE, bundle.modulePath, spec, ...(listPackages ? ['--packages'] : [])];
  const started = performance.now();
  return new Promise((ok, fail) => {
    const child = spawn(process.execPath, args, {
      env: { PATH: process.env.PATH ?? '', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    let ms = 0;
    child.stdout.on('data', (d) => {
      ms ||= performance.now() - started;
      out += d;
    });
    child.stderr.on('data', (d) => (err += d));
    child.on('error', fail);
    child.on('close', (code) => {
      if (code !== 0) return fail(new Error(`${bundle.modulePath} exited with ${code}:\n${err}`));
      // The probe's answer is its last line; a function may log to stdout before it.
      const answer = out.trim().split('\n').at(-1) ?? '';
      ok({ ...(JSON.parse(answer) as Omit<ProbeAnswer, 'ms'>), ms });
    });
  });
}
