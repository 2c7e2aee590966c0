/**
 * The local server bundles a function on each call, which takes seconds on a busy machine; the
 * editors islands then hydrate React. Specs warm the functions up before their tests, and wait
 * for the first cards with `expectLoaded`, whose timeout allows for that start-up.
 */
import { expect, type APIRequestContext } from '@playwright/test';

export async function warmUpFunctions(request: APIRequestContext, { waitlist = false } = {}) {
  await request.get('/api/database/editors');
  if (waitlist) await request.post('/api/waitlist', { data: {} });
}

export const expectLoaded = expect.configure({ timeout: 20_000 });
