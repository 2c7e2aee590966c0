/**
 * The Blobs client's `fetch` over node:http(s) (netlify/server/storage/blobs-fetch.ts), against real local
 * servers: what it sends and answers must be what the global `fetch` would send and answer for the
 * Blobs client's requests, and what it does not handle itself goes to the global `fetch`. The Blobs
 * stores of every function test run through it too, against the local Blobs server.
 * The TLS pair in fixtures/ is a self-signed certificate for localhost made for this test alone.
 */
import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { createServer as createTlsServer, globalAgent } from 'node:https';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { blobsFetch } from '../../netlify/server/storage/blobs-fetch';

interface Seen {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: Buffer;
}

const TLS = {
  key: readFileSync(new URL('fixtures/localhost-test-only.key', import.meta.url)),
  cert: readFileSync(new URL('fixtures/localhost-test-only.crt', import.meta.url)),
};

/** Answers by path; remembers every request it was sent, body included. */
function answer(seen: Seen[]) {
  return (req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      seen.push({ method: req.method!, url: req.url!, headers: req.headers, body: Buffer.concat(chunks) });
      const path = new URL(req.url!, 'http://x').pathname;
      if (path === '/json')
        return res
          .writeHead(200, { 'content-type': 'application/json', etag: '"abc"', 'x-two': ['a', 'b'] })
          .end('{"name":"Maya"}');
      if (path === '/bytes') return res.writeHead(200).end(Buffer.from([0, 1, 2, 255]));
      if (path === '/missing') return res.writeHead(404).end('Not found');
      if (path === '/conflict') return res.writeHead(412, 'Precondition Failed').end();
      if (path === '/empty') return res.writeHead(204).end();
      if (path === '/unchanged') return res.writeHead(304, { etag: '"abc"' }).end();
      if (path === '/moved') return res.writeHead(307, { location: '/json' }).end();
      res.writeHead(200).end('ok');
    });
  };
}

async function listen(server: Server): Promise<string> {
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  return `127.0.0.1:${(server.address() as AddressInfo).port}`;
}

const seen: Seen[] = [];
const server = createServer(answer(seen));
const tlsServer = createTlsServer(TLS, answer(seen));
let base = '';
let tlsBase = '';
const trustedBefore = globalAgent.options.ca;

beforeAll(async () => {
  base = `http://${await listen(server)}`;
  tlsBase = `https://localhost:${(await listen(tlsServer)).split(':')[1]}`;
  globalAgent.options.ca = TLS.cert;
});
afterAll(() => {
  globalAgent.options.ca = trustedBefore;
  server.close();
  tlsServer.close();
});

const lastSeen = () => seen.at(-1)!;

describe('blobsFetch', () => {
  it('answers a GET with its status, every header and the body, as fetch does', async () => {
    const res = await blobsFetch(`${base}/json?prefix=slots%2F2026-11-`, {
      headers: { authorization: 'Bearer t' },
      method: 'get',
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('etag')).toBe('"abc"');
    expect(res.headers.get('x-two')).toBe('a, b');
    expect(await res.json()).toEqual({ name: 'Maya' });
    expect(lastSeen()).toMatchObject({
      method: 'GET',
      url: '/json?prefix=slots%2F2026-11-',
      headers: { authorization: 'Bearer t' },
    });
    expect(lastSeen().body).toHaveLength(0);
  });

  it.each([
    ['a string', '{"a":1}', Buffer.from('{"a":1}')],
    ['an ArrayBuffer', new Uint8Array([9, 8, 7]).buffer, Buffer.from([9, 8, 7])],
    ['a view on part of a buffer', new Uint8Array([1, 2, 3, 4]).subarray(1, 3), Buffer.from([2, 3])],
  ])('sends %s body whole, with its length and the conditional headers', async (_kind, body, bytes) => {
    const res = await blobsFetch(`${base}/put`, { method: 'put', body, headers: { 'if-none-match': '*' } });
    expect(res.status).toBe(200);
    expect(lastSeen()).toMatchObject({
      method: 'PUT',
      headers: { 'content-length': String(bytes.length), 'if-none-match': '*' },
    });
    expect(lastSeen().body.equals(bytes)).toBe(true);
  });

  it.each([
    [
      'a conditional PUT of a string',
      {
        method: 'PUT',
        body: '{"a":1}',
        headers: { authorization: 'Bearer t', 'if-match': '"1"', 'x-amz-meta-user': 'b64' },
      },
    ],
    [
      'a PUT of bytes, as the Blobs client sends it',
      {
        method: 'PUT',
        body: new Uint8Array([1, 2]),
        headers: { 'cache-control': 'max-age=0, stale-while-revalidate=60', 'if-none-match': '*' },
      },
    ],
    ['a plain GET', { headers: { authorization: 'Bearer t' } }],
  ])(
    'sends the headers fetch sends with %s, but for those fetch adds for browsers and compression',
    async (_kind, init: RequestInit) => {
      await fetch(`${base}/put`, init);
      const theirs = lastSeen().headers;
      await blobsFetch(`${base}/put`, init);
      const mine = lastSeen().headers;
      const browserOnly = ['accept', 'accept-language', 'sec-fetch-mode', 'user-agent', 'accept-encoding'];
      expect(mine).toEqual(Object.fromEntries(Object.entries(theirs).filter(([name]) => !browserOnly.includes(name))));
    },
  );

  it('answers binary bodies byte for byte', async () => {
    expect(new Uint8Array(await (await blobsFetch(`${base}/bytes`)).arrayBuffer())).toEqual(
      new Uint8Array([0, 1, 2, 255]),
    );
  });

  it.each([
    ['/missing', 404, 'Not found'],
    ['/conflict', 412, ''],
    ['/empty', 204, ''],
    ['/unchanged', 304, ''],
  ])('answers %s with status %i as fetch does', async (path, status, text) => {
    const mine = await blobsFetch(`${base}${path}`, { method: path === '/missing' ? 'delete' : 'get' });
    const theirs = await fetch(`${base}${path}`, { method: path === '/missing' ? 'delete' : 'get' });
    expect([mine.status, mine.statusText, await mine.text()]).toEqual([status, theirs.statusText, text]);
    expect(await theirs.text()).toBe(text);
  });

  it('goes to the global fetch for a redirect, which follows it', async () => {
    const res = await blobsFetch(`${base}/moved`);
    expect([res.status, await res.json()]).toEqual([200, { name: 'Maya' }]);
    expect(seen.slice(-3).map((s) => s.url)).toEqual(['/moved', '/moved', '/json']);
  });

  it('goes to the global fetch for a stream body, which sends it', async () => {
    const body = new Blob(['streamed']).stream();
    const res = await blobsFetch(`${base}/put`, { method: 'PUT', body, duplex: 'half' } as RequestInit);
    expect(res.status).toBe(200);
    expect(lastSeen().body.toString()).toBe('streamed');
  });

  it('talks TLS to an https URL, and refuses a certificate it does not trust', async () => {
    const res = await blobsFetch(`${tlsBase}/json`, { headers: { authorization: 'Bearer t' } });
    expect(await res.json()).toEqual({ name: 'Maya' });
    globalAgent.options.ca = undefined;
    try {
      // A fresh agent-less request: the global agent's kept-alive socket would skip the handshake.
      await expect(blobsFetch(`${tlsBase.replace('localhost', '127.0.0.1')}/json`)).rejects.toThrow(
        /self.signed|certificate/i,
      );
    } finally {
      globalAgent.options.ca = TLS.cert;
    }
  });

  it('rejects when nothing listens, as fetch does, so the Blobs client retries', async () => {
    const closed = createServer();
    const address = await listen(closed);
    closed.close();
    await expect(blobsFetch(`http://${address}/json`)).rejects.toThrow(/ECONNREFUSED/);
  });
});
