/** The production environment rules (issue 13 §1), and the README that lists them. */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { FORBIDDEN_IN_PRODUCTION, productionEnvProblems, REQUIRED_IN_PRODUCTION } from '../../netlify/server/production-env';

const complete = {
  URL: 'https://beaconcollegecounsel.com',
  PUBLIC_FIREBASE_API_KEY: 'AIza-web-key',
  PUBLIC_FIREBASE_AUTH_DOMAIN: 'beacon.firebaseapp.com',
  PUBLIC_FIREBASE_PROJECT_ID: 'beacon',
  PUBLIC_FIREBASE_APP_ID: '1:2:web:3',
  STRIPE_SECRET_KEY: 'sk_live_abc',
  STRIPE_WEBHOOK_SECRET: 'whsec_abc',
  SMTP_URL: 'smtps://u:p@smtp.example.com:465',
  COMMUNITY_INVITE_URL: 'https://discord.gg/beacon',
};

describe('production environment rules', () => {
  it('a complete production environment has no problem (a restricted live key is fine too)', () => {
    expect(productionEnvProblems(complete)).toEqual([]);
    expect(productionEnvProblems({ ...complete, STRIPE_SECRET_KEY: 'rk_live_abc' })).toEqual([]);
  });

  it.each(Object.keys(REQUIRED_IN_PRODUCTION))('names %s when it is missing or blank', (name) => {
    expect(productionEnvProblems({ ...complete, [name]: undefined })).toEqual([expect.stringMatching(new RegExp(`^${name} is not set: `))]);
    expect(productionEnvProblems({ ...complete, [name]: '  ' })).toHaveLength(1);
  });

  it('refuses a Stripe test key and every local switch', () => {
    expect(productionEnvProblems({ ...complete, STRIPE_SECRET_KEY: 'sk_test_abc' })).toEqual([expect.stringContaining('not a live key')]);
    for (const name of Object.keys(FORBIDDEN_IN_PRODUCTION)) {
      expect(productionEnvProblems({ ...complete, [name]: 'x' })).toEqual([expect.stringMatching(new RegExp(`^${name} must not be set in production`))]);
    }
  });

  it('the README marks exactly these variables', () => {
    const rows = readFileSync('README.md', 'utf8').split('\n').filter((line) => line.startsWith('| `'));
    const marked = (mark: string) => rows.filter((row) => row.includes(mark)).map((row) => /^\| `([A-Z_]+)`/.exec(row)![1]);
    expect(marked('**required in production**').sort()).toEqual(Object.keys(REQUIRED_IN_PRODUCTION).sort());
    expect(marked('**never in production**').sort()).toEqual(Object.keys(FORBIDDEN_IN_PRODUCTION).sort());
  });
});
