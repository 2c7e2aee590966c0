/** The pages of the production build in dist/, as the routes they are served at. */
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

export const DIST = resolve('dist');

export interface BuiltPage {
  /** The HTML file in dist/, e.g. 'pricing.html'. */
  file: string;
  /** Where the page is served: '/pricing'; '/' for index.html; an unknown path for the 404 page. */
  route: string;
  html: string;
}

/** A path no page has: what serves the 404 page. */
export const UNKNOWN_PATH = '/no-such-page';

const routeOf = (file: string) => {
  const name = file.replace(/\.html$/, '');
  if (name === 'index') return '/';
  if (name === '404') return UNKNOWN_PATH;
  return `/${name}`;
};

/** Every page of the build (top-level HTML files: the build format is 'file'). */
export function builtPages(): BuiltPage[] {
  return readdirSync(DIST)
    .filter((file) => file.endsWith('.html'))
    .sort()
    .map((file) => ({ file, route: routeOf(file), html: readFileSync(join(DIST, file), 'utf8') }));
}

/** The inline (not `src=`) executable scripts of a page; JSON-LD and other data blocks are not scripts. */
export function inlineScripts(html: string): string[] {
  const scripts = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)];
  return scripts
    .filter(([, attrs]) => !/\bsrc=/.test(attrs) && !/type="application\/(ld\+)?json"/.test(attrs))
    .map(([, , body]) => body);
}
