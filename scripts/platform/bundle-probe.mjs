/**
 * Runs in a fresh Node process: imports one bundled function and answers one request with it, as a
 * cold Netlify instance would. Plain JavaScript on purpose: nothing but Node and the bundle loads.
 *   node bundle-probe.mjs <bundled module> '<{"method","url","headers","body","bodyBase64","params","deployContext"}>' [--packages]
 * Prints `{ status, contentType, body }` as one JSON line the moment the answer is ready; with --packages also the packages the
 * import and the request loaded, and our own files (module hooks cost time, so timings are taken
 * without them).
 */
import { register } from 'node:module';
import { pathToFileURL } from 'node:url';

const [modulePath, spec, flag] = process.argv.slice(2);
const packages = new Set();
const files = new Set();
if (flag === '--packages') {
  const { port1, port2 } = new MessageChannel();
  port1.on('message', (loaded) => (loaded.package ? packages.add(loaded.package) : files.add(loaded.file)));
  port1.unref();
  register('./bundle-probe-hooks.mjs', import.meta.url, { data: { port: port2 }, transferList: [port2] });
}

const { method = 'GET', url, headers = {}, body, bodyBase64, params = {}, deployContext = '' } = JSON.parse(spec);
const pending = [];
const context = {
  deploy: { context: deployContext, id: 'probe', published: false },
  params,
  requestId: 'probe',
  site: { url: new URL(url).origin },
  waitUntil: (work) => pending.push(work),
};
const { default: handler } = await import(pathToFileURL(modulePath).href);
// A binary body (a file) comes as base64.
const bytes = bodyBase64 === undefined ? body : Buffer.from(bodyBase64, 'base64');
const res = await handler(new Request(url, { method, headers, body: bytes }), context);
const answer = {
  status: res.status,
  contentType: res.headers.get('content-type'),
  body: (await res.text()).slice(0, 2000),
};
if (flag === '--packages') {
  // Include what work after the answer (`waitUntil`) loads; messages from the hooks thread arrive
  // asynchronously: let them land before reporting.
  await Promise.allSettled(pending);
  await new Promise((resolve) => setTimeout(resolve, 50));
  Object.assign(answer, { packages: [...packages].sort(), files: [...files].sort() });
}
// The answer is out as soon as it is ready (the timing ends here); work after it still finishes.
process.stdout.write(`${JSON.stringify(answer)}\n`);
await Promise.allSettled(pending);
