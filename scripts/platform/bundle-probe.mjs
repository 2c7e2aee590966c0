/**
 * Runs in a fresh Node process: imports one bundled function and answers one request with it, as a
 * cold Netlify instance would. Plain JavaScript on purpose: nothing but Node and the bundle loads.
 *   node bundle-probe.mjs <bundled module> '<{"method","url","headers","body","params","deployContext"}>' [--packages]
 * Prints `{ status, contentType, body }` as one JSON line; with --packages also the packages the
 * import and the request loaded (module hooks cost time, so timings are taken without them).
 */
import { register } from 'node:module';
import { pathToFileURL } from 'node:url';

const [modulePath, spec, flag] = process.argv.slice(2);
const packages = new Set();
if (flag === '--packages') {
  const { port1, port2 } = new MessageChannel();
  port1.on('message', (name) => packages.add(name));
  port1.unref();
  register('./bundle-probe-hooks.mjs', import.meta.url, { data: { port: port2 }, transferList: [port2] });
}

const { method = 'GET', url, headers = {}, body, params = {}, deployContext = '' } = JSON.parse(spec);
const pending = [];
const context = {
  deploy: { context: deployContext, id: 'probe', published: false },
  params,
  requestId: 'probe',
  site: { url: new URL(url).origin },
  waitUntil: (work) => pending.push(work),
};
const { default: handler } = await import(pathToFileURL(modulePath).href);
const res = await handler(new Request(url, { method, headers, body }), context);
const text = await res.text();
await Promise.allSettled(pending);
// Messages from the hooks thread arrive asynchronously: let them land before reporting.
await new Promise((resolve) => setTimeout(resolve, 50));
const answer = { status: res.status, contentType: res.headers.get('content-type'), body: text.slice(0, 2000) };
process.stdout.write(`${JSON.stringify(flag === '--packages' ? { ...answer, packages: [...packages].sort() } : answer)}\n`);
