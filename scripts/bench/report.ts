/**
 * docs/benchmarks.md is written by more than one benchmark: each owns a section between its own
 * markers and replaces only that, so running one part never drops another's results.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';

export const REPORT = 'docs/benchmarks.md';
const HEADER = `# Benchmarks

\`npm run bench\` builds the site and runs both parts below; each part rewrites only its own section.
These are measurements, not tests: they never fail the build.
`;

/** Replaces (or appends) the section named `name` in docs/benchmarks.md. */
export function writeSection(name: string, body: string) {
  const start = `<!-- ${name}:start -->`;
  const end = `<!-- ${name}:end -->`;
  const section = `${start}\n${body.trim()}\n${end}`;
  const current = existsSync(REPORT) ? readFileSync(REPORT, 'utf8') : HEADER;
  const next = current.includes(start)
    ? current.replace(new RegExp(`${start}[\\s\\S]*${end}`), () => section)
    : `${current.trimEnd()}\n\n${section}\n`;
  writeFileSync(REPORT, next);
}

/** "load average 1.2 at the start and 2.3 at the end": busy cores change every number here. */
export const loadNote = (atStart: number) =>
  `load average ${atStart.toFixed(1)} at the start and ${loadavg()[0].toFixed(1)} at the end`;
