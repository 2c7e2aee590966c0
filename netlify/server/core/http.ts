/**
 * HTTP helpers shared by every function: JSON answers, `{ error }` answers, method routing, a
 * body size limit and zod parsing. Client mistakes become 4xx with a message; storage that failed
 * becomes a 503 the page shows (try again); anything else becomes a generic 500. The details of
 * both stay in the log under a correlation id.
 */
import type { Context } from '@netlify/functions';
import { storageMessages } from '#lib/messages';
import type { z } from '#lib/zod';
import { pageQuerySchema, type PageQuery } from '#lib/paging';
import { storageLimits, withStorageDeadline } from '#server/storage/budget';
import { InvalidKeyError, isStorageError } from '#server/storage/error';

export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    /** Sent with the answer (a 429's Retry-After). */
    readonly headers?: Record<string, string>,
  ) {
    super(message);
  }
}

export const json = (data: unknown, init: ResponseInit = {}) => Response.json(data, init);
/** An answer for the caller's eyes only (admin data, someone's orders): never cached on the way. */
export const privateJson = (data: unknown) =>
  Response.json(data, { headers: { 'Cache-Control': 'private, no-store' } });
export const errorResponse = (status: number, error: string, headers?: HeadersInit) =>
  Response.json({ error }, { status, headers });

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
type Handler = (req: Request, context: Context) => Promise<Response> | Response;

/** Dispatches on the method (405 with `Allow` otherwise) and turns thrown errors into answers. */
export function route(handlers: Partial<Record<Method, Handler>>): Handler {
  const allow = Object.keys(handlers).join(', ');
  const answer: Handler = async (req, context) => {
    const handler = handlers[req.method as Method];
    if (!handler) return errorResponse(405, `Method ${req.method} not allowed`, { Allow: allow });
    try {
      return await withStorageDeadline(storageLimits().requestBudgetMs, async () => handler(req, context));
    } catch (error) {
      if (error instanceof HttpError) return errorResponse(error.status, error.message, error.headers);
      if (error instanceof InvalidKeyError) return errorResponse(error.status, error.message);
      if (isStorageError(error)) return storageFailure(req, error);
      return errorResponse(500, `Something went wrong on our side (reference ${logFailure(req, error)}).`);
    }
  };
  return async (req, context) => {
    const res = await answer(req, context);
    // netlify.toml's headers never reach function responses: the API sets its own.
    res.headers.set('X-Content-Type-Options', 'nosniff');
    return res;
  };
}

/**
 * 503 for work that storage did not take (or a read it did not answer): the caller may try again,
 * and every flow is safe to try again. The payment provider retries on any 5xx.
 */
function storageFailure(req: Request, error: unknown): Response {
  logFailure(req, error);
  const message =
    req.method === 'GET' || req.method === 'HEAD' ? storageMessages.loadFailed : storageMessages.saveFailed;
  return errorResponse(503, message, { 'Retry-After': '2' });
}

/** Logs an unexpected failure under a new correlation id and answers the id: the caller learns only that. */
export function logFailure(req: Request, error: unknown): string {
  const correlationId = crypto.randomUUID();
  console.error(`[${correlationId}] ${req.method} ${new URL(req.url).pathname} failed:`, error);
  return correlationId;
}

export const DEFAULT_BODY_LIMIT = 16 * 1024;

/**
 * Reads a JSON body of at most `maxBytes` and parses it with `schema`. Everything it refuses is a 400
 * `{ error }` (the API contract of the foundation issue), the message saying which: not declared as
 * JSON (which also keeps cross-site forms out: they cannot send that type without asking first), too
 * large, not JSON, or not what `schema` wants.
 */
export async function readBody<S extends z.ZodTypeAny>(
  req: Request,
  schema: S,
  maxBytes = DEFAULT_BODY_LIMIT,
): Promise<z.output<S>> {
  const type = (req.headers.get('content-type') ?? '').split(';')[0].trim().toLowerCase();
  if (type !== 'application/json')
    throw new HttpError(400, 'Request body must be JSON (Content-Type: application/json)');
  const raw = await readBytes(req, maxBytes, new HttpError(400, `Request body must be at most ${maxBytes} bytes`));
  let data: unknown;
  try {
    data = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(raw));
  } catch {
    throw new HttpError(400, 'Request body must be valid JSON');
  }
  return parseAsync(schema, data);
}

/** Parses `data` with `schema`; the first issue becomes a 400 naming the field. */
export function parse<S extends z.ZodTypeAny>(schema: S, data: unknown): z.output<S> {
  const result = schema.safeParse(data);
  if (result.success) return result.data;
  throw badInput(result.error);
}

/** `parse` for schemas with async steps (a phone number: its parser loads on first use). */
export async function parseAsync<S extends z.ZodTypeAny>(schema: S, data: unknown): Promise<z.output<S>> {
  const result = await schema.safeParseAsync(data);
  if (result.success) return result.data;
  throw badInput(result.error);
}

function badInput(error: z.ZodError): HttpError {
  const issue = error.issues[0];
  const field = issue.path.join('.');
  const message = field && !issue.message.startsWith(field) ? `${field}: ${issue.message}` : issue.message;
  return new HttpError(400, message);
}

/**
 * Reads a raw body of at most `maxBytes`, stopping as soon as it grows past the limit (a lying or
 * missing Content-Length cannot make us buffer more); throws `tooLarge` otherwise.
 */
export async function readBytes(req: Request, maxBytes: number, tooLarge: HttpError): Promise<Uint8Array> {
  if (Number(req.headers.get('content-length') ?? 0) > maxBytes) throw tooLarge;
  const chunks: Uint8Array[] = [];
  let size = 0;
  if (req.body) {
    for await (const chunk of req.body as unknown as AsyncIterable<Uint8Array>) {
      size += chunk.byteLength;
      if (size > maxBytes) throw tooLarge;
      chunks.push(chunk);
    }
  }
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}

/** The `?limit=&cursor=` of a list request; 400 naming the parameter when it is not valid. */
export const pageQueryOf = (url: URL): PageQuery => parse(pageQuerySchema, Object.fromEntries(url.searchParams));
