import { expect, test } from '@playwright/test';
import { navLinks } from '../../src/lib/site';
import { expectNoAxeViolations } from '../helpers/axe';
import { createAccount, logIn, uniqueEmail } from '../helpers/e2e-auth';

test.describe('page shell', () => {
  test('the header links every section and marks the current route', async ({ page }) => {
    await page.goto('/');
    const nav = page.getByRole('navigation', { name: 'Main' }).first();
    for (const link of navLinks) {
      await expect(nav.getByRole('link', { name: link.label, exact: true })).toHaveAttribute('href', link.href);
    }
    await expect(nav.getByRole('link', { name: 'Home', exact: true })).toHaveAttribute('aria-current', 'page');
    await expect(nav.locator('[aria-current="page"]')).toHaveCount(1);
  });

  test('the footer links each section once, then where graduates apply, then the legal pages', async ({ page }) => {
    await page.goto('/');
    const footerNav = page.getByRole('navigation', { name: 'Footer' });
    await expect(footerNav.getByRole('link')).toHaveText([
      ...navLinks.map((link) => link.label),
      'Become an editor',
      'Privacy Policy',
      'Terms of Service',
    ]);
  });

  test('the header offers Sign In when signed out and My Account when signed in, at 1280 px and in the 390 px menu', async ({
    page,
    request,
  }) => {
    const banner = page.getByRole('banner');
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/pricing');
    await expect(banner.getByRole('link', { name: 'Sign In', exact: true })).toHaveAttribute('href', '/dashboard');
    await expect(banner.getByRole('link', { name: 'My Account', exact: true })).toBeHidden();
    await expect(banner.getByRole('link', { name: 'Community', exact: true })).toHaveAttribute('href', '/community');

    const email = uniqueEmail('header');
    await createAccount(request, email);
    await banner.getByRole('link', { name: 'Sign In', exact: true }).click();
    await logIn(page, email);
    await page.goto('/pricing');
    await expect(banner.getByRole('link', { name: 'My Account', exact: true })).toHaveAttribute('href', '/dashboard');
    await expect(banner.getByRole('link', { name: 'Sign In', exact: true })).toBeHidden();

    await page.setViewportSize({ width: 390, height: 800 });
    await banner.getByRole('button', { name: 'Menu' }).click();
    const drawer = page.locator('#mobile-menu');
    await expect(drawer.getByRole('link', { name: 'My Account', exact: true })).toBeVisible();
    await expect(drawer.getByRole('link', { name: 'Community', exact: true })).toBeVisible();
    await expectNoAxeViolations(page);

    await page.goto('/dashboard');
    await page.getByRole('button', { name: 'Logout' }).click();
    await expect(page.getByRole('tab', { name: 'New Customer' })).toBeVisible();
    await page.goto('/pricing');
    await banner.getByRole('button', { name: 'Menu' }).click();
    await expect(drawer.getByRole('link', { name: 'Sign In', exact: true })).toBeVisible();
  });

  test('the header stays in view while the page scrolls', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 500 });
    await page.goto('/');
    await page.mouse.wheel(0, 2000);
    await page.waitForFunction(() => scrollY > 100);
    const box = await page.locator('header').first().boundingBox();
    expect(box?.y).toBe(0);
  });

  test('the footer links the legal pages and holds the newsletter form', async ({ page }) => {
    await page.goto('/');
    const footer = page.getByRole('contentinfo');
    await expect(footer.getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute('href', '/privacy-policy');
    await expect(footer.getByRole('link', { name: 'Terms of Service' })).toHaveAttribute('href', '/terms-of-service');
    await expect(footer.getByRole('button', { name: 'Subscribe' })).toBeVisible();
  });

  test('a skip link jumps to the main content', async ({ page }) => {
    await page.goto('/');
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Skip to content' });
    await expect(skip).toBeFocused();
    await expect(skip).toBeVisible();
    await page.keyboard.press('Enter');
    await expect(page.locator('main')).toBeFocused();
  });

  test('an unknown route shows the 404 page and logs the path', async ({ page }) => {
    const logged: string[] = [];
    page.on('console', (msg) => logged.push(msg.text()));
    const response = await page.goto('/no/such/page');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Oops! Page not found');
    await expect.poll(() => logged.join('\n')).toContain('/no/such/page');
    await page.getByRole('link', { name: 'Return to Home' }).click();
    await expect(page).toHaveURL('/');
  });
});

test.describe('mobile menu drawer at 390 px', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('opens, closes with Escape and returns focus to the button', async ({ page }) => {
    await page.goto('/');
    const button = page.getByRole('button', { name: 'Menu' });
    const drawer = page.locator('#mobile-menu');
    await expect(button).toHaveAttribute('aria-expanded', 'false');
    await expect(drawer).toBeHidden();
    await button.click();
    await expect(button).toHaveAttribute('aria-expanded', 'true');
    await expect(drawer.getByRole('link', { name: 'Pricing' })).toBeVisible();
    await drawer.getByRole('link', { name: 'Editors' }).focus();
    await page.keyboard.press('Escape');
    await expect(drawer).toBeHidden();
    await expect(button).toHaveAttribute('aria-expanded', 'false');
    await expect(button).toBeFocused();
  });

  test('a link click closes the drawer and navigates', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('button', { name: 'Menu' }).click();
    await page.locator('#mobile-menu').getByRole('link', { name: 'Home' }).click();
    await expect(page.locator('#mobile-menu')).toBeHidden();
    await expect(page).toHaveURL('/');
  });

  test('is operable by keyboard alone', async ({ page }) => {
    await page.goto('/');
    const button = page.getByRole('button', { name: 'Menu' });
    await button.focus();
    await page.keyboard.press('Enter');
    await expect(button).toHaveAttribute('aria-expanded', 'true');
    await page.keyboard.press('Tab');
    await expect(page.locator('#mobile-menu').getByRole('link', { name: 'Home' })).toBeFocused();
  });

  test('the shell passes axe with the drawer open', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('button', { name: 'Menu' }).click();
    await expectNoAxeViolations(page);
  });
});

test('the shell passes axe at 1280 px, and the 404 page too', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/');
  await expectNoAxeViolations(page);
  await page.goto('/missing');
  await expectNoAxeViolations(page);
});
