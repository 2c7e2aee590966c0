/**
 * The build in Netlify's production context (docs/decisions/012-production-fails-closed.md): it refuses to deploy without the
 * variables a site needs to take money and sign people in, and a complete one has no test checkout.
 * Each build writes to its own directory, so the suite's shared dist/ is untouched. (Every other
 * context builds as `npm test` does, whose browser tests pay on the test checkout page.)
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { REQUIRED_IN_PRODUCTION } from '../../netlify/server/core/production-env';
import { COMPLETE_PRODUCTION_ENV } from '../helpers/production-env';

const dirs: string[] = [];
afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

const PRODUCTION_ENV = { CONTEXT: 'production', ...COMPLETE_PRODUCTION_ENV };

/** `astro build` into a fresh directory with exactly these variables on top of a clean environment. */
function build(env: Record<string, string>) {
  const outDir = mkdtempSync(join(tmpdir(), 'bcc-build-'));
  dirs.push(outDir);
  const clean = Object.fromEntries(
    Object.entries(process.env).filter(
      ([name]) => !(name in REQUIRED_IN_PRODUCTION) && !/^(CONTEXT|STRIPE_|FIREBASE_)/.test(name),
    ),
  );
  const result = spawnSync('npx', ['astro', 'build', '--outDir', outDir], {
    env: { ...clean, ...env },
    encoding: 'utf8',
  });
  return { status: result.status, output: `${result.stdout}${result.stderr}`, outDir };
}

describe('a production build', () => {
  it('fails with one readable line per missing variable', () => {
    const { STRIPE_SECRET_KEY: _key, SMTP_URL: _smtp, ...partial } = PRODUCTION_ENV;
    const { status, output, outDir } = build({ ...partial, FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099' });
    expect(status).not.toBe(0);
    expect(output).toContain(
      'This production build would deploy a site that cannot take money or sign anyone in safely:',
    );
    expect(output).toContain('- STRIPE_SECRET_KEY is not set');
    expect(output).toContain('- SMTP_URL is not set');
    expect(output).toContain('- FIREBASE_AUTH_EMULATOR_HOST must not be set in production');
    expect(existsSync(join(outDir, 'index.html'))).toBe(false);
  });

  it('with every variable set, builds the site without the test checkout page', () => {
    const { status, output, outDir } = build(PRODUCTION_ENV);
    expect(status, output).toBe(0);
    expect(existsSync(join(outDir, 'index.html'))).toBe(true);
    expect(existsSync(join(outDir, 'checkout.html'))).toBe(true);
    expect(existsSync(join(outDir, 'test-checkout.html'))).toBe(false);
  });
});
