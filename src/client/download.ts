/**
 * Saves a file that only a signed-in user may read. A plain link cannot send the ID token, so the
 * file is fetched with it and handed to the browser through an object URL and a temporary
 * `<a download>`. Never throws: a failure is an answer the page shows.
 */
import type { ApiResult } from './api';

/** The name the server gave the file (`filename*` is the exact one), or `fallback`. */
export function fileNameOf(disposition: string | null, fallback: string): string {
  const exact = disposition?.match(/filename\*=UTF-8''([^;]+)/i)?.[1];
  if (exact) {
    try {
      return decodeURIComponent(exact);
    } catch {
      /* malformed: try the plain form */
    }
  }
  return disposition?.match(/filename="([^"]+)"/i)?.[1] ?? fallback;
}

export async function saveDownload(
  path: string,
  token: string,
  fallbackName: string,
): Promise<ApiResult<{ name: string }>> {
  let res: Response;
  try {
    res = await fetch(path, { headers: { Authorization: `Bearer ${token}` } });
  } catch {
    return { ok: false, status: 0, error: 'Network error' };
  }
  if (!res.ok) {
    const data = await res.json().catch(() => null);
    return {
      ok: false,
      status: res.status,
      error: typeof data?.error === 'string' ? data.error : `Request failed (${res.status})`,
    };
  }
  const name = fileNameOf(res.headers.get('Content-Disposition'), fallbackName);
  const url = URL.createObjectURL(await res.blob());
  const link = Object.assign(document.createElement('a'), { href: url, download: name, hidden: true });
  document.body.append(link);
  link.click();
  link.remove();
  // Revoking at once can cancel the download in some browsers; a minute is plenty to hand it over.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
  return { ok: true, data: { name } };
}
