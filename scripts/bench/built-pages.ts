/**
 * The pages of the production build in dist/: the routes they are served at, their inline scripts,
 * and the JavaScript each loads without interaction (for the byte budgets and `npm run bench`).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, posix, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';

export const DIST = resolve('dist');

export interface BuiltPage {
  /** The HTML file in dist/, e.g. 'pricing.html'. */
  file: string;
  /** Where the page is served: '/pricing'; '/' for index.html; an unknown path for the 404 page. */
  route: string;
  html: string;
}

/** A path no page has: what serves the 404 page. */
export const UNKNOWN_PATH = '/no-such-page';

const routeOf = (file: string) => {
  const name = file.replace(/\.html$/, '');
  if (name === 'index') return '/';
  if (name === '404') return UNKNOWN_PATH;
  return `/${name}`;
};

/** Every page of the build, nested ones too (the build format is 'file': /editors/maya-chen is editors/maya-chen.html). */
export function builtPages(dist = DIST): BuiltPage[] {
  return (readdirSync(dist, { recursive: true }) as string[])
    .map((file) => file.split('\\').join('/'))
    .filter((file) => file.endsWith('.html'))
    .sort()
    .map((file) => ({ file, route: routeOf(file), html: readFileSync(join(dist, file), 'utf8') }));
}

/** The pages made from data, one kind per template: each editor's profile and the editors list's filters. */
const PAGE_KINDS = [
  /^\/editors\/major\/[^/]+\/open-slots$/,
  /^\/editors\/major\/[^/]+$/,
  /^\/editors\/open-slots$/,
  /^\/editors\/[^/]+$/,
];

/**
 * What a browser test that walks every page visits: each page of its own template, and one page of
 * each kind made from data (the others differ only in their data). A nested page of no known kind fails
 * here, so a new template is never left out.
 */
export function samplePages(dist = DIST): BuiltPage[] {
  const seen = new Set<RegExp>();
  return builtPages(dist).filter((page) => {
    if (!page.route.slice(1).includes('/')) return true;
    const kind = PAGE_KINDS.find((pattern) => pattern.test(page.route));
    if (!kind) throw new Error(`${page.route}: a nested page of no known kind; add its kind to PAGE_KINDS`);
    if (seen.has(kind)) return false;
    seen.add(kind);
    return true;
  });
}

/** The inline (not `src=`) executable scripts of a page; JSON-LD and other data blocks are not scripts. */
export function inlineScripts(html: string): string[] {
  const scripts = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)];
  return scripts
    .filter(([, attrs]) => !/\bsrc=/.test(attrs) && !/type="application\/(ld\+)?json"/.test(attrs))
    .map(([, , body]) => body);
}

/**
 * The modules a built module imports, as site paths ('/_astro/x.js'): statically or dynamically, or
 * (`staticOnly`) those it needs before it runs.
 */
function importsOf(dist: string, url: string, staticOnly = false): string[] {
  const code = readFileSync(join(dist, url), 'utf8');
  const pattern = staticOnly
    ? /(?:\bfrom|\bimport)\s*"(\.{1,2}\/[^"]+\.js)"/g
    : /(?:\bfrom|\bimport)\s*\(?\s*"(\.{1,2}\/[^"]+\.js)"/g;
  return [...code.matchAll(pattern)].map((m) => posix.join(posix.dirname(url), m[1]));
}

/**
 * Every module reached from `roots` through imports (`staticOnly`: without those loaded on demand;
 * `past`: without going into the modules it names).
 */
export function moduleGraph(
  roots: string[],
  staticOnly = false,
  dist = DIST,
  past: (url: string) => boolean = () => false,
): Set<string> {
  const files = new Set<string>();
  const queue = [...roots];
  while (queue.length > 0) {
    const url = queue.pop()!;
    if (files.has(url) || past(url)) continue;
    files.add(url);
    queue.push(...importsOf(dist, url, staticOnly));
  }
  return files;
}

/** A page's module scripts and its islands' components and renderers: where its JavaScript starts. */
export const scriptRoots = (page: BuiltPage) =>
  [
    ...page.html.matchAll(/<script\b[^>]*\bsrc="([^"]+\.js)"/g),
    ...page.html.matchAll(/(?:component|renderer)-url="([^"]+\.js)"/g),
  ].map((m) => m[1]);

export interface PageJavaScript {
  /** Every script file the page loads, the module graph followed. */
  files: string[];
  /** Their gzipped size plus the page's inline scripts', in bytes. */
  gzipBytes: number;
}

/**
 * The JavaScript a page loads without interaction: its module scripts and the component and
 * renderer of every island, with everything they import. Dynamic imports count too: the session
 * store, for one, loads Firebase Auth as soon as a page starts. A view the visitor opens
 * (ON_DEMAND_VIEWS) counts apart, with a budget of its own; `withViews` counts everything the page can
 * ever load. Each file counts once per page.
 */
export function pageJavaScript(page: BuiltPage, dist = DIST, { withViews = false } = {}): PageJavaScript {
  const files = moduleGraph(scriptRoots(page), false, dist, withViews ? undefined : isOnDemandView);
  const gzip = (content: string | Buffer) => gzipSync(content).length;
  const gzipBytes =
    [...files].reduce((sum, url) => sum + gzip(readFileSync(join(dist, url))), 0) +
    inlineScripts(page.html).reduce((sum, s) => sum + gzip(s), 0);
  return { files: [...files].sort(), gzipBytes };
}

const KB = 1024;
/** Budgets for gzipped JavaScript per route; a page without a row is a static page (header menu, newsletter form). */
const JS_BUDGETS: Record<string, number> = {
  // Public pages with a React island (editors lists, the contact form). The editors grid's filters and
  // profile links (built cards refreshed by the live list) cost ~0.6 KB, each card's rating line
  // ~0.2 KB; the footer's form loads its own four messages, not all of them (measured 80.5 KB).
  '/': 82 * KB,
  '/about': 82 * KB,
  '/editors': 82 * KB,
  // React alone is ~64.5 KB and the inquiry form left ~1.3 KB; the consult booking (live slots in the
  // visitor's zone, docs/decisions/014-consult-booking.md) costs ~5 KB more, loaded client:visible;
  // the word counter and the server's refusals shown by their field ~0.4 KB; the consult's meeting
  // link and its open dates ~0.3 KB; the required fields' check shared with the server's answer page
  // (measured 87.0 KB).
  '/contact': 88 * KB,
  // Pages for signed-in people: React and Firebase Auth. The dashboard adds 'Download my data', 'Close
  // my account' and the draft's word limit and reader (measured 160.5 KB). The draft view's comments
  // and changes since the last round, loaded on opening a draft (ON_DEMAND_VIEWS), add ~7 KB to
  // both project pages, with drawing a long draft a screen at a time and the changes made ready
  // while the page is idle (measured 167.4 and 163.0 KB); a first frame cut to a phone's screen,
  // memoized runs and the changes laid out ahead, and a student's own words on closing, ~0.8 KB
  // more on the dashboard (measured 168.2 KB). The draft form's count read against the word limit while
  // typing, and its errors going as they are fixed, ~0.3 KB (measured 168.6 and 164.2 KB). Closing's
  // choice of what becomes of a published review, and a student shown their work and not the shop,
  // ~0.4 KB on the dashboard (measured 169.0 KB). The editor's ended shelf a page at a time, with its
  // 'Show more' and its failure, ~0.1 KB on /editor (measured 165.1 KB). From here on a view the
  // visitor opens counts apart, with its own budget (ON_DEMAND_VIEWS): without the draft view, 162.3 KB
  // on the dashboard; without it and the editor's earnings, whose button adds ~0.3 KB, 158.1 KB on /editor.
  // The invited editor's welcome is such a view; the shell that looks for an invitation and the list of
  // what the welcome loads cost ~0.8 KB on /editor (measured 159.3 KB). The review forms say what 1 and
  // 5 mean for each score, ~0.3 KB on the dashboard (measured 163.0 KB). Asking for help with feedback
  // (decision 090): the form, shared with Acknowledge, the note of the request and our team's decision,
  // and the promise's words, ~1.6 KB on the dashboard and ~2 KB on /editor (measured 164.6 and 161.3 KB).
  '/select-services': 160 * KB,
  '/checkout': 160 * KB,
  // Sample edits (decision 091): the editor's 'My sample edits' button, its panel loaded when pressed
  // (ON_DEMAND_VIEWS), and the essay view's pieces shared with the profiles, ~0.5 KB on /editor and
  // ~0.3 KB on the dashboard (measured 162.0 and 165.2 KB).
  '/dashboard': 166 * KB,
  // A review held for our team (decision 094): what the family and the editor read while it waits and
  // of the decision, ~0.2 KB on both project pages (measured 163.05 KB on /editor).
  '/editor': 164 * KB,
  // The admin runs the business from one page: search, the month report, the audit log, the waitlist
  // told and the consults' links and dates cost ~6 KB beside the lists; the reviews and the privacy
  // requests ~4 KB more (measured 170.3 KB), and the privacy words it shares with the dashboard
  // have grown since (measured 172.3 KB); a subscriber who left offered only the confirmation mail,
  // an editor's closure among the notices and closing's words on reviews (measured 173.3 KB). The
  // audit log's words, each feature's table gathered for the Audit tab and the notices (measured 174.1 KB).
  // The backups' line on Reports, the Orders tab's filters and the Audit tab's (measured 176.3 KB).
  // The Payouts tab, whose panel loads when opened (ON_DEMAND_VIEWS): its tab and audit words, and the
  // parts it shares with the other tabs moved into chunks of their own (measured 177.8 KB). An editor's
  // way in on their card (invitation, profile, payouts, 'Send a new invitation') and the refund form's
  // finished projects it is for (measured 179.0 KB). The export's periods in one press, the row of
  // sections saying it scrolls, and hiding an editor asking first with their open projects offered for
  // reassignment (measured 180.3 KB). Our team's decision on a request for help, with its reason, and
  // the request on the project's card (measured 182.7 KB). The Sample edits tab, whose panel loads
  // when opened (ON_DEMAND_VIEWS) (measured 183.1 KB). Today, the tab /admin opens on, with the lists'
  // filters read from its links (~2.7 KB); the Reports tab's panel now loads when opened (measured 181.4 KB).
  // An order's receipts in its details, loaded when the details open, and counted here since the order
  // page loads the same module at once, so it is no on-demand view (~0.9 KB, measured 184.4 KB). The
  // roles (decision 100): the Team tab's loader, the role from /api/me, and the owner's controls hidden
  // from staff with why, the refund's limit said at its field (~1.1 KB, measured 185.5 KB). An
  // inquiry's owner and its notes and replies on its card, and the loader of its work panel (~0.6 KB,
  // measured 186.1 KB).
  '/admin': 187 * KB,
  '/order-confirmation': 160 * KB,
  '/reset-password': 160 * KB,
  '/test-checkout': 160 * KB,
};
const STATIC_PAGE_BUDGET = 10 * KB;

/**
 * The editors list's filters and the profiles (their booking box) run React as the editors list does;
 * a profile's reviews, read when scrolled to, add ~1.2 KB (measured 81.0 KB); the waitlist's
 * confirmation by mail and a rating that counts its reviews below three, ~0.3 KB (measured 82.1 KB).
 * The sample edits are built into the page; checking them against the live list once in view, and the
 * loader for the view that then replaces them (ON_DEMAND_VIEWS), ~1.3 KB (measured 84.1 KB).
 */
const EDITOR_PAGES_BUDGET = 85 * KB;

/**
 * Views a page loads only when the visitor opens them, each by the name of its module, with a budget
 * for what it adds to the page beyond its first load:
 * - the draft view (the draft as text with its comments, the changes since the last round and the
 *   word diff), when a draft is first opened;
 * - the editor's earnings (balances, entries, the statement), when 'Show my earnings' is pressed;
 * - the admin's Payouts tab (every editor's balances, recording a run, the rates), when the tab is opened;
 * - the editor's sample edits, when 'Show my sample edits' is pressed;
 * - the admin's Sample edits tab, when opened;
 * - a profile's sample edits, when a sample was approved or withdrawn since the build.
 */
export const ON_DEMAND_VIEWS: Record<string, number> = {
  DraftReader: 15 * KB,
  EarningsPanel: 4 * KB,
  // Every editor's balances, a run recorded and the rates' form (measured 4.1 KB); the year's payments
  // for the 1099-NEC forms, with their export (measured 5.6 KB).
  PayoutsPanel: 6 * KB,
  // Applications to edit for us, by stage, with their steps (the admin's Applications tab).
  ApplicationsPanel: 5 * KB,
  // An invited editor's welcome on /editor, loaded only for a visit with an invitation.
  InvitationPanel: 3 * KB,
  // The editor's sample edits, to add, edit and delete, and the form, when 'Show my sample edits' is pressed.
  SamplesPanel: 8 * KB,
  // Editors' sample edits for our team to approve, decline or withdraw (the admin's Sample edits tab).
  // The sample as a family reads it, the consent recorded and the reason asked for (measured 8.2 KB).
  SampleReviewPanel: 9 * KB,
  // A profile's sample edits when the live list differs from the build's (the build renders them).
  SampleList: 8 * KB,
  // The admin's Reports tab (the months' chart and table, the editors, the exports, the backups), when
  // opened: /admin opens on Today.
  ReportsPanel: 8 * KB,
  // The admin's Team tab (the team, an owner's invitation, role changes and removal), when opened.
  TeamPanel: 4 * KB,
  // An inquiry's owner, reply and note, when our team first presses 'Reply or add a note'.
  InquiryWorkPanel: 3 * KB,
};
export const onDemandViewOf = (url: string) =>
  Object.keys(ON_DEMAND_VIEWS).find((name) => new RegExp(`/${name}\\.[\\w-]+\\.js$`).test(url)) ?? null;
const isOnDemandView = (url: string) => onDemandViewOf(url) !== null;

export const jsBudget = (route: string) =>
  JS_BUDGETS[route] ?? (route.startsWith('/editors/') ? EDITOR_PAGES_BUDGET : STATIC_PAGE_BUDGET);
