// Who may import whom, as zones of import-x/no-restricted-paths: each part of the code names what it
// may import besides itself, and every other import is refused by the lint. The server's features
// are listed from the bottom up; the table must stay a one-way order (tests/unit/layers.test.ts).
import { readdirSync } from 'node:fs';

/** Each server folder and the folders it may import: infrastructure first, then features on top of it. */
export const SERVER = {
  storage: [],
  core: ['storage'],
  backup: ['storage'],
  editors: ['core', 'storage'],
  essay: ['core', 'storage'],
  contact: ['core', 'storage'],
  payouts: ['editors', 'core', 'storage'],
  consults: ['editors', 'core', 'storage'],
  orders: ['editors', 'core', 'storage'],
  reviews: ['editors', 'core', 'storage'],
  waitlist: ['editors', 'core', 'storage'],
  applications: ['editors', 'core', 'storage'],
  staff: ['core', 'storage'],
  projects: ['orders', 'payouts', 'reviews', 'waitlist', 'editors', 'essay', 'core', 'storage'],
  privacy: ['projects', 'orders', 'reviews', 'waitlist', 'consults', 'contact', 'editors', 'essay', 'core', 'storage'],
  admin: [
    'projects',
    'orders',
    'payouts',
    'waitlist',
    'applications',
    'consults',
    'contact',
    'backup',
    'editors',
    'core',
    'storage',
  ],
  jobs: ['projects', 'orders', 'waitlist', 'core', 'storage'],
};

/** Where each server part lives: in netlify/server, or in its feature's folder beside the rest of it. */
export const SERVER_PATHS = {
  admin: 'src/features/admin/server',
  applications: 'src/features/applications/server',
  consults: 'src/features/consults/server',
  contact: 'src/features/contact/server',
  editors: 'src/features/editors/server',
  essay: 'src/features/essay/server',
  orders: 'src/features/orders/server',
  payouts: 'src/features/payouts/server',
  privacy: 'src/features/privacy/server',
  projects: 'src/features/projects/server',
  reviews: 'src/features/reviews/server',
  staff: 'src/features/staff/server',
  waitlist: 'src/features/waitlist/server',
};
export const serverPath = (name) => SERVER_PATHS[name] ?? `netlify/server/${name}`;

/** The site's parts that are pages or parts of pages: they may import anything of the site. */
const SITE = ['src/pages', 'src/components', 'src/layouts', 'src/build'];
const BROWSER = ['src/islands', 'src/client', 'src/stores'];

const foldersOf = (dir) =>
  readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);

/** Code of an island folder; an Astro file there is a page (the test checkout's, injected by the build). */
const islandCode = (folder) => `src/islands/${folder}/**/*.{ts,tsx}`;

/**
 * A feature's folder holds its rules (the files at its top: the browser and the server read them), its
 * server part (`server/`, a layer of the table above), its islands (`islands/`) and its tests (`tests/`).
 */
const FEATURES = foldersOf('src/features').map((name) => ({
  rules: `src/features/${name}/*.ts`,
  schemas: `src/features/${name}/*.schema.ts`,
  server: `src/features/${name}/server`,
  islands: `src/features/${name}/islands`,
}));
const featureServers = FEATURES.map((f) => f.server);
const featureIslands = FEATURES.map((f) => f.islands);

export function zones() {
  const zones = [
    {
      target: 'src/lib',
      from: ['src/islands', 'src/client', 'src/stores', ...SITE, 'netlify', 'src/features'],
      message: 'src/lib is the rules both sides share: it imports only itself.',
    },
    ...FEATURES.map((feature) => ({
      target: feature.rules,
      from: [...BROWSER, ...SITE, 'netlify', ...featureServers, ...featureIslands],
      message: "A feature's rules import only src/lib and the rules of features.",
    })),
    {
      // The tests' helpers have names of their own (#tests/*) for the tests beside a feature's code.
      target: ['netlify', 'src/lib', ...BROWSER, ...SITE, ...FEATURES.flatMap((f) => [f.rules, f.server, f.islands])],
      from: 'tests',
      message: 'The code never imports the tests or their helpers.',
    },
    {
      target: ['src/client', 'src/stores'],
      from: ['src/islands', ...SITE, 'netlify', 'src/features'],
      message: 'The browser helpers and stores import only src/lib and each other.',
    },
    {
      target: ['netlify', ...featureServers],
      from: [...BROWSER, ...SITE, ...featureIslands],
      message: "The server imports only src/lib of the site and features' rules.",
    },
    {
      // The audit log and the owner's notices are infrastructure: features register their names with
      // them (#lib/audit), never the other way round.
      target: ['netlify/server/core', 'netlify/server/storage'],
      from: 'src/features',
      message: 'Infrastructure (core, storage) imports no feature, not even its rules.',
    },
    {
      target: ['netlify/server', ...featureServers],
      from: 'netlify/functions',
      message: 'Functions are entry points: the server never imports them.',
    },
    {
      target: ['src/pages', 'src/components', 'src/layouts'],
      from: ['netlify', ...featureServers],
      message: "The site reads the server's data through its API, never its code.",
    },
    // Build time only: a local build renders the demo editors the local server seeds.
    ...['netlify', ...featureServers].map((from) => ({
      target: 'src/build',
      from,
      except: from === serverPath('editors') ? ['./seed.ts'] : [],
      message: "The build reads the server's demo editors and nothing else of it.",
    })),
    {
      target: [...BROWSER, ...featureIslands],
      from: ['src/lib/*.schema.ts', ...FEATURES.map((f) => f.schemas)],
      message: 'The browser imports no zod half of a topic (*.schema.ts): the server parses with those.',
    },
  ];

  const islands = foldersOf('src/islands');
  for (const folder of islands) {
    const others = islands.filter((other) => other !== folder && (folder === 'shared' || other !== 'shared'));
    zones.push({
      target: islandCode(folder),
      from: [
        ...others.map((other) => `src/islands/${other}`),
        ...SITE,
        'netlify',
        ...(folder === 'shared' ? featureIslands : []),
      ],
      message:
        folder === 'shared'
          ? 'islands/shared imports no feature.'
          : "An island feature imports only itself, islands/shared and features' islands.",
    });
  }
  zones.push({
    target: featureIslands.map((dir) => `${dir}/**/*.{ts,tsx}`),
    from: [
      ...islands.filter((folder) => folder !== 'shared').map((folder) => `src/islands/${folder}`),
      ...SITE,
      'netlify',
      ...featureServers,
    ],
    message:
      "A feature's islands import only themselves, islands/shared, src/lib and the browser's helpers, and features' rules.",
  });

  for (const [folder, allowed] of Object.entries(SERVER)) {
    const refused = Object.keys(SERVER).filter((other) => other !== folder && !allowed.includes(other));
    if (refused.length === 0) continue;
    zones.push({
      target: serverPath(folder),
      from: refused.map(serverPath),
      message: `${serverPath(folder)} may import only ${allowed.length ? allowed.join(', ') : 'itself'} (scripts/lint/layers.js).`,
    });
  }
  return zones;
}
