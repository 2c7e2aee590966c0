/**
 * Every endpoint that anyone may write to without signing in has a rate limit (docs/security.md).
 * "Anyone" is found, not listed: a write request without a token that is not answered 401 reached
 * an open endpoint. Netlify enforces `config.rateLimit`; locally it is not emulated (decision 002).
 */
import { expect, it } from 'vitest';
import { listEndpoints } from '../helpers/endpoints';
import { call } from '../helpers/functions';

/** Open to anyone, yet not limited, and why. */
const UNLIMITED: Record<string, string> = {
  // Only a request signed with our webhook secret does anything; a limit could drop the provider's retries.
  'POST /api/stripe/webhook': 'signature checked before any work',
};

const WRITE_METHODS = ['POST', 'PUT', 'PATCH', 'DELETE'];
it('limits every open write endpoint to at most 30 requests a minute per visitor', async () => {
  const endpoints = (await listEndpoints()).filter((e) => WRITE_METHODS.includes(e.method));
  const open = [];
  for (const endpoint of endpoints) {
    const path = endpoint.path.replace(/:(\w+)/g, 'x');
    const res = await call(endpoint.handler, path, {
      method: endpoint.method,
      json: {},
      params: { id: 'x', orderId: 'x', key: 'x' },
    });
    if (res.status !== 401) open.push(endpoint);
  }
  expect(open.map((e) => e.key)).toEqual(expect.arrayContaining(['POST /api/contact', 'POST /api/database/subscribe']));
  for (const endpoint of open.filter((e) => !UNLIMITED[e.key])) {
    const limit = endpoint.config.rateLimit;
    expect(limit, `${endpoint.key} is open to anyone: give it config.rateLimit`).toBeDefined();
    expect(limit!.aggregateBy).toContain('ip');
    expect((limit!.windowLimit * 60) / limit!.windowSize).toBeLessThanOrEqual(30);
  }
});
