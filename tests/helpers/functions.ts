/** Calls a Netlify function the way the platform does: `handler(Request, Context)`. */
import type { Context } from '@netlify/functions';
import { getStore } from '@netlify/blobs';
import { forgetEditorLists } from '../../src/features/editors/server/editors.repo';

type Handler = (req: Request, context: Context) => Promise<Response> | Response;

export const BASE = 'http://localhost:8888';

/**
 * A Context as the local platform gives it: deploy context '' (stores carry no prefix, test-mode
 * payments and the Auth emulator are allowed). Production-only rules are tested with
 * `deployContext: 'production'`, a Context that names no deploy with `deployContext: null`. Work
 * handed to `waitUntil` goes into `pending`, so a caller can wait for it as the platform does.
 */
export const context = (
  params: Record<string, string> = {},
  pending: Promise<unknown>[] = [],
  deployContext: string | null = '',
) =>
  ({
    ...(deployContext !== null && {
      deploy: { context: deployContext, id: 'test', published: deployContext === 'production' },
    }),
    params,
    site: { url: BASE },
    waitUntil: (work: Promise<unknown>) => pending.push(work),
  }) as unknown as Context;

export async function call(
  handler: Handler,
  path: string,
  init: RequestInit & { json?: unknown; params?: Record<string, string>; deployContext?: string | null } = {},
) {
  const { json, params, deployContext, ...rest } = init;
  const headers = new Headers(rest.headers);
  if (json !== undefined) headers.set('content-type', 'application/json');
  const req = new Request(`${BASE}${path}`, {
    ...rest,
    headers,
    body: json !== undefined ? JSON.stringify(json) : rest.body,
  });
  const pending: Promise<unknown>[] = [];
  const res = await handler(req, context(params, pending, deployContext));
  const text = await res.text();
  // The platform keeps an invocation alive for its `waitUntil` work; so does a test.
  await Promise.all(pending);
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    /* not JSON: keep the text */
  }
  // Tests read the fields they expect; each checks them.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  return { status: res.status, headers: res.headers, body: body as any };
}

/** Empties a store so a test starts from nothing, as a new instance would find it. */
export async function clearStore(name: string) {
  const store = getStore({ name, consistency: 'strong' });
  const { blobs } = await store.list();
  await Promise.all(blobs.map((b) => store.delete(b.key)));
  if (name === 'editors') forgetEditorLists();
  return store;
}

/** The headers a browser sends with a form posted from one of our own pages. */
const OUR_PAGE = { origin: BASE, 'sec-fetch-site': 'same-origin', referer: `${BASE}/pricing` };

/**
 * Posts `fields` as a browser posts a form before the page's script runs (decision 015): urlencoded,
 * from one of our pages unless `headers` say otherwise (null removes a header).
 */
export function postForm(
  handler: Handler,
  path: string,
  fields: Record<string, string | string[]>,
  headers: Record<string, string | null> = {},
) {
  const body = new URLSearchParams(
    Object.entries(fields).flatMap(([name, value]) => [value].flat().map((v) => [name, v])),
  );
  const sent = Object.entries({ 'content-type': 'application/x-www-form-urlencoded', ...OUR_PAGE, ...headers }).filter(
    (entry): entry is [string, string] => entry[1] !== null,
  );
  return call(handler, path, { method: 'POST', body: body.toString(), headers: sent });
}
