/** The production environment rules (docs/decisions/012-production-fails-closed.md), and the README that lists them. */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { COMPLETE_PRODUCTION_ENV } from '../helpers/production-env';
import {
  FORBIDDEN_IN_PRODUCTION,
  productionEnvProblems,
  REQUIRED_IN_PRODUCTION,
} from '../../netlify/server/core/production-env';

const complete = COMPLETE_PRODUCTION_ENV;

describe('production environment rules', () => {
  it('a complete production environment has no problem (a restricted live key is fine too)', () => {
    expect(productionEnvProblems(complete)).toEqual([]);
    expect(productionEnvProblems({ ...complete, STRIPE_SECRET_KEY: 'rk_live_abc' })).toEqual([]);
  });

  it.each(Object.keys(REQUIRED_IN_PRODUCTION))('names %s when it is missing or blank', (name) => {
    expect(productionEnvProblems({ ...complete, [name]: undefined })).toEqual([
      expect.stringMatching(new RegExp(`^${name} is not set: `)),
    ]);
    expect(productionEnvProblems({ ...complete, [name]: '  ' })).toHaveLength(1);
  });

  it('refuses a Stripe test key and every local switch', () => {
    expect(productionEnvProblems({ ...complete, STRIPE_SECRET_KEY: 'sk_test_abc' })).toEqual([
      expect.stringContaining('not a live key'),
    ]);
    for (const name of Object.keys(FORBIDDEN_IN_PRODUCTION)) {
      expect(productionEnvProblems({ ...complete, [name]: 'x' })).toEqual([
        expect.stringMatching(new RegExp(`^${name} must not be set in production`)),
      ]);
    }
  });

  it('the README marks exactly these variables', () => {
    const rows = readFileSync('README.md', 'utf8')
      .split('\n')
      .filter((line) => line.startsWith('| `'));
    const marked = (mark: string) =>
      rows.filter((row) => row.includes(mark)).map((row) => /^\| `([A-Z_]+)`/.exec(row)![1]);
    expect(marked('**required in production**').sort()).toEqual(Object.keys(REQUIRED_IN_PRODUCTION).sort());
    expect(marked('**never in production**').sort()).toEqual(Object.keys(FORBIDDEN_IN_PRODUCTION).sort());
  });
});
