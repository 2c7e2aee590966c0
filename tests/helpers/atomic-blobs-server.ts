/**
 * An in-memory Netlify Blobs server with real compare-and-set, for race tests. It speaks the HTTP
 * protocol @netlify/blobs uses with a local server (the one `BlobsServer` speaks), so the code under
 * test runs unchanged through the real client library; only the store behind it differs. The local
 * `BlobsServer` checks `If-Match`/`If-None-Match` and writes in separate asynchronous steps, and its
 * etags come from file times in milliseconds, so concurrent conditional writes can all succeed there.
 * Here a write is checked and applied in one synchronous step and every write gets a new
 * etag, as production Blobs behaves. See docs/decisions/008-security-headers-and-atomic-test-store.md.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll } from 'vitest';

const METADATA_HEADER = 'x-amz-meta-user';

/**
 * How a write can fail, as Blobs or the network fails: refused with a status (nothing stored), no
 * answer within any time (the socket held open), the connection dropped before the write, a 412
 * that no condition caused, or the write stored and its answer lost on the way back.
 */
export type Fault = 503 | 403 | 500 | 429 | 'timeout' | 'drop' | 'spurious-412' | 'lost-answer';

/**
 * Which writes (PUT or DELETE) fail, or with `reads`, which reads (GET, HEAD, listings): from the
 * nth on (an outage), or the nth alone (a blip).
 */
export interface FaultPlan {
  fault: Fault;
  at: number;
  only?: boolean;
  reads?: boolean;
  /** Count and fail the journal's entries alone. */
  journal?: boolean;
  /** Count and fail the `indexes` store's writes as well as the others. */
  indexes?: boolean;
}

/** Every store's entries at one moment. */
export type SavedState = ReadonlyMap<string, ReadonlyMap<string, Entry>>;

interface Entry {
  data: Buffer;
  etag: string;
  metadata?: string;
  modified: Date;
}

export async function startAtomicBlobsServer() {
  const token = crypto.randomUUID();
  /** `<site>/<store>` -> key -> entry. */
  const stores = new Map<string, Map<string, Entry>>();
  let version = 0;
  /** A test's hook, awaited before each write is checked: it can make another client act first. */
  let beforeWrite: ((key: string) => Promise<void>) | undefined;
  /** Writes seen since the plan was last set, and the plan. */
  let writes = 0;
  /** Of each write counted, whether it carried a condition (If-Match or If-None-Match). */
  const conditionals: boolean[] = [];
  let plan: FaultPlan | null = null;
  const held = new Set<ServerResponse>();
  /** Every request's method, store and key, until a test takes them. */
  /** Every request; a listing (a GET without a key) with its prefix, and ' (folders)' when it asks for folders. */
  const seen: { method: string; store: string; key: string; listed?: string }[] = [];

  let reads = 0;
  /**
   * The fault this write (or read) meets, if any; counts it. Unless the plan names the journal, its
   * entries are neither counted nor failed: each is written just before the write it names, so a
   * fault there reaches the flow as a fault at that write does (tests/functions/journal.test.ts
   * proves it once, for every store). So are the `indexes` store's writes, unless the plan names them:
   * each is written before the record it keeps in step, a failure stopping the flow there as a fault
   * at the record's write would (tests/functions/list-index.test.ts walks them for every list).
   */
  const faultOf = (kind: 'write' | 'read' = 'write', store = '', conditional = false): Fault | null => {
    const journal = /(^|:|--)journal$/.test(store);
    if (kind === 'write' && journal !== Boolean(plan?.journal)) return null;
    if (kind === 'write' && /(^|:|--)indexes$/.test(store) && !plan?.indexes) return null;
    if (kind === 'write') conditionals.push(conditional);
    const count = kind === 'write' ? ++writes : ++reads;
    if (!plan || Boolean(plan.reads) !== (kind === 'read')) return null;
    return count === plan.at || (!plan.only && count > plan.at) ? plan.fault : null;
  };

  /** Answers a write that meets `fault` before it is applied; false when the fault lets it through. */
  function refuse(fault: Fault, res: ServerResponse): boolean {
    if (typeof fault === 'number') return (res.writeHead(fault).end(), true);
    if (fault === 'spurious-412') return (res.writeHead(412).end(), true);
    if (fault === 'drop') return (res.socket?.destroy(), true);
    if (fault === 'timeout') return (held.add(res), true);
    return false;
  }

  const storeOf = (name: string) => {
    if (!stores.has(name)) stores.set(name, new Map());
    return stores.get(name)!;
  };

  async function handle(req: IncomingMessage, res: ServerResponse) {
    if (req.headers.authorization !== `Bearer ${token}`) return res.writeHead(403).end();
    const url = new URL(req.url!, 'http://blobs');
    // '/<site>/<store>/<key with slashes>'; keys are used exactly as the client wrote them.
    const parts = url.pathname.slice(1).split('/');
    if (parts[0].startsWith('region:')) parts.shift();
    const [site, store, ...rest] = parts;
    const key = rest.join('/');
    if (!site || !store) return res.writeHead(400).end();
    const entries = storeOf(`${site}/${store}`);
    const listed =
      req.method === 'GET' && !key
        ? `${url.searchParams.get('prefix') ?? ''}${url.searchParams.get('directories') === 'true' ? ' (folders)' : ''}`
        : undefined;
    seen.push({ method: req.method!, store, key, ...(listed !== undefined && { listed }) });

    if (req.method === 'PUT') {
      const chunks: Buffer[] = [];
      for await (const chunk of req) chunks.push(chunk as Buffer);
      await beforeWrite?.(key);
      const fault = faultOf('write', store, Boolean(req.headers['if-match'] || req.headers['if-none-match']));
      if (fault && refuse(fault, res)) return;
      // From here to the write nothing awaits: the check and the write are one atomic step.
      const current = entries.get(key);
      const ifMatch = req.headers['if-match'];
      if ((req.headers['if-none-match'] === '*' && current) || (ifMatch && ifMatch !== current?.etag))
        return res.writeHead(412).end();
      const etag = `"${++version}"`;
      entries.set(key, {
        data: Buffer.concat(chunks),
        etag,
        metadata: req.headers[METADATA_HEADER] as string | undefined,
        modified: new Date(),
      });
      if (fault === 'lost-answer') return res.socket?.destroy();
      return res.writeHead(200, { etag }).end();
    }
    if (req.method === 'DELETE' && key) {
      const fault = faultOf('write', store);
      if (fault && refuse(fault, res)) return;
      entries.delete(key);
      if (fault === 'lost-answer') return res.socket?.destroy();
      return res.writeHead(204).end();
    }
    if (req.method === 'DELETE') {
      const count = entries.size;
      entries.clear();
      return res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ blobs_deleted: count }));
    }
    if (req.method === 'GET' || req.method === 'HEAD') {
      const fault = faultOf('read');
      if (fault && refuse(fault, res)) return;
    }
    if ((req.method === 'GET' || req.method === 'HEAD') && key) {
      const entry = entries.get(key);
      if (!entry) return res.writeHead(404).end();
      const headers = { etag: entry.etag, ...(entry.metadata && { [METADATA_HEADER]: entry.metadata }) };
      if (req.headers['if-none-match'] === entry.etag) return res.writeHead(304, headers).end();
      return res.writeHead(200, headers).end(req.method === 'GET' ? entry.data : undefined);
    }
    if (req.method === 'GET')
      return res
        .writeHead(200, { 'content-type': 'application/json' })
        .end(JSON.stringify(list(entries, url.searchParams)));
    res.writeHead(405).end();
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((error) => res.writeHead(500).end(String(error)));
  });
  const releaseHeld = () => {
    for (const res of held) res.socket?.destroy();
    held.clear();
  };
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const context = Buffer.from(JSON.stringify({ edgeURL: url, uncachedEdgeURL: url, siteID: 'atomic', token })).toString(
    'base64',
  );

  return {
    /** The value for NETLIFY_BLOBS_CONTEXT that sends every getStore() here. */
    context,
    setBeforeWrite: (hook: typeof beforeWrite) => (beforeWrite = hook),
    /** Sets (or with null, clears) the fault plan; the write count starts again at 0 either way. */
    setFaults(next: FaultPlan | null) {
      releaseHeld();
      plan = next;
      writes = 0;
      conditionals.length = 0;
      reads = 0;
    },
    /** Writes seen since the plan was last set. */
    writeCount: () => writes,
    /** Of each write seen since the plan was last set, in order, whether it carried a condition. */
    conditionalWrites: (): readonly boolean[] => [...conditionals],
    /** The requests since the last call: which store and key each named. */
    takeRequests: () => seen.splice(0),
    /** Empties every store. */
    reset: () => stores.clear(),
    /** The stores as they are now, to be put back with `restoreState` (entries are replaced on write, never changed). */
    saveState: (): SavedState => new Map([...stores].map(([name, entries]) => [name, new Map(entries)])),
    /** Puts back what `saveState` answered; etags go on from the newest, so none is given twice. */
    restoreState(saved: SavedState) {
      stores.clear();
      for (const [name, entries] of saved) stores.set(name, new Map(entries));
    },
    /** Every blob, store by store, for a test to compare states. */
    snapshot: () =>
      new Map(
        [...stores].map(([name, entries]) => [name, new Map([...entries].map(([key, e]) => [key, e.data.toString()]))]),
      ),
    stop: () => {
      releaseHeld();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

function list(entries: Map<string, Entry>, params: URLSearchParams) {
  const prefix = params.get('prefix') ?? '';
  const directories = params.get('directories') === 'true';
  const result = { blobs: [] as object[], directories: [] as string[] };
  for (const [key, entry] of [...entries].sort(([a], [b]) => a.localeCompare(b))) {
    if (!key.startsWith(prefix)) continue;
    const slash = key.indexOf('/', prefix.length);
    if (directories && slash !== -1) {
      const directory = key.slice(0, slash);
      if (!result.directories.includes(directory)) result.directories.push(directory);
      continue;
    }
    result.blobs.push({ key, etag: entry.etag, size: entry.data.length, last_modified: entry.modified.toISOString() });
  }
  return result;
}

/**
 * Points the enclosing `describe` at a fresh in-memory store, and back at the local server after it.
 * `beforeWrite(hook)` runs `hook(key)` before each write is checked (until `beforeWrite(undefined)`).
 */
export function useAtomicBlobsServer() {
  let atomic: Awaited<ReturnType<typeof startAtomicBlobsServer>>;
  const localServer = process.env.NETLIFY_BLOBS_CONTEXT;
  beforeAll(async () => {
    atomic = await startAtomicBlobsServer();
    process.env.NETLIFY_BLOBS_CONTEXT = atomic.context;
  });
  afterAll(async () => {
    process.env.NETLIFY_BLOBS_CONTEXT = localServer;
    await atomic.stop();
  });
  return {
    beforeWrite: (hook: ((key: string) => Promise<void>) | undefined) => atomic.setBeforeWrite(hook),
    setFaults: (plan: FaultPlan | null) => atomic.setFaults(plan),
    writeCount: () => atomic.writeCount(),
    conditionalWrites: () => atomic.conditionalWrites(),
    takeRequests: () => atomic.takeRequests(),
    snapshot: () => atomic.snapshot(),
    saveState: () => atomic.saveState(),
    restoreState: (saved: SavedState) => atomic.restoreState(saved),
    reset: () => atomic.reset(),
  };
}
