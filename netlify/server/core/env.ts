/**
 * The server's configuration, parsed with zod (the Epic Stack way): a typo in a variable name
 * shows up as a default we chose, not as `undefined` deep in a request.
 */
import { z } from '#lib/zod';

const envSchema = z.object({
  /** Firebase project whose ID tokens we accept. */
  PUBLIC_FIREBASE_PROJECT_ID: z.string().min(1).default('demo-beacon'),
  /** The web API key the browser uses too: deleting one's own user goes through Firebase's public API with it. */
  PUBLIC_FIREBASE_API_KEY: z.string().min(1).default('demo-key'),
  /** Set only by the local platform: the server then accepts the emulator's unsigned tokens (never in production). */
  FIREBASE_AUTH_EMULATOR_HOST: z.string().optional(),
  /** Comma-separated addresses that are admins once verified. */
  ADMIN_EMAILS: z
    .string()
    .default('')
    .transform((list) =>
      list
        .split(',')
        .map((e) => e.trim().toLowerCase())
        .filter(Boolean),
    ),
  /** The site's origin (Netlify sets it): payment return URLs are built from it, never from a request. */
  URL: z.string().url().default('http://localhost:8888'),
  /** Set: payments go through Stripe Checkout. Unset: the local test checkout, except in production (stripe.ts). */
  STRIPE_SECRET_KEY: z.string().min(1).optional(),
  /** Signs webhook events; test mode falls back to LOCAL_WEBHOOK_SECRET. */
  STRIPE_WEBHOOK_SECRET: z.string().min(1).optional(),
  /** The private community's invite link, shown to customers who own the community add-on. */
  COMMUNITY_INVITE_URL: z.string().url().default('https://example.com/beacon-community-invite-placeholder'),
  /** A Netlify build hook: editor pages are built again after an admin changes an editor (site-rebuild.ts). */
  SITE_BUILD_HOOK: z.string().url().optional(),
  /** Tests only: send Stripe API calls to a local recorder instead of api.stripe.com (ignored in production). */
  STRIPE_API_URL: z.string().url().optional(),
  /** Signs newsletter unsubscribe links; outside production a fixed local secret stands in (unsubscribe-token.ts). */
  UNSUBSCRIBE_SECRET: z.string().min(32).optional(),
  /**
   * A Google service account key (its JSON): admin rights over Firebase users, for an admin closing
   * another person's account. Unset, that closure is refused (firebase-user.ts); checked when used, so
   * a bad value breaks only that.
   */
  FIREBASE_SERVICE_ACCOUNT: z.string().min(1).optional(),
});

export type ServerEnv = z.infer<typeof envSchema>;

/** Reads the environment on every call: tests and the local platform change it at run time. */
export const serverEnv = (): ServerEnv => envSchema.parse(process.env);
