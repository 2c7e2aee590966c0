/**
 * `npm run bench`, the essay part: in Debian's Chromium at 4x CPU slowdown (a phone-class CPU), the
 * work the draft view does when a family opens the changes since the last round: the word diff of
 * two 650-word drafts with its summary, then 30 comments located in the new draft and laid out as
 * highlighted passages with their comments beside them. Budget: 50 ms. Prints the median of
 * BENCH_RUNS page loads (default 5) and writes its section of docs/benchmarks.md.
 * A benchmark, not a test: it never fails the build, it reports.
 */
import { loadavg } from 'node:os';
import { build } from 'esbuild';
import puppeteer from 'puppeteer-core';
import type { EssayBlock } from '../../src/lib/essay';
import { anchorOf } from '../../src/lib/essay-anchor';
import { loadNote, writeSection } from './report';

const CHROME_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
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

/** The previous round's 30 comments, on passages of three to eight words spread through the draft. */
function comments(blocks: EssayBlock[]) {
  const next = random(11);
  return Array.from({ length: COMMENTS }, (_, i) => {
    const block = i % blocks.length;
    const text = blocks[block].text;
    const start = text.indexOf(' ', Math.floor(next() * (text.length - 60))) + 1;
    const end = text.indexOf(' ', start + 15 + Math.floor(next() * 25));
    const anchor = anchorOf(blocks, block, start, end)!;
    return { id: `c${i}`, round: 1, anchor, text: 'Say more about this.', createdAt: '', doneAt: i % 3 ? null : 'x' };
  });
}

/** What runs in the page: the lib modules as the island will import them, and the measured work. */
const PAGE_SCRIPT = `
import { diffDrafts, summariseChanges, changeSummaryLabel } from './src/lib/essay-diff';
import { locate } from './src/lib/essay-anchor';

window.measure = ({ before, after, comments }) => {
  const root = document.getElementById('root');
  root.replaceChildren();
  const t0 = performance.now();
  const changes = diffDrafts(before, after);
  const label = changeSummaryLabel(summariseChanges(changes, comments));
  const t1 = performance.now();
  const summary = document.createElement('p');
  summary.textContent = label;
  root.append(summary);
  const marks = after.map(() => []);
  const removed = [];
  for (const comment of comments) {
    const at = locate(after, comment.anchor);
    if (at) marks[at.block].push({ ...at, comment });
    else removed.push(comment);
  }
  after.forEach((block, i) => {
    const row = document.createElement('div');
    row.className = 'row';
    const p = document.createElement('p');
    let from = 0;
    for (const { start, end, comment } of marks[i].sort((a, b) => a.start - b.start)) {
      if (start < from) continue;
      p.append(block.text.slice(from, start));
      const mark = document.createElement('mark');
      mark.tabIndex = 0;
      mark.textContent = block.text.slice(start, end);
      p.append(mark);
      const aside = document.createElement('aside');
      aside.textContent = comment.text;
      row.append(aside);
      from = end;
    }
    p.append(block.text.slice(from));
    row.prepend(p);
    root.append(row);
  });
  for (const comment of removed) {
    const li = document.createElement('li');
    li.textContent = 'On text since removed: ' + comment.text;
    root.append(li);
  }
  root.getBoundingClientRect();
  void root.offsetHeight;
  const t2 = performance.now();
  return { diffMs: t1 - t0, totalMs: t2 - t0, label, located: comments.length - removed.length };
};
`;

const bundle = await build({
  stdin: { contents: PAGE_SCRIPT, resolveDir: process.cwd(), loader: 'js' },
  bundle: true,
  format: 'iife',
  write: false,
  minify: true,
});
const html = `<!doctype html><html lang="en"><head><style>
.row{display:grid;grid-template-columns:2fr 1fr;gap:1rem} mark{background:#fde68a}
</style></head><body><main id="root"></main><script>${bundle.outputFiles[0].text}</script></body></html>`;

const [before, after] = drafts();
const input = { before, after, comments: comments(before) };
const atStart = loadavg()[0];
const browser = await puppeteer.launch({
  executablePath: CHROME_PATH,
  args: ['--no-sandbox', '--disable-gpu', '--no-first-run'],
  headless: true,
});
const results: { diffMs: number; totalMs: number; label: string; located: number }[] = [];
try {
  for (let run = 0; run < RUNS; run++) {
    const page = await browser.newPage();
    await page.setViewport({ width: 390, height: 844 });
    const cdp = await page.createCDPSession();
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
    await page.setContent(html);
    // The first call in a fresh page, as a family opening the view meets it: no warm-up.
    results.push(
      await page.evaluate((data) => (window as unknown as { measure: (d: unknown) => never }).measure(data), input),
    );
    await page.close();
  }
} finally {
  await browser.close();
}

const median = (values: number[]) => values.sort((a, b) => a - b)[Math.floor(values.length / 2)];
const diffMs = median(results.map((r) => r.diffMs));
const totalMs = median(results.map((r) => r.totalMs));
const verdict = totalMs <= BUDGET_MS ? 'within' : 'OVER';
const body = `## The essay's changes view

In Chromium at ${CPU_SLOWDOWN}x CPU slowdown, median of ${RUNS} fresh pages (${loadNote(atStart)}):
the word diff of two ${WORDS}-word drafts with its summary ('${results[0].label}') took
${diffMs.toFixed(1)} ms; with ${COMMENTS} comments located (${results[0].located} found) and laid out beside
their highlighted passages, ${totalMs.toFixed(1)} ms: ${verdict} the ${BUDGET_MS} ms budget.`;
console.log(body);
if (!process.env.BENCH_NO_REPORT) writeSection('essay', body);
