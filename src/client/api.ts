/**
 * The browser's one way to call our API: same origin, JSON in and out, an optional ID token.
 * A Blob body (an uploaded file) goes as raw bytes with the given headers instead of JSON.
 * Answers `{ ok, data }` or `{ ok: false, error }`: a network failure is an answer, not a throw.
 */
export type ApiResult<T> = { ok: true; data: T } | { ok: false; status: number; error: string; answer?: unknown };

export async function apiFetch<T = unknown>(
  path: string,
  {
    method = 'GET',
    body,
    token,
    headers: extra = {},
  }: { method?: string; body?: unknown; token?: string; headers?: Record<string, string> } = {},
): Promise<ApiResult<T>> {
  const raw = body instanceof Blob;
  const headers: Record<string, string> = { Accept: 'application/json', ...extra };
  if (body !== undefined && !raw) headers['Content-Type'] = 'application/json';
  if (token) headers.Authorization = `Bearer ${token}`;
  try {
    const res = await fetch(path, {
      method,
      headers,
      body: body === undefined ? undefined : raw ? body : JSON.stringify(body),
    });
    const data = await res.json().catch(() => null);
    if (res.ok) return { ok: true, data: data as T };
    const error = data && typeof data.error === 'string' ? data.error : `Request failed (${res.status})`;
    // The whole answer too: some refusals say more than `error` (a 409's conflicts).
    return { ok: false, status: res.status, error, answer: data };
  } catch {
    return { ok: false, status: 0, error: 'Network error' };
  }
}
