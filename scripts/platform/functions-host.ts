/**
 * Runs our Netlify Functions (v2: `export default (req, context)`, `export const config = { path }`)
 * in this process, loaded once, the way a warm function runs in production. @netlify/dev rebundles
 * a function on every request (4 s for one that imports firebase-admin), which made the local site
 * too slow to use or test; see docs/decisions/002-local-functions-host.md.
 */
import { readdir } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Config, Context } from '@netlify/functions';

type Handler = (req: Request, context: Context) => Promise<Response> | Response;
interface Route {
  name: string;
  pattern: RegExp;
  keys: string[];
  handler: Handler;
}

/** `/api/orders/:id` -> a RegExp with one capture per `:param`; `*` matches the rest. */
export function compilePath(path: string) {
  const keys: string[] = [];
  const source = path
    .split('/')
    .map((segment) => {
      if (segment.startsWith(':')) {
        keys.push(segment.slice(1));
        return '([^/]+)';
      }
      if (segment === '*') return '.*';
      return segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    })
    .join('/');
  return { pattern: new RegExp(`^${source}/?$`), keys };
}

export interface FunctionModule {
  /** The file name, e.g. 'editors.ts'. */
  name: string;
  handler: Handler;
  config?: Config;
}

/** Imports every function of `directory` once, in file order. */
export async function importFunctions(directory = resolve('netlify/functions')): Promise<FunctionModule[]> {
  const files = (await readdir(directory)).filter((f) => /\.(ts|mts|js|mjs)$/.test(f)).sort();
  return Promise.all(
    files.map(async (name) => {
      const mod = (await import(pathToFileURL(join(directory, name)).href)) as { default: Handler; config?: Config };
      return { name, handler: mod.default, config: mod.config };
    }),
  );
}

/** A Context as `netlify dev` gives one: the deploy context is empty locally, so stores carry no prefix. */
export function localContext(name: string, siteUrl: string, params: Record<string, string> = {}): Context {
  return {
    params,
    requestId: crypto.randomUUID(),
    deploy: { context: '', id: '0', published: false },
    site: { url: siteUrl },
    // Work after the answer: this process lives on, so it only has to be caught.
    waitUntil: (work: Promise<unknown>) =>
      void work.catch((error) => console.error(`${name}: work after the answer failed:`, error)),
  } as unknown as Context;
}

/** Where Netlify serves a function without `config.path`: `/.netlify/functions/<file name>`. */
export const defaultPath = (fn: FunctionModule) => `/.netlify/functions/${fn.name.replace(/\.\w+$/, '')}`;

/** A scheduled function has no URL on Netlify; scheduled-functions.ts runs it instead. */
export const isScheduled = (fn: FunctionModule) => Boolean(fn.config?.schedule);

export async function loadFunctions(directory = resolve('netlify/functions')) {
  const routes: Route[] = [];
  for (const fn of (await importFunctions(directory)).filter((f) => !isScheduled(f))) {
    const paths = [fn.config?.path ?? defaultPath(fn)].flat();
    for (const path of paths) routes.push({ name: fn.name, ...compilePath(path), handler: fn.handler });
  }
  return {
    /** Answers the request if a function's path matches it, else undefined. */
    async handle(req: Request, siteUrl: string): Promise<Response | undefined> {
      const { pathname } = new URL(req.url);
      for (const route of routes) {
        const match = route.pattern.exec(pathname);
        if (!match) continue;
        const params = Object.fromEntries(route.keys.map((key, i) => [key, decodeURIComponent(match[i + 1])]));
        return route.handler(req, localContext(route.name, siteUrl, params));
      }
      return undefined;
    },
  };
}
