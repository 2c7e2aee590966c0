/**
 * A small, bounded HTTP load generator (autocannon is not installed): `connections` keep-alive
 * connections each send one request after another for `seconds`, or until `maxRequests` in all.
 * Loopback only. Answers requests per second and latency percentiles; any non-2xx answer or
 * network error is counted, never retried.
 */
import { Agent, request } from 'node:http';

export interface LoadOptions {
  url: string;
  method?: 'GET' | 'POST';
  /** The body of the i-th request (JSON), for POST. */
  body?: (i: number) => unknown;
  connections?: number;
  seconds?: number;
  maxRequests?: number;
}

export interface LoadResult {
  requests: number;
  errors: number;
  seconds: number;
  rps: number;
  p50: number;
  p99: number;
}

export async function load({ url, method = 'GET', body, connections = 10, seconds = 10, maxRequests = 50_000 }: LoadOptions): Promise<LoadResult> {
  const target = new URL(url);
  if (!['localhost', '127.0.0.1'].includes(target.hostname)) throw new Error('Load only loopback addresses');
  const agent = new Agent({ keepAlive: true, maxSockets: connections });
  const latencies: number[] = [];
  let sent = 0;
  let errors = 0;
  const started = performance.now();
  const deadline = started + seconds * 1000;

  const once = (i: number) =>
    new Promise<void>((resolve) => {
      const payload = body ? JSON.stringify(body(i)) : undefined;
      const headers = payload ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) } : {};
      const t0 = performance.now();
      const req = request(target, { method, agent, headers }, (res) => {
        res.resume();
        res.on('end', () => {
          latencies.push(performance.now() - t0);
          if ((res.statusCode ?? 0) >= 300) errors++;
          resolve();
        });
      });
      req.on('error', () => {
        errors++;
        resolve();
      });
      req.end(payload);
    });

  const connection = async () => {
    while (performance.now() < deadline && sent < maxRequests) await once(sent++);
  };
  await Promise.all(Array.from({ length: connections }, connection));
  agent.destroy();

  const elapsed = (performance.now() - started) / 1000;
  const sorted = latencies.sort((a, b) => a - b);
  const percentile = (p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
  return { requests: sent, errors, seconds: elapsed, rps: sent / elapsed, p50: percentile(50), p99: percentile(99) };
}
