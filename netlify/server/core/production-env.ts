/**
 * What a production deploy must have, and must not have. The build refuses to deploy a production
 * site that breaks these rules (astro.config.mjs), so a typo in a variable name cannot ship a site
 * that takes no money or, worse, takes test money; functions check the same rules again at run
 * time, because Netlify scopes build and function variables separately.
 */
type Env = Record<string, string | undefined>;

/** Variables a production deploy needs, and why (the README's environment table lists them). */
export const REQUIRED_IN_PRODUCTION = {
  URL: 'the site origin (Netlify sets it): payment return links are built from it',
  PUBLIC_FIREBASE_API_KEY: 'Firebase web config: without it the browser would talk to the Auth emulator',
  PUBLIC_FIREBASE_AUTH_DOMAIN: 'Firebase web config',
  PUBLIC_FIREBASE_PROJECT_ID: 'the Firebase project whose ID tokens the server accepts',
  PUBLIC_FIREBASE_APP_ID: 'Firebase web config',
  STRIPE_SECRET_KEY: 'a live Stripe key (sk_live_... or rk_live_...): without it nobody can pay',
  STRIPE_WEBHOOK_SECRET: 'the signing secret of the Stripe webhook endpoint: without it no payment is fulfilled',
  SMTP_URL: 'the mail server: without it no family receives a confirmation',
  COMMUNITY_INVITE_URL: 'the private community’s invite link: without it community members get a placeholder',
  UNSUBSCRIBE_SECRET: 'signs newsletter unsubscribe links (at least 32 characters): without it nobody can unsubscribe',
} as const;

/** Local and test switches that must never reach production. */
export const FORBIDDEN_IN_PRODUCTION = {
  FIREBASE_AUTH_EMULATOR_HOST: 'makes the server accept the Auth emulator’s unsigned tokens',
  STRIPE_API_URL: 'sends Stripe calls to a test recorder instead of Stripe',
  BLOBS_TRY_TIMEOUT_MS: 'lets a storage request wait as long as the local Blobs server needs, past what a function has',
} as const;

/** Stripe's live secret and restricted keys; test keys take test cards, which is no payment at all. */
export const isLiveStripeKey = (key: string | undefined) => /^(sk|rk)_live_\S+$/.test(key ?? '');

/** Every rule a production environment breaks, one readable line each; empty when it is fine. */
export function productionEnvProblems(env: Env): string[] {
  const problems: string[] = [];
  for (const [name, why] of Object.entries(REQUIRED_IN_PRODUCTION)) {
    if (!env[name]?.trim()) problems.push(`${name} is not set: ${why}.`);
  }
  if (env.STRIPE_SECRET_KEY?.trim() && !isLiveStripeKey(env.STRIPE_SECRET_KEY)) {
    problems.push('STRIPE_SECRET_KEY is not a live key (sk_live_... or rk_live_...): test keys take test cards.');
  }
  for (const [name, why] of Object.entries(FORBIDDEN_IN_PRODUCTION)) {
    if (env[name]) problems.push(`${name} must not be set in production: it ${why}.`);
  }
  return problems;
}
