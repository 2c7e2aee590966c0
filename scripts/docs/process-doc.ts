/**
 * The project process as docs/architecture.md shows it: a state diagram and the tables of transitions
 * and timers, generated from `src/features/projects/process.ts`. `npm run docs:process` writes it between
 * the markers; a unit test fails when the document and the module differ.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { PROJECT_STATES, type ProjectState } from '#features/projects/project';
import { OPEN_STATES, PAID, TIMERS, TRANSITIONS, type Transition } from '#features/projects/process';

export const BEGIN =
  '<!-- process:begin (generated from src/features/projects/process.ts by `npm run docs:process`) -->';
export const END = '<!-- process:end -->';
export const ARCHITECTURE = fileURLToPath(new URL('../../docs/architecture.md', import.meta.url));

const isOpen = (state: ProjectState) => (OPEN_STATES as readonly ProjectState[]).includes(state);
const isOpenKey = (node: string) => (OPEN_STATES as readonly string[]).includes(node);
const fromEveryOpenState = (t: Transition) => OPEN_STATES.every((state) => t.from.includes(state));
const who = (t: Transition) => `${t.name} (${t.actors.join(', ')})`;
const list = (items: readonly string[]) => (items.length ? items.join(', ') : '–');

/** The edges that change the state, merged per pair of states; a transition from every open state leaves the box. */
function diagram(): string {
  const edges = new Map<string, string[]>();
  const edge = (from: string, to: string, label: string) => {
    const key = `${from} --> ${to}`;
    edges.set(key, [...(edges.get(key) ?? []), label]);
  };
  for (const t of TRANSITIONS) {
    if (t.to === null) continue;
    if (!isOpen(t.to) && fromEveryOpenState(t)) edge('open', t.to, who(t));
    else for (const from of t.from) edge(from, t.to, who(t));
  }
  const within = ([key]: [string, string[]]) => !key.startsWith('open ') && key.split(' --> ').every(isOpenKey);
  const inside = [...edges].filter(within);
  const outside = [...edges].filter((entry) => !within(entry));
  const line = ([key, labels]: [string, string[]]) => `${key}: ${labels.join(' · ')}`;
  return [
    '```mermaid',
    'stateDiagram-v2',
    '  state "open" as open {',
    `    [*] --> ${PAID.to}: ${PAID.name} (${PAID.by})`,
    ...inside.map((entry) => `    ${line(entry)}`),
    '  }',
    ...outside.map((entry) => `  ${line(entry)}`),
    ...PROJECT_STATES.filter((state) => !isOpen(state)).map((state) => `  ${state} --> [*]`),
    '```',
  ].join('\n');
}

function transitionsTable(): string {
  const begins = [PAID.name, PAID.event, PAID.by, PAID.via, '(it begins)', PAID.to, '–', '–', '–', '–', 'no'];
  const rows = TRANSITIONS.map((t) =>
    [
      t.name,
      t.action,
      t.actors.join(', '),
      t.via,
      t.from.join(', '),
      t.to ?? '(stays)',
      list([...t.guards, ...t.checks]),
      list(t.effects),
      list(t.timers),
      list(Object.entries(t.notices).map(([audience, name]) => `${audience}: ${name}`)),
      t.versioned ? 'yes' : 'no',
    ].join(' | '),
  );
  return [
    '| Transition | Action | By | Via | From | To | Guards | Effects | Timers set | Tells | Versioned |',
    '| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |',
    ...[begins.join(' | '), ...rows].map((row) => `| ${row} |`),
  ].join('\n');
}

function timersTable(): string {
  const rows = Object.entries(TIMERS).map(([name, timer]) =>
    [
      name,
      list(TRANSITIONS.filter((t) => (t.timers as readonly string[]).includes(name)).map((t) => t.name)),
      timer.while.join(', '),
      'takes' in timer ? `takes ${timer.takes}` : `marks ${timer.marks.event}`,
      list(Object.entries(timer.notices).map(([audience, notice]) => `${audience}: ${notice}`)),
    ].join(' | '),
  );
  return [
    '| Timer | Set by | Acts while | Does | Tells |',
    '| --- | --- | --- | --- | --- |',
    ...rows.map((row) => `| ${row} |`),
  ].join('\n');
}

/** The generated section, markers included. */
export const processSection = () =>
  [
    BEGIN,
    diagram(),
    '',
    'Transitions that keep the state (keep-open, messages, reassign) are in the table. `open` is every state but final, withdrawn and cancelled.',
    '',
    transitionsTable(),
    '',
    timersTable(),
    END,
  ].join('\n');

/** `markdown` with its generated section replaced by the current one. */
export function withProcessSection(markdown: string): string {
  const begin = markdown.indexOf(BEGIN);
  const end = markdown.indexOf(END);
  if (begin < 0 || end < begin) throw new Error(`docs/architecture.md has no ${BEGIN} … ${END} section`);
  return markdown.slice(0, begin) + processSection() + markdown.slice(end + END.length);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  writeFileSync(ARCHITECTURE, withProcessSection(readFileSync(ARCHITECTURE, 'utf8')));
  console.log('docs/architecture.md: the process section is up to date.');
}
