/**
 * `npm run bench`, the essay part: in Debian's Chromium at 4x CPU slowdown (a phone-class CPU) and a
 * 390 px screen, the draft view's own components (bundled and split as the site bundles them: the
 * draft view a chunk of its own with its compile hint, loaded from its address on opening; with the
 * site's stylesheet) on a project's rounds as its page shows them, with a 650-word draft: opening a
 * returned draft with 30 comments in place, then pressing 'Changes since round 1' (the word diff,
 * its summary, the previous round's 30 comments beside their passages). Timed from Chromium's
 * trace: the main thread's work from the draft text's arrival, or the press, to the frame that
 * shows the result; the same from the press of 'Read draft', the chunk's loading and compiling
 * included; and the longest task, how long the page could not answer a tap. The word diff alone is
 * timed too, its code run for the first time on a page of its own. Budget: 50 ms. Prints the
 * medians of BENCH_RUNS pages (default 15: the same page varies by a factor of two on a shared
 * machine) and writes its section of docs/benchmarks.md, with the Lighthouse BenchmarkIndex of the
 * slowed CPU, so the slowdown can be read against real phones.
 * A benchmark, not a test: it never fails the build, it reports.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { build, type Plugin } from 'esbuild';
import { pageFunctions } from 'lighthouse/core/lib/page-functions.js';
import puppeteer, { type Page } from 'puppeteer-core';
import type { Round } from '#features/projects/project';
import type { DraftText, EssayBlock, EssayComment } from '#features/essay/essay';
import { anchorOf } from '#features/essay/essay-anchor';
import { countWords } from '#lib/words';
import { withCompileHint } from '../build/compile-hints';
import { loadNote, writeSection } from './report';

const CHROME_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const RUNS = Number(process.env.BENCH_RUNS ?? 15);
const BUDGET_MS = 50;
const CPU_SLOWDOWN = 4;
const WORDS = 650;
const COMMENTS = 30;

/** A deterministic pseudo-random sequence, so every run measures the same drafts. */
function random(seed: number) {
  return () => {
    seed = (seed * 1664525 + 1013904223) % 2 ** 32;
    return seed / 2 ** 32;
  };
}

const VOCABULARY =
  'the bees roof grandmother Queens summer frames stung kept going back learned patience honey smoke hive city ' +
  'morning quiet neighbours ladder gloves veil queen colony swarm autumn winter sugar jar label market sold saved';

/** A 650-word draft of seven paragraphs, and a revision with about a fifth of its words rewritten. */
function drafts(): [EssayBlock[], EssayBlock[]] {
  const next = random(7);
  const vocabulary = VOCABULARY.split(' ');
  const word = () => vocabulary[Math.floor(next() * vocabulary.length)];
  const words = Array.from({ length: WORDS }, word);
  const paragraphs = (list: string[]) =>
    Array.from({ length: 7 }, (_, i) => ({
      kind: 'p' as const,
      text: `${list.slice(Math.floor((i * list.length) / 7), Math.floor(((i + 1) * list.length) / 7)).join(' ')}.`,
    }));
  const revised = words.flatMap((w) => {
    const roll = next();
    return roll < 0.07 ? [] : roll < 0.14 ? [word(), word()] : roll < 0.2 ? [word()] : [w];
  });
  return [paragraphs(words), paragraphs(revised)];
}

/** A round's 30 comments, on passages of three to eight words spread through its draft; a third done. */
function comments(blocks: EssayBlock[], round: number): EssayComment[] {
  const next = random(10 + round);
  return Array.from({ length: COMMENTS }, (_, i) => {
    const block = i % blocks.length;
    const text = blocks[block].text;
    const start = text.indexOf(' ', Math.floor(next() * (text.length - 60))) + 1;
    const end = text.indexOf(' ', start + 15 + Math.floor(next() * 25));
    const anchor = anchorOf(blocks, block, start, end)!;
    const at = '2026-11-20T10:00:00.000Z';
    return {
      id: `r${round}c${i}`,
      round,
      anchor,
      text: 'Say more about this.',
      createdAt: at,
      doneAt: i % 3 ? null : at,
    };
  });
}

/** A returned round of the project, with its comments. */
const round = (n: number, comments: EssayComment[]): Round => ({
  n,
  submittedAt: '2026-11-19T10:00:00.000Z',
  prompt: 'Common App personal essay',
  draft: { kind: 'file', file: { id: `f${n}`, name: `essay-round-${n}.docx`, bytes: 14_200, kind: 'docx' } },
  wordLimit: 650,
  turnaround: 'standard' as Round['turnaround'],
  dueAt: '2026-11-22T10:00:00.000Z',
  acknowledgedAt: '2026-11-19T11:00:00.000Z',
  returnedAt: '2026-11-21T10:00:00.000Z',
  notes: null,
  files: [],
  late: false,
  comments,
});

const draftText = (n: number, blocks: EssayBlock[]): DraftText => ({
  round: n,
  source: 'docx',
  status: 'ready',
  blocks,
  words: countWords(blocks.map((b) => b.text).join(' ')),
  wordLimit: 650,
});

/**
 * The signed-in fetch answers from the page's memory, once the frame after the request is drawn (as
 * an answer over the network comes after the view's loading state is on screen), and marks the
 * moment 'answered-N' for round N's text: the network is not what is measured.
 */
const offline: Plugin = {
  name: 'offline-session',
  setup(b) {
    b.onResolve({ filter: /stores\/session$/ }, () => ({ path: 'session', namespace: 'offline' }));
    b.onLoad({ filter: /.*/, namespace: 'offline' }, () => ({
      contents:
        'export const signedInFetch = (path) => new Promise((resolve) => requestAnimationFrame(() => setTimeout(() => {' +
        "  performance.mark('answered-' + path.split('/').at(-1)); resolve({ ok: true, data: window.drafts[path] }); }, 0)));" +
        'export const idToken = async () => null; export const SIGNED_OUT = { ok: false, status: 401, error: "" };',
      loader: 'js',
    }));
  },
};

/**
 * The page: the project's rounds as its page shows them (the real list, each round's download and
 * 'Read draft'); `openDraft` presses the newest round's 'Read draft' and waits for its first screen
 * and its whole text to be drawn, then for the changes since the previous round to be made ready
 * in the background; `switchToChanges` presses their toggle and waits for them on screen. Each
 * moment is a performance mark. `diffOnly` is the word diff with its summary, on a page of its own.
 */
const PAGE_SCRIPT = `
import { createElement as h } from 'react';
import { createRoot } from 'react-dom/client';
import { Rounds } from './src/features/projects/islands/Rounds';
import { diffDrafts, summariseChanges, changeSummaryLabel } from './src/features/essay/essay-diff';

const main = document.getElementById('root');

/**
 * Resolves once the first frame after the condition holds is drawn, marked with its name: the view
 * laid out and painted. Conditions are checked as the page changes.
 */
const drawn = (name, done) =>
  new Promise((resolve) => {
    const check = () => {
      if (!done()) return false;
      requestAnimationFrame(() => setTimeout(() => resolve(performance.mark(name)), 0));
      return true;
    };
    if (check()) return;
    const observer = new MutationObserver(() => check() && observer.disconnect());
    observer.observe(main, { childList: true, subtree: true, characterData: true, attributeFilter: ['hidden', 'class'] });
  });

window.showRounds = (rounds, actions) => {
  const steps = { actions, busy: false, run: async () => true };
  createRoot(main).render(h(Rounds, { projectId: 'p1', rounds, empty: '', steps }));
  return drawn('rounds', () => main.querySelector('li'));
};

// What is on screen: a view made ready out of sight waits in a hidden or invisible part of the page.
const visible = (selector) =>
  [...main.querySelectorAll(selector)].find((element) => !element.closest('[hidden], .invisible, .set-aside'));
const region = () => visible('[role=region]');
const summary = () => visible('p[role=status].font-semibold');

/**
 * Marks 'first' when the first screen is drawn; once all the comments are in place, waits two
 * seconds, time for the view to make the changes since the previous round ready in the
 * background, and marks 'settled'.
 */
window.openDraft = async (marks) => {
  performance.mark('pressed');
  main.querySelector('button[aria-expanded]').click();
  await Promise.all([
    drawn('first', () => region()?.querySelector('mark')),
    drawn('whole', () => main.querySelectorAll('mark').length >= marks),
  ]);
  await new Promise((resolve) => setTimeout(resolve, 2000));
  performance.mark('settled');
};

/** Marks 'asked' as the toggle is pressed, 'shown' once the changes are drawn. */
window.switchToChanges = async () => {
  performance.mark('asked');
  main.querySelector('button[aria-pressed]').click();
  await drawn('shown', () => /words/.test(summary()?.textContent ?? '') && region()?.querySelector('ins, del'));
  return summary().textContent;
};

window.diffOnly = (before, after, comments) => {
  const t0 = performance.now();
  changeSummaryLabel(summariseChanges(diffDrafts(before, after), comments));
  return performance.now() - t0;
};
`;

const stylesheet = readdirSync('dist/_astro')
  .filter((file) => file.endsWith('.css'))
  .map((file) => readFileSync(`dist/_astro/${file}`, 'utf8'))
  .join('\n');
/**
 * The page's code split as the site's build splits it: the draft view is a chunk of its own, loaded
 * from its address when a draft is first opened, with the compile hint the site's build gives it.
 */
const bundle = await build({
  entryPoints: ['bench-page'],
  bundle: true,
  splitting: true,
  format: 'esm',
  outdir: '/',
  write: false,
  minify: true,
  jsx: 'automatic',
  define: { 'process.env.NODE_ENV': '"production"', 'import.meta.env.DEV': 'false' },
  plugins: [
    offline,
    {
      name: 'bench-page',
      setup(b) {
        b.onResolve({ filter: /^bench-page$/ }, () => ({ path: 'bench-page', namespace: 'page' }));
        b.onLoad({ filter: /.*/, namespace: 'page' }, () => ({
          contents: PAGE_SCRIPT,
          resolveDir: process.cwd(),
          loader: 'js',
        }));
      },
    },
  ],
});
const draftView = bundle.outputFiles.find(({ path }) => /\/DraftReader-\w+\.js$/.test(path));
if (!draftView) throw new Error('The draft view is no chunk of its own');
const files = new Map(
  bundle.outputFiles.map(({ path, text }) => [path, path === draftView.path ? withCompileHint(text) : text]),
);
const ORIGIN = 'http://bench.test';
const html = `<!doctype html><html lang="en"><head><style>${stylesheet}</style></head><body>
<main id="root"></main><script type="module" src="/bench-page.js"></script></body></html>`;

const [before, after] = drafts();
const [round1, round2] = [round(1, comments(before, 1)), round(2, comments(after, 2))];
const answers = { '/api/projects/p1/drafts/1': draftText(1, before), '/api/projects/p1/drafts/2': draftText(2, after) };

const atStart = loadavg()[0];
const browser = await puppeteer.launch({
  executablePath: CHROME_PATH,
  args: ['--no-sandbox', '--disable-gpu', '--no-first-run'],
  headless: true,
});

/** A fresh phone-sized page at 4x CPU slowdown, its script run and its first frame drawn. */
async function freshPage(): Promise<Page> {
  const page = await browser.newPage();
  await page.setViewport({ width: 390, height: 844 });
  const cdp = await page.createCDPSession();
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
  await page.setRequestInterception(true);
  page.on('request', (request) => {
    const path = new URL(request.url()).pathname;
    const js = files.get(path);
    if (path === '/') void request.respond({ contentType: 'text/html', body: html });
    else if (js !== undefined) void request.respond({ contentType: 'text/javascript', body: js });
    else void request.respond({ status: 404, body: '' });
  });
  await page.goto(`${ORIGIN}/`, { waitUntil: 'load' });
  await page.evaluate((d) => {
    (window as unknown as { drafts: unknown }).drafts = d;
    return new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 50)));
  }, answers);
  return page;
}

type PageFns = {
  showRounds: (rounds: Round[], actions: string[]) => Promise<number>;
  openDraft: (marks: number) => Promise<unknown>;
  switchToChanges: () => Promise<string>;
  diffOnly: (b: EssayBlock[], a: EssayBlock[], c: EssayComment[]) => number;
};
const fns = (page: Page) => page.evaluateHandle(() => window as unknown as PageFns);

type TraceEvent = { name: string; cat: string; ph: string; pid: number; tid: number; ts: number; dur?: number };

/** The main thread's tasks and the page's marks, from a trace of a step. */
type Trace = { tasks: TraceEvent[]; marks: TraceEvent[] };

async function traced(page: Page, step: () => Promise<unknown>): Promise<Trace> {
  await page.tracing.start({ categories: ['toplevel', 'blink.user_timing'] });
  await step();
  const { traceEvents } = JSON.parse(new TextDecoder().decode(await page.tracing.stop())) as {
    traceEvents: TraceEvent[];
  };
  const marks = traceEvents.filter((e) => e.cat.includes('blink.user_timing'));
  const tasks = traceEvents.filter((e) => e.ph === 'X' && e.name.endsWith('RunTask'));
  return { tasks, marks };
}

/** Work between two marks: the main thread's busy time and its longest task there, in ms. */
type Work = { busy: number; longest: number };

/**
 * What a stretch costs the phone: the main thread's tasks (in the trace's wall time, so the
 * slowdown counts) from one mark to another, without the idle waits for the screen's next frame;
 * and the longest of those tasks, which is how long the page could not answer a tap.
 */
function work({ tasks, marks }: Trace, fromName: string, toName: string): Work {
  const [from, to] = [fromName, toName].map((name) => marks.find((e) => e.name === name)!);
  const within = tasks
    .filter((e) => e.pid === to.pid && e.tid === to.tid)
    .map((e) => Math.max(0, Math.min(e.ts + e.dur!, to.ts) - Math.max(e.ts, from.ts)) / 1000);
  return { busy: within.reduce((sum, ms) => sum + ms, 0), longest: Math.max(...within) };
}

/** Lighthouse's BenchmarkIndex of the slowed CPU, the median of three, to read the slowdown against phones. */
async function cpuScore(): Promise<number> {
  const page = await browser.newPage();
  const cdp = await page.createCDPSession();
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
  const scores: number[] = [];
  for (let i = 0; i < 3; i++) scores.push(Number(await page.evaluate(`(${pageFunctions.computeBenchmarkIndex})()`)));
  await page.close();
  return median(scores);
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const runs = { pressed: [] as Work[], first: [] as Work[], settled: [] as Work[], shown: [] as Work[] };
let benchmarkIndex = 0;
const diffed: number[] = [];
let label = '';
try {
  for (let run = 0; run < RUNS; run++) {
    const page = await freshPage();
    const win = await fns(page);
    await win.evaluate((w, r) => w.showRounds(r, ['mark-comment']), [round1, round2]);
    await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 50)));
    const opening = await traced(page, () => win.evaluate((w, marks) => w.openDraft(marks), COMMENTS));
    runs.pressed.push(work(opening, 'pressed', 'first'));
    runs.first.push(work(opening, 'answered-2', 'first'));
    runs.settled.push(work(opening, 'answered-2', 'settled'));
    await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 50)));
    const switching = await traced(page, async () => {
      label = await win.evaluate((w) => w.switchToChanges());
    });
    runs.shown.push(work(switching, 'asked', 'shown'));
    await page.close();

    const diffPage = await freshPage();
    diffed.push(
      await (await fns(diffPage)).evaluate((w, b, a, c) => w.diffOnly(b, a, c), before, after, round1.comments!),
    );
    await diffPage.close();
  }
  benchmarkIndex = await cpuScore();
} finally {
  await browser.close();
}

const verdict = (ms: number) =>
  `${ms.toFixed(1)} ms (${ms <= BUDGET_MS ? 'within' : 'OVER'} the ${BUDGET_MS} ms budget)`;
const busy = (list: Work[]) => median(list.map((w) => w.busy));
const longest = (list: Work[]) => median(list.map((w) => w.longest));
const body = `## The essay's draft view

In Chromium at ${CPU_SLOWDOWN}x CPU slowdown on a 390 px screen, median of ${RUNS} fresh pages
(${loadNote(atStart)}). Slowed so, this machine's CPU scores ${benchmarkIndex.toFixed(0)} on Lighthouse's
BenchmarkIndex, where a Pixel 5 scores about 1000 and a Moto G4 about 264. The site's own components
and stylesheet on a project's rounds as its page shows them; the main thread's work (its tasks,
without the waits for the screen's next frame) from a draft text's arrival, or a press, to the
frame that shows the result.
- Opening a returned ${WORDS}-word draft with ${COMMENTS} comments: its first screen drawn after ${verdict(busy(runs.first))}.
  From the press of 'Read draft', with the view's chunk loaded and compiled and its text asked for: ${busy(runs.pressed).toFixed(1)} ms.
  The rest of it, every comment in place, then the changes since the previous round made ready
  (compared, their first screen laid out out of sight) while the page is idle: ${busy(runs.settled).toFixed(1)} ms in all, the longest step ${verdict(longest(runs.settled))}.
- Pressing 'Changes since round 1' ('${label}', the previous round's ${COMMENTS} comments beside
  their passages or listed as on text since removed): its first screen shown after ${verdict(busy(runs.shown))}.
- The word diff with its summary alone, its code run for the first time: ${verdict(median(diffed))}.`;
console.log(body);
if (!process.env.BENCH_NO_REPORT) writeSection('essay', body);
