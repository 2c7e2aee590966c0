/** The editors and their approved sample edits rendered into the pages at build time (decision 015). */
import { describe, expect, it, vi } from 'vitest';
import { DEMO_EDITORS, DEMO_SAMPLES } from '../../server/seed';
import { publicSample } from '../../samples';
import { editorSnapshot, sampleSnapshot } from '../../../../build/editor-snapshot';

const live = [
  {
    ...DEMO_EDITORS[0],
    id: 'live-one',
    name: 'Live One',
    rating: { count: 4, average: 4.5 },
    onTime: { rounds: 6, share: 0.83 },
    track: { finished: 9, responseMs: 4 * 3_600_000, since: '2026-03-14T10:00:00.000Z' },
  },
];
const answering = (body: unknown, status = 200) =>
  vi.fn(async () => Response.json(body, { status })) as unknown as typeof fetch;
const failing = vi.fn(async () => {
  throw new TypeError('fetch failed');
}) as unknown as typeof fetch;
const netlify = (context: string) => ({ NETLIFY: 'true', URL: 'https://site.example', CONTEXT: context });

describe('editorSnapshot', () => {
  it('a Netlify build takes the live site’s editors, as the API serves them', async () => {
    const fetchFn = answering(live);
    const { accountEmail: _, ...served } = live[0];
    expect(await editorSnapshot(netlify('production'), fetchFn)).toEqual([served]);
    expect(vi.mocked(fetchFn).mock.calls[0][0]).toEqual(new URL('https://site.example/api/database/editors'));
  });

  it('a local build, with no live site, takes the demo editors', async () => {
    expect((await editorSnapshot({}, failing)).map((e) => e.id)).toEqual(DEMO_EDITORS.map((e) => e.id));
    expect(failing).not.toHaveBeenCalled();
  });

  it('production never falls back to demo editors: none when the live site fails or answers nonsense', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    expect(await editorSnapshot(netlify('production'), failing)).toEqual([]);
    expect(await editorSnapshot(netlify('production'), answering({ error: 'down' }, 500))).toEqual([]);
    expect(await editorSnapshot(netlify('production'), answering([{ id: 1 }]))).toEqual([]);
    // A deploy preview may show the demo editors rather than none.
    expect(await editorSnapshot(netlify('deploy-preview'), failing)).toHaveLength(DEMO_EDITORS.length);
  });
});

describe('sampleSnapshot', () => {
  const approved = [{ ...publicSample(DEMO_SAMPLES[0]), editorId: 'live-one' }];

  it('a Netlify build takes the live site’s approved samples', async () => {
    const fetchFn = answering(approved);
    expect(await sampleSnapshot(netlify('production'), fetchFn)).toEqual(approved);
    expect(vi.mocked(fetchFn).mock.calls[0][0]).toEqual(new URL('https://site.example/api/database/samples'));
  });

  it('a local build takes the demo samples, as a family reads them: no consent, no history, no state', async () => {
    const [sample] = await sampleSnapshot({}, failing);
    expect(sample.editorId).toBe(DEMO_SAMPLES[0].editorId);
    expect(Object.keys(sample).sort()).toEqual([
      'approvedAt',
      'blocks',
      'comments',
      'editorId',
      'id',
      'source',
      'title',
    ]);
  });

  it('production renders none when the live site fails or answers nonsense', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    expect(await sampleSnapshot(netlify('production'), failing)).toEqual([]);
    expect(await sampleSnapshot(netlify('production'), answering([{ id: 'x' }]))).toEqual([]);
  });
});
