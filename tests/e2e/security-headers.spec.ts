/**
 * Every page of the build is served with the security headers of netlify.toml, and its
 * Content-Security-Policy allows what the page really does: no page, signed out or signed in, logs a
 * violation in Chromium. See docs/security.md.
 */
import { createHash } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import { builtPages, inlineScripts, UNKNOWN_PATH } from '../../scripts/bench/built-pages';
import { openAdmin } from '../helpers/e2e-admin';
import { register, uniqueEmail } from '../helpers/e2e-auth';
import { fillCheckout } from '../helpers/e2e-checkout';

const pages = builtPages();

function parseCsp(header: string): Map<string, string[]> {
  const directives = header
    .split(';')
    .map((d) => d.trim().split(/\s+/))
    .filter(([name]) => name);
  return new Map(directives.map(([name, ...sources]) => [name, sources]));
}

const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

test.describe('security headers', () => {
  for (const { route, file } of pages) {
    test(`${route} (${file}) is served with every security header`, async ({ request }) => {
      const res = await request.get(route);
      expect(res.status()).toBe(route === UNKNOWN_PATH ? 404 : 200);
      const headers = res.headers();

      const csp = parseCsp(headers['content-security-policy'] ?? '');
      expect(csp.get('default-src')).toEqual(["'self'"]);
      const scriptSources = csp.get('script-src') ?? [];
      expect(scriptSources[0]).toBe("'self'");
      // Nothing but our own files and hashed inline scripts may run: no inline handlers, no eval, no hosts.
      for (const source of scriptSources.slice(1)) expect(source).toMatch(/^'sha256-[A-Za-z0-9+/]+=*'$/);
      expect(csp.get('connect-src')).toEqual([
        "'self'",
        'https://identitytoolkit.googleapis.com',
        'https://securetoken.googleapis.com',
      ]);
      expect(csp.get('img-src')).toEqual(["'self'", 'https:']);
      expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
      expect(csp.get('object-src')).toEqual(["'none'"]);
      expect(csp.get('base-uri')).toEqual(["'none'"]);
      expect(csp.get('form-action')).toEqual(["'self'"]);

      expect(headers['strict-transport-security']).toMatch(/^max-age=(\d+); includeSubDomains$/);
      expect(Number(/max-age=(\d+)/.exec(headers['strict-transport-security'])![1])).toBeGreaterThanOrEqual(31_536_000);
      expect(headers['x-content-type-options']).toBe('nosniff');
      expect(headers['x-frame-options']).toBe('DENY');
      expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
      expect(headers['cross-origin-opener-policy']).toBe('same-origin');
      for (const feature of ['camera', 'microphone', 'geolocation', 'payment'])
        expect(headers['permissions-policy']).toContain(`${feature}=()`);
    });
  }

  test('every inline script of the build is allowed by its hash', async ({ request }) => {
    const allowed = parseCsp((await request.get('/')).headers()['content-security-policy']).get('script-src') ?? [];
    const missing = pages.flatMap(({ file, html }) =>
      inlineScripts(html)
        .filter((script) => !allowed.includes(sha256(script)))
        .map((script) => `${file}: ${sha256(script)} for ${script.slice(0, 60)}...`),
    );
    expect(missing, 'add these hashes to script-src in netlify.toml, or move the script to a file').toEqual([]);
  });
});

/** Collects what Chromium reports about the page's policies: CSP violations and header parse errors. */
async function watchPolicies(page: Page) {
  const problems: string[] = [];
  // A violation that the page's code catches (a library probing for eval) logs nothing by itself;
  // the event still fires, so it is logged here.
  await page.addInitScript(() =>
    document.addEventListener('securitypolicyviolation', (e) =>
      console.error(
        `Content Security Policy violation: ${e.violatedDirective} blocked ${e.blockedURI} in ${e.sourceFile}:${e.lineNumber}`,
      ),
    ),
  );
  page.on('console', (msg) => {
    if (/Content Security Policy|Permissions-Policy|Refused to/i.test(msg.text()))
      problems.push(`${page.url()}: ${msg.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`${page.url()}: ${error.message}`));
  return problems;
}

async function visit(page: Page, route: string) {
  await page.goto(route);
  await page.waitForLoadState('networkidle');
}

test.describe('the Content-Security-Policy in Chromium', () => {
  test('no page logs a violation, signed out', async ({ page }) => {
    const problems = await watchPolicies(page);
    for (const { route } of pages) await visit(page, route);
    expect(problems).toEqual([]);
  });

  test('no violation while a customer signs up, chooses, checks out, pays and reads the confirmation', async ({
    page,
  }) => {
    const problems = await watchPolicies(page);
    await visit(page, '/select-services?service=activity-list&editor=maya-chen');
    await register(page, uniqueEmail('csp'));
    await expect(page.getByText('Logged in as')).toBeVisible();
    await page.getByRole('button', { name: 'Proceed to Checkout' }).click();
    await expect(page).toHaveURL('/checkout');
    await fillCheckout(page);
    await page.getByRole('button', { name: /Proceed to Payment/ }).click();
    await expect(page).toHaveURL(/\/test-checkout\?/);
    await page.getByRole('button', { name: /^Pay / }).click();
    await expect(page.getByRole('heading', { name: 'Payment Successful!' })).toBeVisible();
    const orderId = new URL(page.url()).searchParams.get('order')!;
    await page.getByRole('link', { name: 'View My Dashboard' }).click();
    await expect(page.getByRole('link', { name: orderId })).toBeVisible();
    expect(problems).toEqual([]);
  });

  test('no violation in the admin area, editor photos from https addresses included', async ({ page, request }) => {
    const problems = await watchPolicies(page);
    await openAdmin(page, request, '/admin?tab=editors');
    await page.getByRole('button', { name: 'Add Editor' }).click();
    await page.getByLabel('Image (path or URL)').fill('https://images.example.com/editor.jpg');
    await page.getByRole('tab', { name: 'Email Subscribers' }).click();
    await page.waitForLoadState('networkidle');
    expect(problems).toEqual([]);
  });
});
