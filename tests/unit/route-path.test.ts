import { describe, expect, it } from 'vitest';
import { routePath } from '../../src/lib/site';

describe('routePath', () => {
  it.each([
    ['/', '/'],
    ['/index.html', '/'],
    ['/pricing.html', '/pricing'],
    ['/pricing', '/pricing'],
    ['/pricing/', '/pricing'],
    ['/privacy-policy.html', '/privacy-policy'],
    ['/admin/index.html', '/admin'],
  ])('%s is the route %s', (pathname, route) => {
    expect(routePath(pathname)).toBe(route);
  });
});
