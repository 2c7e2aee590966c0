/**
 * The local server bundles a function on its first call, which can take seconds on a busy machine.
 * Calling the functions a spec uses once, before its tests, keeps that out of every test's timeouts.
 */
import type { APIRequestContext } from '@playwright/test';

export async function warmUpFunctions(request: APIRequestContext, { waitlist = false } = {}) {
  await request.get('/api/database/editors');
  if (waitlist) await request.post('/api/waitlist', { data: {} });
}
