/** Calls a Netlify function the way the platform does: `handler(Request, Context)`. */
import type { Context } from '@netlify/functions';
import { getStore } from '@netlify/blobs';

type Handler = (req: Request, context: Context) => Promise<Response> | Response;

export const BASE = 'http://localhost:8888';

/** A Context as production has it (deploy context 'production', so stores carry no prefix). */
export const context = (params: Record<string, string> = {}) =>
  ({ deploy: { context: 'production', id: 'test', published: true }, params, site: { url: BASE } }) as unknown as Context;

export async function call(
  handler: Handler,
  path: string,
  init: RequestInit & { json?: unknown; params?: Record<string, string> } = {},
) {
  const { json, params, ...rest } = init;
  const headers = new Headers(rest.headers);
  if (json !== undefined) headers.set('content-type', 'application/json');
  const req = new Request(`${BASE}${path}`, { ...rest, headers, body: json !== undefined ? JSON.stringify(json) : rest.body });
  const res = await handler(req, context(params));
  const text = await res.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    /* not JSON: keep the text */
  }
  return { status: res.status, headers: res.headers, body: body as any };
}

/** Empties a store so a test starts from nothing. */
export async function clearStore(name: string) {
  const store = getStore({ name, consistency: 'strong' });
  const { blobs } = await store.list();
  await Promise.all(blobs.map((b) => store.delete(b.key)));
  return store;
}
