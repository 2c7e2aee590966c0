/**
 * The load generator of the API benchmark: autocannon, bounded, loopback only. `connections`
 * keep-alive connections send requests for `seconds`, or until `maxRequests` in all; any non-2xx
 * answer or connection error counts as an error.
 */
import autocannon from 'autocannon';

export interface LoadOptions {
  url: string;
  method?: 'GET' | 'POST';
  /** A JSON body; every `[<id>]` in it becomes a new random id per request (a new address per sign-up). */
  body?: string;
  /** Extra request headers, e.g. a signed-in user's `Authorization`. */
  headers?: Record<string, string>;
  connections?: number;
  seconds?: number;
  maxRequests?: number;
}

export interface LoadResult {
  errors: number;
  rps: number;
  p50: number;
  p99: number;
}

export async function load({
  url,
  method = 'GET',
  body,
  headers = {},
  connections = 10,
  seconds = 10,
  maxRequests = 50_000,
}: LoadOptions): Promise<LoadResult> {
  if (!['localhost', '127.0.0.1'].includes(new URL(url).hostname)) throw new Error('Load only loopback addresses');
  const result = await autocannon({
    url,
    method,
    connections,
    duration: seconds,
    maxOverallRequests: maxRequests,
    headers: { ...headers, ...(body && { 'content-type': 'application/json' }) },
    ...(body && { body, idReplacement: true }),
  });
  return {
    errors: result.errors + result.non2xx,
    rps: result.requests.total / result.duration,
    p50: result.latency.p50,
    p99: result.latency.p99,
  };
}
