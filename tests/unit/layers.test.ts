/**
 * The code's structure as the lint enforces it (scripts/lint/layers.js, eslint.config.js): the server's
 * layer table is a one-way order naming every folder, the lint refuses an import against it, an import
 * cycle and a climb to a shared part that has a name, and no cycle exists even through type-only
 * imports (which the lint's cycle rule skips).
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { ESLint } from 'eslint';
import ts from 'typescript';
import { beforeAll, describe, expect, it } from 'vitest';
import { SERVER, SERVER_PATHS, serverPath } from '../../scripts/lint/layers.js';
import { importedPath } from '../helpers/imports';

const SERVER_ROOT = 'netlify/server';

describe('the server layer table', () => {
  it("names every folder of the server and every feature's server part, and only those", () => {
    const folders = [
      ...readdirSync(SERVER_ROOT, { withFileTypes: true })
        .filter((entry) => entry.isDirectory())
        .map((entry) => entry.name),
      ...Object.keys(SERVER_PATHS),
    ];
    expect(
      readdirSync('src/features', { withFileTypes: true })
        .filter((entry) => entry.isDirectory() && existsSync(`src/features/${entry.name}/server`))
        .map((entry) => serverPath(entry.name)),
    ).toEqual(Object.values(SERVER_PATHS));
    expect(Object.keys(SERVER).sort()).toEqual(folders.sort());
    for (const allowed of Object.values(SERVER)) for (const name of allowed) expect(folders).toContain(name);
  });

  it('is a one-way order: each folder may import only folders listed before it', () => {
    const order = Object.keys(SERVER);
    const backwards = Object.entries(SERVER).flatMap(([folder, allowed]) =>
      allowed.filter((name) => order.indexOf(name) >= order.indexOf(folder)).map((name) => `${folder} -> ${name}`),
    );
    expect(backwards).toEqual([]);
  });
});

// Limits, not waits: the first lint loads the config and parses what the imports reach (seconds on a busy machine).
describe('the lint refuses', { timeout: 60_000 }, () => {
  let eslint: ESLint;
  beforeAll(async () => {
    eslint = new ESLint();
    await eslint.lintText('', { filePath: 'src/lib/new-file.ts' });
  }, 60_000);

  const rulesBroken = async (filePath: string, code: string) =>
    (await eslint.lintText(code, { filePath }))[0].messages.map((m) => m.ruleId);

  it('infrastructure importing a feature', async () => {
    const code = "import { commitStep } from '#features/projects/server/steps';\nexport const f = commitStep;\n";
    expect(await rulesBroken('netlify/server/core/new-file.ts', code)).toContain('import-x/no-restricted-paths');
  });

  it('a feature importing one above it (orders -> projects), by a relative path or the alias', async () => {
    for (const from of ['../../projects/server/creation', '#features/projects/server/creation']) {
      const code = `import { ensureProjects } from '${from}';\nexport const f = ensureProjects;\n`;
      expect(await rulesBroken('src/features/orders/server/new-file.ts', code)).toContain(
        'import-x/no-restricted-paths',
      );
    }
  });

  it("an island feature importing another, and a feature's islands importing the admin's shell", async () => {
    const island = "import { AdminDashboard } from '../admin/AdminDashboard';\nexport const f = AdminDashboard;\n";
    expect(await rulesBroken('src/islands/dashboard/New.tsx', island)).toContain('import-x/no-restricted-paths');
    const tab =
      "import { AdminDashboard } from '../../../../islands/admin/AdminDashboard';\nexport const f = AdminDashboard;\n";
    expect(await rulesBroken('src/features/reviews/islands/admin/New.tsx', tab)).toContain(
      'import-x/no-restricted-paths',
    );
  });

  it("infrastructure importing a feature's rules", async () => {
    const core = "import { closureNotices } from '#features/privacy/privacy';\nexport const f = closureNotices;\n";
    expect(await rulesBroken('netlify/server/core/new-file.ts', core)).toContain('import-x/no-restricted-paths');
    expect(await rulesBroken('netlify/server/storage/new-file.ts', core)).toContain('import-x/no-restricted-paths');
  });

  it("src/lib importing the server, and the browser importing a topic's zod half", async () => {
    const lib = "import { HttpError } from '../../netlify/server/core/http';\nexport const f = HttpError;\n";
    expect(await rulesBroken('src/lib/new-file.ts', lib)).toContain('import-x/no-restricted-paths');
    const browser =
      "import { submitSchema } from '#features/projects/project.schema';\nexport const f = submitSchema;\n";
    expect(await rulesBroken('src/islands/dashboard/New.tsx', browser)).toContain('import-x/no-restricted-paths');
    expect(await rulesBroken('src/features/projects/islands/New.tsx', browser)).toContain(
      'import-x/no-restricted-paths',
    );
  });

  it("src/lib importing a feature, a feature's rules importing its server or islands, its islands an island feature", async () => {
    const lib = "import { PROJECT_STATES } from '#features/projects/project';\nexport const f = PROJECT_STATES;\n";
    expect(await rulesBroken('src/lib/new-file.ts', lib)).toContain('import-x/no-restricted-paths');
    const rules = "import { commitStep } from './server/steps';\nexport const f = commitStep;\n";
    expect(await rulesBroken('src/features/projects/new-file.ts', rules)).toContain('import-x/no-restricted-paths');
    const view = "import { StateBadge } from './islands/StateBadge';\nexport const f = StateBadge;\n";
    expect(await rulesBroken('src/features/projects/new-file.ts', view)).toContain('import-x/no-restricted-paths');
    const islands =
      "import { MyProjects } from '../../../islands/dashboard/MyProjects';\nexport const f = MyProjects;\n";
    expect(await rulesBroken('src/features/projects/islands/New.tsx', islands)).toContain(
      'import-x/no-restricted-paths',
    );
    const helper = "import { context } from '#tests/functions';\nexport const f = context;\n";
    expect(await rulesBroken('src/features/projects/server/new-file.ts', helper)).toContain(
      'import-x/no-restricted-paths',
    );
    const server = "import { commitStep } from '../server/steps';\nexport const f = commitStep;\n";
    expect(await rulesBroken('src/features/projects/islands/New.tsx', server)).toContain(
      'import-x/no-restricted-paths',
    );
  });

  it('an import that closes a cycle (keys.ts <- store.ts, then keys.ts -> store.ts)', async () => {
    const path = 'netlify/server/storage/keys.ts';
    const code = `${readFileSync(path, 'utf8')}\nimport { trustedStore } from './store';\nexport const g = trustedStore;\n`;
    expect(await rulesBroken(path, code)).toContain('import-x/no-cycle');
  });

  it('climbing to a shared part instead of naming it (#lib, #server...)', async () => {
    const code = "import { formatUsdCents } from '../../lib/money';\nexport const f = formatUsdCents;\n";
    expect(await rulesBroken('src/islands/dashboard/New.tsx', code)).toContain('no-restricted-imports');
    const named = "import { formatUsdCents } from '#lib/money';\nexport const f = formatUsdCents;\n";
    expect(await rulesBroken('src/islands/dashboard/New.tsx', named)).toEqual([]);
  });

  it('nothing where the rules allow it', async () => {
    const code = "import { ordersRepo } from '#features/orders/server/orders.repo';\nexport const f = ordersRepo;\n";
    expect(await rulesBroken('src/features/projects/server/new-file.ts', code)).toEqual([]);
    const islands =
      "import { StateBadge } from '../../features/projects/islands/StateBadge';\nexport const f = StateBadge;\n";
    expect(await rulesBroken('src/islands/dashboard/New.tsx', islands)).toEqual([]);
  });
});

/** Every repository file a source file imports, types included (TypeScript's own reading of the imports). */
function graph(roots: string[]): Map<string, string[]> {
  const walk = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) return walk(path);
      return /\.(ts|tsx|mts|astro)$/.test(entry.name) ? [path] : [];
    });
  const files = roots.flatMap(walk);
  const known = new Set(files);
  const target = (from: string, specifier: string) => {
    const named = importedPath(from, specifier);
    if (!named) return undefined;
    const path = relative('.', named);
    return ['', '.ts', '.tsx', '.mts', '/index.ts'].map((ext) => path + ext).find((candidate) => known.has(candidate));
  };
  return new Map(
    files.map((file) => [
      file,
      ts
        .preProcessFile(readFileSync(file, 'utf8'), true, true)
        .importedFiles.map((f) => f.fileName)
        .filter((name) => name.startsWith('.') || name.startsWith('#'))
        .flatMap((name) => target(file, name) ?? []),
    ]),
  );
}

/** The groups of files that reach each other (Tarjan's strongly connected components of two or more). */
function cycles(edges: Map<string, string[]>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (v: string) => {
    index.set(v, index.size);
    low.set(v, index.get(v)!);
    stack.push(v);
    onStack.add(v);
    for (const w of edges.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) === index.get(v)) {
      const group: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        group.push(w);
      } while (w !== v);
      if (group.length > 1) found.push(group.sort());
    }
  };
  for (const v of edges.keys()) if (!index.has(v)) visit(v);
  return found;
}

describe('imports, types included', () => {
  it('finds a cycle where there is one', () => {
    const edges = new Map([
      ['a', ['b']],
      ['b', ['c']],
      ['c', ['a']],
      ['d', ['a']],
    ]);
    expect(cycles(edges)).toEqual([['a', 'b', 'c']]);
  });

  it('form no cycle anywhere in the code', () => {
    const edges = graph(['src', 'netlify', 'scripts']);
    expect(edges.size).toBeGreaterThan(400);
    expect(cycles(edges)).toEqual([]);
  });
});
