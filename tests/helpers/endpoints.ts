/**
 * Every endpoint of netlify/functions, found the way the platform finds them: each file's
 * `config.path`, and the methods its `route()` allows (the `Allow` header of a 405). Tests that must
 * cover every endpoint compare their rows with this list, so a new endpoint without a row fails.
 */
import { readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Config, Context } from '@netlify/functions';
import { BASE, context } from './functions';

type Handler = (req: Request, context: Context) => Promise<Response> | Response;

export interface Endpoint {
  /** 'POST /api/database/editors' */
  key: string;
  method: string;
  path: string;
  file: string;
  handler: Handler;
  config: Config;
}

const FUNCTIONS_DIR = resolve('netlify/functions');

export async function listEndpoints(): Promise<Endpoint[]> {
  const files = readdirSync(FUNCTIONS_DIR).filter((f) => /\.(ts|mts|js|mjs)$/.test(f));
  const perFile = await Promise.all(
    files.map(async (file) => {
      const mod = (await import(pathToFileURL(join(FUNCTIONS_DIR, file)).href)) as {
        default: Handler;
        config?: Config;
      };
      const config = mod.config ?? {};
      // A scheduled function has no URL on Netlify: it is no endpoint (scripts/platform/scheduled-functions.ts).
      if (config.schedule) return [];
      const path = String(config.path);
      const probe = await mod.default(new Request(`${BASE}/`, { method: 'OPTIONS' }), context());
      const allow = probe.headers.get('allow');
      if (probe.status !== 405 || !allow)
        throw new Error(`${file} does not answer OPTIONS with 405 and Allow: every function should use route()`);
      return allow
        .split(', ')
        .map((method) => ({ key: `${method} ${path}`, method, path, file, handler: mod.default, config }));
    }),
  );
  return perFile.flat().sort((a, b) => a.key.localeCompare(b.key));
}
