/**
 * The browser's one way to call our API: same origin, JSON in and out, an optional ID token.
 * Answers `{ ok, data }` or `{ ok: false, error }`: a network failure is an answer, not a throw.
 */
export type ApiResult<T> = { ok: true; data: T } | { ok: false; status: number; error: string };

export async function apiFetch<T = unknown>(
  path: string,
  { method = 'GET', body, token }: { method?: string; body?: unknown; token?: string } = {},
): Promise<ApiResult<T>> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  if (token) headers.Authorization = `Bearer ${token}`;
  try {
    const res = await fetch(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
    const data = await res.json().catch(() => null);
    if (res.ok) return { ok: true, data: data as T };
    const error = data && typeof data.error === 'string' ? data.error : `Request failed (${res.status})`;
    return { ok: false, status: res.status, error };
  } catch {
    return { ok: false, status: 0, error: 'Network error' };
  }
}
