/**
 * `npm run bench`, the delivery part: with 1,000 projects stored, a customer's projects
 * (`GET /api/projects`) and an editor's inbox (`GET /api/editor/projects`) under load, signed in with
 * real emulator tokens, against the production build served as `npm start` serves it. The projects are
 * written straight into the site's data directory: 1,000 of them across 7 editors and 200 families,
 * most of them finished long ago, as a busy season leaves them; the bench customer has 5. Target:
 * p99 under 100 ms for one person asking (one connection); the same under 10 connections at once is
 * reported as what the machine carries. Writes its own section of docs/benchmarks.md.
 */
import { execFileSync } from 'node:child_process';
import { cpus, loadavg } from 'node:os';
import { projectsOfOrder } from '#features/projects/server/creation';
import { projectsRepo } from '#features/projects/server/projects.repo';
import { DEMO_EDITORS } from '#features/editors/server/seed';
import type { Project } from '#features/projects/project';
import type { Order } from '#features/orders/order';
import { startBlobsServer } from '../platform/site-server';
import { isFinished } from '#features/projects/process';
import { load, type LoadResult } from './load';
import { benchOrderDraft } from './orders';
import { loadNote, REPORT, writeSection } from './report';
import { startSite } from './site';

const SECONDS = Number(process.env.BENCH_API_SECONDS ?? 5);
const CONNECTIONS = Number(process.env.BENCH_API_CONNECTIONS ?? 10);
const PROJECTS = 1000;
const FAMILIES = 200;
const TARGET_P99_MS = 100;

const toolkit = async (origin: string, method: string, body: object) => {
  const res = await fetch(`${origin}/identitytoolkit.googleapis.com/v1/accounts:${method}?key=bench`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return (await res.json()) as { idToken: string; localId: string };
};

/**
 * A new account with a verified address, as its owner would verify it: an editor holds the role only
 * then. The emulator keeps the verification code; applying it is what opening the e-mail's link does.
 */
async function signUp(origin: string, email: string) {
  const password = 'secret-pass';
  const { idToken, localId } = await toolkit(origin, 'signUp', { email, password, returnSecureToken: true });
  await toolkit(origin, 'sendOobCode', { requestType: 'VERIFY_EMAIL', idToken });
  const codes = (await (await fetch(`${origin}/emulator/v1/projects/demo-beacon/oobCodes`)).json()) as {
    oobCodes: { email: string; requestType: string; oobCode: string }[];
  };
  const code = codes.oobCodes.filter((c) => c.email === email && c.requestType === 'VERIFY_EMAIL').at(-1)!;
  await toolkit(origin, 'update', { oobCode: code.oobCode });
  const verified = await toolkit(origin, 'signInWithPassword', { email, password, returnSecureToken: true });
  return { uid: localId, token: verified.idToken };
}

/** A paid order of `units` small supplements with `editor`, paid `daysAgo` days ago. */
function order(n: number, uid: string, editor: (typeof DEMO_EDITORS)[number], units: number, daysAgo: number): Order {
  const at = new Date(Date.now() - daysAgo * 86_400_000).toISOString();
  const id = `BCC-${String(n).padStart(6, '0').replace(/0/g, 'A').replace(/1/g, 'B')}`;
  const draft = benchOrderDraft(uid, editor, units);
  return { ...draft, id, status: 'paid', createdAt: at, updatedAt: at, payment: { ...draft.payment, paidAt: at } };
}

/** Most projects of a season are long finished; about one in eight is still open. */
const settle = (project: Project, i: number): Project =>
  i % 8 === 0 ? project : { ...project, state: 'final', version: 5 };

async function seed(dataDir: string, customerUid: string) {
  const blobs = await startBlobsServer(dataDir);
  const repo = projectsRepo();
  const projects: Project[] = [];
  // The bench customer: 5 projects with Maya.
  projects.push(...projectsOfOrder(order(1, customerUid, DEMO_EDITORS[0], 5, 1)));
  for (let n = 2; projects.length < PROJECTS; n++) {
    const units = Math.min(5, PROJECTS - projects.length);
    projects.push(
      ...projectsOfOrder(
        order(n, `family-${n % FAMILIES}`, DEMO_EDITORS[n % DEMO_EDITORS.length], units, 1 + (n % 120)),
      ).map((p, i) => settle(p, n + i)),
    );
  }
  for (let i = 0; i < projects.length; i += 25) await Promise.all(projects.slice(i, i + 25).map((p) => repo.create(p)));
  await blobs.stop();
  return projects;
}

async function measure(url: string, token: string, connections: number): Promise<LoadResult> {
  const options = { url, headers: { authorization: `Bearer ${token}` }, connections };
  await load({ ...options, seconds: 2 }); // warm-up
  const rounds = [
    await load({ ...options, seconds: SECONDS }),
    await load({ ...options, seconds: SECONDS }),
    await load({ ...options, seconds: SECONDS }),
  ];
  const median = [...rounds].sort((a, b) => a.p99 - b.p99)[1];
  return { ...median, errors: rounds.reduce((sum, r) => sum + r.errors, 0) };
}

const startLoad = loadavg()[0];
const site = await startSite();
const results: { name: string; items: number; connections: number; result: LoadResult }[] = [];
try {
  const customer = await signUp(site.origin, `bench-${Date.now()}@example.com`);
  const maya = await signUp(site.origin, DEMO_EDITORS[0].accountEmail!);
  const projects = await seed(site.dataDir, customer.uid);
  const mayaOpen = projects.filter((p) => p.editor.id === DEMO_EDITORS[0].id && !isFinished(p.state)).length;
  for (const connections of [1, CONNECTIONS]) {
    results.push({
      name: 'GET /api/projects (a customer with 5)',
      items: 5,
      connections,
      result: await measure(`${site.origin}/api/projects`, customer.token, connections),
    });
    results.push({
      name: `GET /api/editor/projects (an editor's inbox)`,
      items: mayaOpen,
      connections,
      result: await measure(`${site.origin}/api/editor/projects`, maya.token, connections),
    });
  }
} finally {
  await site.stop();
}

const table = [
  '| Request | Projects in the answer | Connections | req/s | p50 | p99 | Errors | Target (p99) | Met |',
  '|---|---:|---:|---:|---:|---:|---:|---:|---|',
  ...results.map(({ name, items, connections, result: r }) => {
    const target =
      connections === 1
        ? [`${TARGET_P99_MS} ms`, r.p99 < TARGET_P99_MS && r.errors === 0 ? 'yes' : 'no']
        : ['(load)', r.errors === 0 ? 'no errors' : 'errors'];
    return `| \`${name}\` | ${items} | ${connections} | ${r.rps.toFixed(0)} | ${r.p50.toFixed(1)} ms | ${r.p99.toFixed(1)} ms | ${r.errors} | ${target.join(' | ')} |`;
  }),
].join('\n');
const commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { encoding: 'utf8' }).trim();
writeSection(
  'delivery-bench',
  `## Delivery lists

\`npm run bench\` (this part alone: \`npx tsx scripts/bench/projects.ts\` after \`npm run build\`), on ${new Date().toISOString().slice(0, 10)} at commit ${commit}:
${PROJECTS} projects stored (7 editors, ${FAMILIES} families, about one in eight still open), the production build served by
\`scripts/serve.ts\`, signed-in requests with real emulator tokens over 1 keep-alive connection (one person asking: the target),
then ${CONNECTIONS} at once (load: what this machine carries, no target); three turns of ${SECONDS} s after a 2 s warm-up, the median
turn by p99 reported (errors summed). Lists read index keys, never every project (decision 016); each project is one Blobs
read, which the local Blobs server serves from files in the site's own process and on its two cores, so under load the
inbox (one read per open project) queues behind the reads of the other nine connections.
Node ${process.version}, ${cpus().length} x ${cpus()[0]?.model.trim()}, ${loadNote(startLoad)}.

${table}`,
);
console.log(`\n${table}\n\nWritten to ${REPORT}.`);
