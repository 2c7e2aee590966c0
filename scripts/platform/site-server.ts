/**
 * Serves the production build the way Netlify does, offline: `@netlify/dev` serves the static files
 * with netlify.toml's headers and redirects, our functions host runs the functions, and we bring our
 * own Blobs server so that the data directory can be chosen (a fresh one per test run,
 * `.netlify/data` for `npm start`).
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { resolve } from 'node:path';
import { Readable } from 'node:stream';
import { NetlifyDev } from '@netlify/dev';
import { BlobsServer } from '@netlify/blobs/server';
import { answerAsNetlifyBlobs } from './local-blobs-server';
import { loadFunctions } from './functions-host';

export interface SiteServerOptions {
  port: number;
  dataDir: string;
  /** The Auth emulator, which the browser reaches through this origin (see src/client/firebase.ts). */
  authEmulatorUrl: string;
  projectRoot?: string;
  /** POST routes of the local platform alone (never a function, never deployed), by path. */
  localRoutes?: Record<string, () => Promise<Response>>;
}

/** Paths of the Auth emulator's REST API that the Firebase web SDK calls. */
const AUTH_EMULATOR_PATHS = /^\/(identitytoolkit\.googleapis\.com|securetoken\.googleapis\.com|emulator)\//;

export async function startBlobsServer(dataDir: string) {
  answerAsNetlifyBlobs();
  const token = crypto.randomUUID();
  const server = new BlobsServer({ directory: dataDir, token });
  const { port } = await server.start();
  const edgeURL = `http://127.0.0.1:${port}`;
  // Functions run in this process and read the Blobs context from the environment.
  const context = { deployID: '0', edgeURL, uncachedEdgeURL: edgeURL, primaryRegion: 'us-east-2', siteID: '0', token };
  process.env.NETLIFY_BLOBS_CONTEXT = Buffer.from(JSON.stringify(context)).toString('base64');
  return { stop: () => server.stop() };
}

export async function startSiteServer({
  port,
  dataDir,
  authEmulatorUrl,
  projectRoot = process.cwd(),
  localRoutes = {},
}: SiteServerOptions) {
  const blobs = await startBlobsServer(dataDir);
  const netlify = new NetlifyDev({
    projectRoot,
    blobs: { enabled: false },
    edgeFunctions: { enabled: false },
    functions: { enabled: false },
    images: { enabled: false },
    database: { enabled: false },
    aiGateway: { enabled: false },
    geolocation: { enabled: false },
    environmentVariables: { enabled: false },
    // Used only by edge functions and images, which are off; the option must still name an address.
    serverAddress: siteUrlFor(port),
  });
  await netlify.start();
  const functions = await loadFunctions(resolve(projectRoot, 'netlify/functions'));
  const siteUrl = siteUrlFor(port);

  const assets = assetAnswers();
  const server = createServer(async (req, res) => {
    try {
      if (AUTH_EMULATOR_PATHS.test(req.url ?? '')) return await send(res, await proxy(req, authEmulatorUrl));
      const local = req.method === 'POST' && Object.hasOwn(localRoutes, req.url ?? '') && localRoutes[req.url!];
      if (local) return await send(res, await local());
      const kept = assets.answer(req);
      if (kept) return await send(res, kept);
      const fromFunction = await functions.handle(toRequest(req, siteUrl), siteUrl);
      if (fromFunction) return await send(res, fromFunction);
      const match = await netlify.handleAndIntrospectNodeRequest(req);
      if (match) return await send(res, await assets.keep(req, match.response));
      // As on Netlify: the 404 page, with the headers netlify.toml gives every page.
      const notFound = await netlify.handle(new Request(new URL('/404', siteUrl)));
      if (!notFound) return void res.writeHead(404).end();
      await send(res, new Response(notFound.body, { status: 404, headers: notFound.headers }));
    } catch (error) {
      console.error(`${req.method} ${req.url} failed:`, error);
      if (!res.headersSent) res.writeHead(500, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: 'Internal server error' }));
    }
  });
  // Node closes an idle keep-alive connection after 5 s, which races a client sending on it at that
  // moment ('socket hang up' in a browser test). Keep idle connections longer than clients do, as
  // load balancers do (Netlify's CDN in production).
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 66_000;
  await new Promise<void>((ok, fail) => server.once('error', fail).listen(port, '127.0.0.1', ok));

  return {
    url: `http://localhost:${port}`,
    async stop() {
      server.closeAllConnections();
      await new Promise((r) => server.close(r));
      await netlify.stop();
      await blobs.stop();
    },
  };
}

const siteUrlFor = (port: number) => `http://localhost:${port}`;

/** Astro's fingerprinted files: a name is never given to other content, so its answer never changes. */
const FINGERPRINTED = /^\/_astro\/[^?]+$/;

/**
 * The answers `@netlify/dev` gave for fingerprinted files, headers and bytes, given again from memory.
 * It reads netlify.toml's headers and makes a directory for every request it serves, and a page loads
 * dozens of these files: 21 loads of /admin cost the site 6.6 core-seconds, 4.1 to 5.3 with this.
 * Only a plain GET is answered from memory (no range or condition), keyed by what the client accepts.
 */
function assetAnswers() {
  const answers = new Map<string, { status: number; headers: [string, string][]; body: ArrayBuffer }>();
  const keyOf = (req: IncomingMessage) =>
    req.method === 'GET' &&
    FINGERPRINTED.test(req.url ?? '') &&
    !req.headers.range &&
    !req.headers['if-none-match'] &&
    !req.headers['if-modified-since']
      ? `${req.url} ${req.headers['accept-encoding'] ?? ''}`
      : null;
  return {
    answer(req: IncomingMessage) {
      const key = keyOf(req);
      const kept = key === null ? undefined : answers.get(key);
      return kept && new Response(kept.body, { status: kept.status, headers: kept.headers });
    },
    async keep(req: IncomingMessage, response: Response) {
      const key = keyOf(req);
      if (key === null || response.status !== 200) return response;
      const kept = { status: 200, headers: [...response.headers], body: await response.arrayBuffer() };
      answers.set(key, kept);
      return new Response(kept.body, { status: kept.status, headers: kept.headers });
    },
  };
}

/** A web Request for a Node request, body streamed. */
export function toRequest(req: IncomingMessage, origin: string): Request {
  const headers = new Headers();
  for (const [key, value] of Object.entries(req.headers)) {
    if (value === undefined || key === 'host' || key === 'connection') continue;
    for (const v of [value].flat()) headers.append(key, v);
  }
  const hasBody = req.method !== 'GET' && req.method !== 'HEAD';
  return new Request(new URL(req.url!, origin), {
    method: req.method,
    headers,
    body: hasBody ? (Readable.toWeb(req) as ReadableStream) : undefined,
    duplex: 'half',
  } as RequestInit);
}

async function proxy(req: IncomingMessage, origin: string): Promise<Response> {
  const response = await fetch(toRequest(req, origin));
  // fetch has already decoded the body: the length and encoding headers no longer describe it.
  const out = new Headers(response.headers);
  out.delete('content-encoding');
  out.delete('content-length');
  return new Response(response.body, { status: response.status, headers: out });
}

/** Writes a web Response to a Node response. */
export async function send(res: ServerResponse<IncomingMessage>, response: Response) {
  const headers: Record<string, string | string[]> = {};
  response.headers.forEach((value, key) => {
    if (key !== 'set-cookie') headers[key] = value;
  });
  const cookies = response.headers.getSetCookie();
  if (cookies.length) headers['set-cookie'] = cookies;
  res.writeHead(response.status, headers);
  if (!response.body) return void res.end();
  Readable.fromWeb(response.body as import('node:stream/web').ReadableStream).pipe(res);
}
