/**
 * Each editor's profile and the editors list's filters are pages of the build, so they read without
 * script and can be found. After an admin adds, changes or removes an editor (or an editor saves their
 * bio), a Netlify build hook
 * (SITE_BUILD_HOOK) builds them again from the live list; until that deploy is out, the pages' islands
 * already show the change. Without a hook (locally, in tests) nothing is asked. A failed request is
 * logged, never returned: the write stands, and the next deploy builds the pages anyway.
 */
import type { Context } from '@netlify/functions';
import { purgeEditorsCache } from './editors-cache';
import { serverEnv } from '#server/core/env';

const TRIGGER_TITLE = 'Editors changed in the admin area';

async function requestSiteRebuild(
  hook: string | undefined,
  fetchFn: typeof fetch = fetch,
): Promise<'requested' | 'skipped' | 'failed'> {
  if (!hook) return 'skipped';
  try {
    const url = new URL(hook);
    url.searchParams.set('trigger_title', TRIGGER_TITLE);
    const res = await fetchFn(url, { method: 'POST', signal: AbortSignal.timeout(5_000) });
    if (res.ok) return 'requested';
    console.error(`The site build hook answered ${res.status}; editor pages wait for the next deploy.`);
  } catch (error) {
    console.error('The site build hook failed; editor pages wait for the next deploy:', error);
  }
  return 'failed';
}

/** After a change to an editor: the cached lists now, the built pages after the answer. */
export async function publishEditorChange(context: Pick<Context, 'waitUntil'>) {
  await purgeEditorsCache(context);
  context.waitUntil(requestSiteRebuild(serverEnv().SITE_BUILD_HOOK));
}
