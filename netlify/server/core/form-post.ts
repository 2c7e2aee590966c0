/**
 * Native form posts (docs/decisions/015-no-input-lost-before-hydration.md). Before its script runs,
 * a form of ours posts `application/x-www-form-urlencoded` to the same endpoint the script sends
 * JSON to. Only our own pages may: a browser always says where a POST comes from (Origin,
 * Sec-Fetch-Site), and a form from another site is refused, so it cannot subscribe someone or send
 * an inquiry in a visitor's name. People get a page back: a redirect to a confirmation page, or a
 * page saying what to fix.
 */
import { fieldMessages } from '#lib/field-messages';
import { formAnswerTexts as texts } from '#lib/form-answers';
import { site } from '#lib/site';
import { DEFAULT_BODY_LIMIT, HttpError, readBytes } from './http';
import { escapeHtml } from './mail';

const FORM_TYPE = 'application/x-www-form-urlencoded';

const mediaType = (req: Request) => (req.headers.get('content-type') ?? '').split(';')[0].trim().toLowerCase();

/**
 * A form a browser posted: that type, with the Origin or Sec-Fetch-Site header every browser sends
 * with a POST. Anything else is an API call, and the API takes JSON only (readBody says so).
 */
export const isBrowserFormPost = (req: Request) =>
  mediaType(req) === FORM_TYPE && (req.headers.has('origin') || req.headers.has('sec-fetch-site'));

const hostOf = (url: string) => {
  try {
    return new URL(url).host;
  } catch {
    return null; // 'null', the origin of a sandboxed or privacy-stripped request
  }
};

/** Whether a page of this very site sent it, as far as the browser tells (both headers must agree). */
function fromThisSite(req: Request) {
  const fetchSite = req.headers.get('sec-fetch-site');
  const origin = req.headers.get('origin');
  const host = origin === null ? null : hostOf(origin);
  const ours = host !== null && (host === req.headers.get('host') || host === new URL(req.url).host);
  return (fetchSite === null || fetchSite === 'same-origin') && (origin === null || ours);
}

/**
 * The fields of a browser's form post from one of our pages: 403 `{ error }` for another site's,
 * 400 for a body over `maxBytes` or not UTF-8. What the fields mean is the caller's zod schema's job.
 */
export async function readForm(req: Request, maxBytes = DEFAULT_BODY_LIMIT): Promise<URLSearchParams> {
  if (!fromThisSite(req)) throw new HttpError(403, 'Forms may be posted here only from this site');
  const raw = await readBytes(req, maxBytes, new HttpError(400, `Request body must be at most ${maxBytes} bytes`));
  try {
    return new URLSearchParams(new TextDecoder('utf-8', { fatal: true }).decode(raw));
  } catch {
    throw new HttpError(400, 'Request body must be valid UTF-8');
  }
}

/**
 * A problem as people read it: an API message names the field by its key ('parentName is required'),
 * the page by the label the form shows ('Parent/Guardian Name is required').
 */
export function relabel(message: string, labels: Readonly<Record<string, string>>) {
  const [key] = message.split(/[\s:]/, 1);
  return Object.hasOwn(labels, key) ? labels[key] + message.slice(key.length) : message;
}

/**
 * One problem per field from a schema's issues, as people read them: a field left blank is required,
 * whichever of its rules the schema names first.
 */
export function fieldProblems(
  issues: readonly { path: PropertyKey[]; message: string }[],
  posted: Record<string, unknown>,
  labels: Readonly<Record<string, string>>,
) {
  const byField = new Map<string, string>();
  for (const { path, message } of issues) {
    const field = String(path[0] ?? '');
    const blank = typeof posted[field] === 'string' && (posted[field] as string).trim() === '';
    // A message written for people ('Enter a phone number with area code') is named by its field.
    const named = message.startsWith(field) ? message : `${field}: ${message}`;
    if (!byField.has(field)) byField.set(field, blank ? fieldMessages.required(field) : named);
  }
  return [...byField.values()].map((message) => relabel(message, labels));
}

/** Post, redirect, get: the confirmation is a page of its own, and a reload does not post again. */
export const seeOther = (path: string) =>
  new Response(null, { status: 303, headers: { Location: path, 'Cache-Control': 'no-store' } });

/** The way back from a problem page: the page the visitor came from when it is one of ours, else home. */
export function wayBack(req: Request): ProblemPage['back'] {
  const referer = req.headers.get('referer');
  if (!referer || hostOf(referer) !== new URL(req.url).host) return { href: '/', label: texts.home };
  const { pathname, search } = new URL(referer);
  return { href: pathname + search, label: texts.backToPage };
}

export interface ProblemPage {
  /** 400 for what the visitor can fix; 500 when we failed. */
  status?: number;
  title: string;
  /** The line above the problems, when the form has one for them ('Please fill in all required fields.'). */
  lead?: string;
  problems: string[];
  /** What the visitor sent, label and value, shown back so nothing typed is lost. */
  entered: [string, string][];
  back: { href: string; label: string };
}

// Function answers get none of netlify.toml's headers: this page brings its own, and needs no script.
const PAGE_HEADERS = {
  'Content-Type': 'text/html; charset=utf-8',
  'Cache-Control': 'no-store',
  'Content-Security-Policy':
    "default-src 'none'; style-src 'unsafe-inline'; img-src 'self'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'",
  'Referrer-Policy': 'strict-origin-when-cross-origin',
  'X-Frame-Options': 'DENY',
};

const STYLE = `body{margin:0;font:16px/1.5 system-ui,sans-serif;color:#1e293b;background:#f8fafc}
main{max-width:40rem;margin:0 auto;padding:2rem 1.25rem}
.brand{font-weight:700;color:#1b2f4e}h1{font-size:1.75rem;line-height:1.2;color:#1b2f4e}
.problem{border-left:4px solid #b91c1c;background:#fef2f2;color:#7f1d1d;padding:.75rem 1rem}
dl{display:grid;gap:.25rem 1rem;background:#fff;border:1px solid #e2e8f0;padding:1rem}
@media (min-width:40rem){dl{grid-template-columns:max-content 1fr}}
dt{font-weight:600}dd{margin:0 0 .5rem;white-space:pre-wrap;overflow-wrap:anywhere}
a{color:#1b3a6b;font-weight:600}button{font:inherit;cursor:pointer;border:0}.back{display:inline-block;margin-top:1.5rem;padding:.75rem 1.25rem;background:#1b3a6b;color:#fff;border-radius:.5rem;text-decoration:none}`;

/**
 * A small page of its own (the site's stylesheet is fingerprinted at build time) around `body`, HTML
 * the caller has escaped.
 */
export function plainPage(status: number, title: string, body: string): Response {
  const e = escapeHtml;
  const html = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${e(title)} | ${e(site.name)}</title>
<style>${STYLE}</style>
</head>
<body>
<main>
<p class="brand"><a href="/">${e(site.name)}</a></p>
<h1>${e(title)}</h1>
${body}
</main>
</body>
</html>`;
  return new Response(html, { status, headers: PAGE_HEADERS });
}

/** What went wrong, what was sent, the way back. */
export function problemPage(page: ProblemPage): Response {
  const e = escapeHtml;
  const entered = page.entered.filter(([, value]) => value.trim() !== '');
  return plainPage(
    page.status ?? 400,
    page.title,
    `<div class="problem" role="alert">
<p>${e(page.lead ?? texts.fixThis)}</p>
<ul>${page.problems.map((problem) => `<li>${e(problem)}</li>`).join('')}</ul>
</div>
${entered.length > 0 ? `<h2>${e(texts.entered)}</h2>\n<dl>${entered.map(([label, value]) => `<dt>${e(label)}</dt><dd>${e(value)}</dd>`).join('')}</dl>` : ''}
<p>${e(texts.backButton)}</p>
<p><a class="back" href="${e(page.back.href)}">${e(page.back.label)}</a></p>`,
  );
}
