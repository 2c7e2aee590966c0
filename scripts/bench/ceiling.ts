/**
 * The ceiling for the API benchmark: a bare function in our own style (`route()`), answering GET
 * with the editors JSON from memory and POST with `{ ok: true }` once the body is read, served the
 * way the local platform serves functions (the same Node request -> web Request -> Response path).
 * What a function can do at best on this machine.
 * Usage: tsx scripts/bench/ceiling.ts <port> <file with the editors JSON>
 */
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { json, route } from '#server/core/http';
import { send, toRequest } from '../platform/site-server';

const [port, file] = process.argv.slice(2);
const editors = readFileSync(file);
const origin = `http://127.0.0.1:${port}`;

const bare = route({
  GET: () => new Response(editors, { headers: { 'content-type': 'application/json' } }),
  POST: async (req) => {
    await req.arrayBuffer();
    return json({ ok: true });
  },
});

createServer(async (req, res) => send(res, await bare(toRequest(req, origin), {} as never))).listen(
  Number(port),
  '127.0.0.1',
);
