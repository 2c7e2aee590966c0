/**
 * The local runner of scheduled functions (scripts/platform/scheduled-functions.ts): every function
 * whose `config.schedule` is set runs each minute, in-process, as Netlify calls it (a POST with
 * `{ next_run }`, deploy context ''); functions with a path never run on the clock, and scheduled ones
 * get no URL from the functions host, as on Netlify. Only the interval timers are faked.
 */
import { resolve } from 'node:path';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { loadFunctions } from '../../scripts/platform/functions-host';
import { startScheduledFunctions } from '../../scripts/platform/scheduled-functions';
import { runs, slowRun } from './fixtures/scheduled-runs';

const directory = resolve('tests/unit/fixtures/scheduled-functions');
const siteUrl = 'http://localhost:8888';
const minute = () => vi.advanceTimersByTimeAsync(60_000);
const names = () => runs.map((run) => run.name);

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
  runs.length = 0;
});
afterEach(() => vi.useRealTimers());

it('runs every scheduled function once a minute, as Netlify invokes it, and nothing else', async () => {
  const scheduler = await startScheduledFunctions({ siteUrl, directory });
  expect(scheduler.names).toEqual(['every-minute.ts', 'slow.ts']);
  expect(runs).toEqual([]);
  await minute();
  await minute();
  expect(names().sort()).toEqual(['every-minute', 'every-minute', 'slow', 'slow']);
  expect(runs.find((run) => run.name === 'every-minute')).toEqual({
    name: 'every-minute',
    method: 'POST',
    body: { next_run: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/) },
    deployContext: '',
  });
  await scheduler.stop();
  await minute();
  expect(runs).toHaveLength(4);
});

it('does not start a function again while its last run is still going', async () => {
  slowRun.hold();
  const scheduler = await startScheduledFunctions({ siteUrl, directory });
  await minute();
  await minute();
  await minute();
  expect(names().filter((name) => name === 'slow')).toHaveLength(1);
  expect(names().filter((name) => name === 'every-minute')).toHaveLength(3);
  slowRun.release();
  await minute();
  expect(names().filter((name) => name === 'slow')).toHaveLength(2);
  await scheduler.stop();
});

it('gives scheduled functions no URL, and serves the others at theirs', async () => {
  const host = await loadFunctions(directory);
  expect(
    await host.handle(new Request(`${siteUrl}/.netlify/functions/every-minute`, { method: 'POST' }), siteUrl),
  ).toBeUndefined();
  expect(await (await host.handle(new Request(`${siteUrl}/api/endpoint`), siteUrl))!.text()).toBe('endpoint');
  expect(names()).toEqual(['endpoint']);
});

it('with no clock runs only when asked: once each, after a run under way ends, and answers when all are done', async () => {
  const scheduler = await startScheduledFunctions({ siteUrl, directory, everyMs: null });
  await minute();
  expect(runs).toEqual([]);
  // What each answered: JSON, or null for none.
  expect(await scheduler.runNow()).toEqual({ 'every-minute.ts': null, 'slow.ts': { complete: true } });
  expect(names().sort()).toEqual(['every-minute', 'slow']);
  slowRun.hold();
  const first = scheduler.runNow();
  await vi.waitFor(() => expect(names().filter((name) => name === 'slow')).toHaveLength(2));
  // Asked while that run is under way: it began before the asking, so another follows it.
  const second = scheduler.runNow();
  slowRun.release();
  await Promise.all([first, second]);
  expect(names().filter((name) => name === 'slow')).toHaveLength(3);
  await scheduler.stop();
});
