/**
 * The process file is the one place that names a project's states, their words and the process's
 * durations: a page or a server part outside the feature asks it (`isFinished`, `STATES`...) rather
 * than comparing a state by name, and no text repeats a duration as a number of its own.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { PROJECT_STATES } from '../../project';
import { STATES } from '../../process';

const FEATURE = 'src/features/projects/';
const PROCESS = `${FEATURE}process.ts`;
const code = execFileSync(
  'git',
  ['ls-files', '--cached', '--others', '--exclude-standard', 'src', 'netlify', 'scripts'],
  {
    encoding: 'utf8',
  },
)
  .split('\n')
  .filter((path) => /\.(ts|tsx|mts|mjs|js|astro)$/.test(path) && !path.includes('/tests/'));

/** Each line of `files` that matches `pattern`, as 'file:line: text'. */
const linesMatching = (files: string[], pattern: RegExp) =>
  files.flatMap((file) =>
    readFileSync(file, 'utf8')
      .split('\n')
      .flatMap((line, i) => (pattern.test(line) ? [`${file}:${i + 1}: ${line.trim()}`] : [])),
  );

// States whose names mean nothing else in the code, and those that do ('final', 'cancelled' and
// 'withdrawn' also name orders', consults' and refunds' states): those count only compared as a state.
const ONLY_PROJECTS = PROJECT_STATES.filter((state) => !['final', 'withdrawn', 'cancelled'].includes(state));
const named = new RegExp(`['"\`](${ONLY_PROJECTS.join('|')})['"\`]`);
const compared = new RegExp(`\\.state\\s*[!=]==?\\s*['"\`](${PROJECT_STATES.join('|')})['"\`]`);

describe('the process file owns the states and the durations', () => {
  const outside = code.filter((file) => !file.startsWith(FEATURE));

  it('finds the code it checks', () => {
    expect(outside.length).toBeGreaterThan(300);
    expect(code).toContain(PROCESS);
  });

  it('no code outside the feature names a state of a project', () => {
    expect(linesMatching(outside, named)).toEqual([]);
    expect(linesMatching(outside, compared)).toEqual([]);
  });

  it("no code outside the process file writes a state's words", () => {
    const words = Object.values(STATES).flatMap((state) => [
      state.family,
      state.editor,
      state.team,
      state.inbox?.title,
    ]);
    // Several words are also an event's ('Feedback returned', 'Final'): only those that say a state alone count.
    const stateOnly = [...new Set(words.filter((w) => w !== undefined) as string[])].filter(
      (w) => / /.test(w) && !/^(Feedback returned|Draft submitted|In review)$/.test(w),
    );
    expect(stateOnly.length).toBeGreaterThan(4);
    const pattern = new RegExp(stateOnly.map((w) => w.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|'));
    expect(
      linesMatching(
        code.filter((file) => file !== PROCESS),
        pattern,
      ),
    ).toEqual([]);
  });

  it('no text outside the process file gives a duration of the process as a number of its own', () => {
    const durations = /['"`][^'"`]*\b(seven|7|two|2) (more )?days\b|['"`][^'"`]*\b20 hours\b/;
    const offenders = linesMatching(
      code.filter((file) => file !== PROCESS),
      durations,
    ).filter((line) => !/^\S+: (\/\/|\/\*|\*)/.test(line)); // comments say what a piece of code does, to the reader
    expect(offenders).toEqual([]);
  });
});
