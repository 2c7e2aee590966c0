/**
 * Build time only (Astro page frontmatter): the editors to render into the pages, so a visitor can read
 * and pick one before any JavaScript runs (the pickers of /select-services and /contact, the editors
 * list, its filters and each editor's profile, the home and about pages). The islands replace them
 * with the live list after load (docs/decisions/015-no-input-lost-before-hydration.md).
 *
 * - A Netlify build asks the live site (`URL`), briefly: a slow or failing answer must not fail the build.
 * - A local build (`npm start`, the tests) has no live site: the demo editors the local server seeds.
 * - A production build never shows demo editors: when the live site does not answer, none (the
 *   island loads them).
 */
import { DEMO_EDITORS, DEMO_SAMPLES } from '#features/editors/server/seed';
import { publicSample, type PublicSample } from '#features/editors/samples';
import { publicSampleSchema } from '#features/editors/samples.schema';
import { toEditorChoice, type EditorChoice } from '#features/editors/editor-rules';
import { type Editor } from '#features/editors/editor-rules';
import { editorSchema } from '#features/editors/editor.schema';
import { z } from '#lib/zod';

const LIVE_TIMEOUT_MS = 4_000;

type Env = Record<string, string | undefined>;

export async function editorSnapshot(env: Env = process.env, fetchFn: typeof fetch = fetch): Promise<Editor[]> {
  const live = env.NETLIFY === 'true' && env.URL ? await liveEditors(env.URL, fetchFn) : null;
  if (live) return live;
  if (env.CONTEXT === 'production') return [];
  // The local server seeds them as it starts: they joined this month, as its list will say.
  const since = new Date().toISOString().slice(0, 7);
  return DEMO_EDITORS.map((editor) =>
    editorSchema.parse({ ...editor, track: { finished: 0, responseMs: null, since } }),
  );
}

/** A list the live site serves at `path`, as `schema` reads it; null (and a warning) for anything else. */
async function liveList<T>(
  siteUrl: string,
  path: string,
  schema: z.ZodType<T>,
  fetchFn: typeof fetch,
): Promise<T[] | null> {
  try {
    const res = await fetchFn(new URL(path, siteUrl), { signal: AbortSignal.timeout(LIVE_TIMEOUT_MS) });
    const parsed = z.array(schema).safeParse(res.ok ? await res.json() : null);
    if (parsed.success) return parsed.data;
    console.warn(`Editor snapshot: ${siteUrl}${path} answered ${res.status} without a list; building without it.`);
  } catch (error) {
    console.warn(`Editor snapshot: ${siteUrl}${path} did not answer (${String(error)}); building without it.`);
  }
  return null;
}

const liveEditors = (siteUrl: string, fetchFn: typeof fetch) =>
  liveList(siteUrl, '/api/database/editors', editorSchema as z.ZodType<Editor>, fetchFn);

export type BuiltSample = PublicSample & { editorId: string };

/**
 * The approved sample edits to render into the profiles: the live site's on a Netlify build, the demo's
 * on a local one, none on a production build the live site did not answer.
 */
export async function sampleSnapshot(env: Env = process.env, fetchFn: typeof fetch = fetch): Promise<BuiltSample[]> {
  const live =
    env.NETLIFY === 'true' && env.URL
      ? await liveList(env.URL, '/api/database/samples', publicSampleSchema as z.ZodType<BuiltSample>, fetchFn)
      : null;
  if (live) return live;
  if (env.CONTEXT === 'production') return [];
  return DEMO_SAMPLES.map((sample) => ({ ...publicSample(sample), editorId: sample.editorId }));
}

let samplesOnce: Promise<BuiltSample[]> | undefined;
/** The samples of one editor, from one snapshot per build. */
export const builtSamplesOf = async (editorId: string): Promise<PublicSample[]> =>
  (await (samplesOnce ??= sampleSnapshot()))
    .filter((sample) => sample.editorId === editorId)
    .map(({ editorId: _editor, ...sample }) => sample);

let once: Promise<Editor[]> | undefined;
/** One snapshot per build, shared by the pages that render it. */
export const builtEditors = () => (once ??= editorSnapshot());

/** What a picker is given: only the fields it shows, so the page does not carry every editor's profile. */
export const builtEditorChoices = async (): Promise<EditorChoice[]> => (await builtEditors()).map(toEditorChoice);
