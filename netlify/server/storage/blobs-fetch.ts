/**
 * The `fetch` our Blobs stores use, for the requests the Blobs client makes: a method, plain headers
 * and a string or binary body, answered by a status, headers and a body read whole, sent over
 * node:http or node:https. A cold instance's first global `fetch` compiles undici's request machinery
 * (10-25 ms that the first visitor after a quiet hour waited for); Node's own HTTP client is ready in
 * a few (docs/decisions/023-blobs-requests-over-node-http.md). Anything else (a stream body, a
 * `Request`, a signal, a redirect) goes to the global `fetch` unchanged. `timeoutMs` bounds a request
 * from its start to its whole answer either way: the storage layer gives each try a share of its budget.
 */
import type { IncomingMessage } from 'node:http';

const REDIRECTS = new Set([301, 302, 303, 307, 308]);
/** The Fetch standard allows no body with these statuses. */
const NULL_BODY = new Set([204, 205, 304]);

type PlainBody = string | ArrayBuffer | ArrayBufferView<ArrayBuffer>;

const isPlainBody = (body: BodyInit | null): body is PlainBody | null =>
  body === null || typeof body === 'string' || body instanceof ArrayBuffer || ArrayBuffer.isView(body);

function asBuffer(body: PlainBody): Buffer {
  if (typeof body === 'string') return Buffer.from(body);
  if (body instanceof ArrayBuffer) return Buffer.from(body);
  return Buffer.from(body.buffer, body.byteOffset, body.byteLength);
}

const CONDITIONAL = ['if-modified-since', 'if-none-match', 'if-unmodified-since', 'if-match', 'if-range'];

/**
 * The headers fetch adds to such a request, so that a store sees the same request either way: a string
 * body's type, and on a conditional request the no-cache pair (the Fetch standard's "extract a body"
 * and "HTTP-network-or-cache fetch"). What it adds for browsers (accept, user-agent, ...) and
 * `accept-encoding` (we decompress nothing) are left out.
 */
function withFetchDefaults(headers: Record<string, string>, body: PlainBody | null): Record<string, string> {
  const names = new Set(Object.keys(headers).map((name) => name.toLowerCase()));
  const added: Record<string, string> = {};
  if (typeof body === 'string' && !names.has('content-type')) added['content-type'] = 'text/plain;charset=UTF-8';
  if (CONDITIONAL.some((name) => names.has(name))) {
    if (!names.has('pragma')) added.pragma = 'no-cache';
    if (!names.has('cache-control')) added['cache-control'] = 'no-cache';
  }
  return { ...headers, ...added };
}

function readWhole(res: IncomingMessage): Promise<Uint8Array<ArrayBuffer>> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    res.on('data', (chunk: Buffer) => chunks.push(chunk));
    res.on('end', () => resolve(new Uint8Array(Buffer.concat(chunks))));
    res.on('error', reject);
    // A connection cut mid-answer (or by the timeout) ends the answer without 'end'.
    res.on('close', () => res.complete || reject(new Error('The Blobs answer was cut off')));
  });
}

/** The global fetch, bounded by `timeoutMs` as well as by the caller's own signal. */
function boundedFetch(input: string | URL | Request, init: RequestInit, timeoutMs?: number) {
  if (timeoutMs === undefined) return fetch(input, init);
  const timeout = AbortSignal.timeout(timeoutMs);
  return fetch(input, { ...init, signal: init.signal ? AbortSignal.any([init.signal, timeout]) : timeout });
}

export const blobsFetch = async (
  input: string | URL | Request,
  init: RequestInit = {},
  timeoutMs?: number,
): Promise<Response> => {
  const url = typeof input === 'string' || input instanceof URL ? new URL(input) : null;
  const body = init.body ?? null;
  const headers = init.headers ?? {};
  if (
    !url ||
    !/^https?:$/.test(url.protocol) ||
    !isPlainBody(body) ||
    headers instanceof Headers ||
    Array.isArray(headers) ||
    init.signal
  ) {
    return boundedFetch(input, init, timeoutMs);
  }

  // Loaded on first use: https brings TLS, which the local (http) Blobs server never needs.
  const { request } = url.protocol === 'https:' ? await import('node:https') : await import('node:http');
  const started = Date.now();
  let timer: NodeJS.Timeout | undefined;
  const exchange = new Promise<{ res: IncomingMessage; bytes: Uint8Array<ArrayBuffer> | null }>((resolve, reject) => {
    const req = request(
      url,
      { method: (init.method ?? 'GET').toUpperCase(), headers: withFetchDefaults(headers, body) },
      (res) => {
        if (REDIRECTS.has(res.statusCode ?? 0)) {
          res.resume();
          return resolve({ res, bytes: null });
        }
        readWhole(res).then((bytes) => resolve({ res, bytes }), reject);
      },
    );
    req.on('error', reject);
    if (timeoutMs !== undefined) {
      timer = setTimeout(() => req.destroy(new Error(`Blobs request timed out after ${timeoutMs} ms`)), timeoutMs);
    }
    req.end(body === null ? undefined : asBuffer(body));
  });
  const { res, bytes } = await exchange.finally(() => clearTimeout(timer));
  const status = res.statusCode ?? 0;
  if (bytes === null)
    return boundedFetch(
      input,
      init,
      timeoutMs === undefined ? undefined : Math.max(1, timeoutMs - (Date.now() - started)),
    );
  const answerHeaders = new Headers();
  for (let i = 0; i < res.rawHeaders.length; i += 2) answerHeaders.append(res.rawHeaders[i], res.rawHeaders[i + 1]);
  return new Response(NULL_BODY.has(status) ? null : bytes, {
    status,
    statusText: res.statusMessage,
    headers: answerHeaders,
  });
};
