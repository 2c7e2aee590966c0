/**
 * The scale bench's storage, in a process of its own as Blobs runs on machines of its own: the local
 * Blobs server, and in front of it a proxy that counts every request and adds the round trip a
 * function has to Blobs in production (ROUND_TRIP_MS). The bench starts it with startBlobsHost; run
 * as a script, it starts both and prints where they listen.
 */
import { spawn } from 'node:child_process';
import { createServer, request, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { startBlobsServer } from '../platform/site-server';

export const ROUND_TRIP_MS = 40;
/** Answers the proxy's count of requests so far; not itself counted. */
const COUNT_PATH = '/__bench/count';

/** Keys Blobs answers per listing request: a longer listing costs one more round trip per page. */
const LISTING_PAGE = 1_000;

function startProxy(target: string) {
  let requests = 0;
  // A listing's keys, kept from its first page for the pages after it (the local server walks its
  // whole folder for each listing).
  const listed = new Map<string, { blobs: { key: string }[]; directories: string[] }>();
  /** A listing's page at `offset` (here the cursor), and the cursor of the next. */
  const pageOf = (whole: { blobs: { key: string }[]; directories: string[] }, offset: number) => {
    const next = offset + LISTING_PAGE < whole.blobs.length ? String(offset + LISTING_PAGE) : undefined;
    return {
      blobs: whole.blobs.slice(offset, offset + LISTING_PAGE),
      directories: offset === 0 ? whole.directories : [],
      ...(next && { next_cursor: next }),
    };
  };
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    if (req.url === COUNT_PATH) return void res.end(JSON.stringify({ requests }));
    requests += 1;
    // The local server answers a whole listing at once; Blobs pages it by 1,000 keys, in key order,
    // one round trip a page, and a client that stops early pays for the pages it read. The proxy
    // answers a listing's page `cursor` (an offset here) and names the next.
    const url = new URL(req.url ?? '/', 'http://proxy');
    const offset = Number(url.searchParams.get('cursor') ?? 0);
    url.searchParams.delete('cursor');
    const path = `${url.pathname}${url.search}`;
    setTimeout(() => {
      const kept = offset > 0 ? listed.get(path) : undefined;
      if (kept) {
        const page = pageOf(kept, offset);
        if (!page.next_cursor) listed.delete(path);
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(page));
        return;
      }
      const upstream = request(`${target}${path}`, { method: req.method, headers: req.headers }, (answer) => {
        if (req.method !== 'GET' || !/json/.test(String(answer.headers['content-type']))) {
          res.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(res);
          return;
        }
        const chunks: Buffer[] = [];
        answer.on('data', (chunk: Buffer) => chunks.push(chunk));
        answer.on('end', () => {
          let body = Buffer.concat(chunks);
          try {
            const parsed = JSON.parse(body.toString()) as { blobs?: { key: string }[]; directories?: string[] };
            // A listing answers `blobs` as a list; a record's own JSON is passed on as it is.
            if (Array.isArray(parsed.blobs)) {
              const whole = {
                blobs: parsed.blobs.sort((a, b) => (a.key < b.key ? -1 : 1)),
                directories: parsed.directories ?? [],
              };
              const page = pageOf(whole, offset);
              if (page.next_cursor) listed.set(path, whole);
              body = Buffer.from(JSON.stringify(page));
            }
          } catch {
            // Not JSON after all: passed on as it is.
          }
          const { 'transfer-encoding': _chunked, ...headers } = answer.headers;
          res.writeHead(answer.statusCode ?? 502, { ...headers, 'content-length': String(body.length) });
          res.end(body);
        });
      });
      upstream.on('error', () => res.writeHead(502).end());
      req.pipe(upstream);
    }, ROUND_TRIP_MS);
  });
  return new Promise<string>((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`)),
  );
}

/** Starts the host process: the Blobs context for the bench's stores, the server's address and the proxy's. */
export async function startBlobsHost(dataDir: string) {
  const child = spawn(process.execPath, [...process.execArgv, fileURLToPath(import.meta.url), dataDir], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const lines = createInterface({ input: child.stdout })[Symbol.asyncIterator]();
  const { value: line } = (await lines.next()) as { value?: string };
  if (!line) throw new Error('The Blobs host did not start');
  const { context, direct, proxy } = JSON.parse(line) as { context: string; direct: string; proxy: string };
  return {
    context,
    direct,
    proxy: {
      url: proxy,
      count: async () => ((await (await fetch(`${proxy}${COUNT_PATH}`)).json()) as { requests: number }).requests,
    },
    stop: () =>
      new Promise<void>((resolve) => {
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const blobs = await startBlobsServer(process.argv[2]);
  const context = process.env.NETLIFY_BLOBS_CONTEXT!;
  const direct = (JSON.parse(Buffer.from(context, 'base64').toString()) as { edgeURL: string }).edgeURL;
  const proxy = await startProxy(direct);
  process.stdout.write(`${JSON.stringify({ context, direct, proxy })}\n`);
  process.once('SIGTERM', () => void blobs.stop().finally(() => process.exit(0)));
}
