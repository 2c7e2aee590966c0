/**
 * What the build does differently per Netlify deploy context (`CONTEXT`). A production build fails,
 * with one readable line per problem, when a variable the site needs to take money or sign people in
 * is missing (or a test switch is set), rather than deploying a site that cannot take money. And
 * production never gets the test checkout page: only other builds inject its route, so there it is a
 * plain 404 (its function answers 404 there too).
 */
import type { AstroIntegration } from 'astro';
import { productionEnvProblems } from '#server/core/production-env';

export const TEST_CHECKOUT_ROUTE = {
  pattern: '/test-checkout',
  entrypoint: './src/islands/test-checkout/TestCheckoutPage.astro',
};

export function deployContextIntegration(env: Record<string, string | undefined> = process.env): AstroIntegration {
  return {
    name: 'bcc:deploy-context',
    hooks: {
      'astro:config:setup': ({ injectRoute, logger }) => {
        if (env.CONTEXT !== 'production') {
          injectRoute(TEST_CHECKOUT_ROUTE);
          return;
        }
        const problems = productionEnvProblems(env);
        if (problems.length > 0) {
          throw new Error(
            [
              'This production build would deploy a site that cannot take money or sign anyone in safely:',
              ...problems.map((p) => `  - ${p}`),
              "Set them for the production context in Netlify (Site configuration -> Environment variables); the README's environment table lists them.",
            ].join('\n'),
          );
        }
        logger.info('Production build: every required variable is set; the test checkout is left out.');
      },
    },
  };
}
