/** Which file of ours an import names, as the tools resolve it. */
import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';

/** package.json's `imports`: '#lib/*' -> './src/lib/*.ts' and the like. */
const ALIASES = Object.entries(JSON.parse(readFileSync('package.json', 'utf8')).imports as Record<string, string>).map(
  ([name, target]) => ({ prefix: name.replace('*', ''), target }),
);

/** The absolute path an import of `from` names (a relative one without its extension); null for a package. */
export function importedPath(from: string, specifier: string): string | null {
  if (specifier.startsWith('.')) return resolve(dirname(from), specifier);
  const alias = ALIASES.find(({ prefix }) => specifier.startsWith(prefix));
  return alias ? resolve(alias.target.replace('*', specifier.slice(alias.prefix.length))) : null;
}
