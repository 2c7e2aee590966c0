/**
 * The server's configuration, parsed once with zod (the Epic Stack way): a typo in a variable name
 * shows up as a default we chose, not as `undefined` deep in a request.
 */
import { z } from 'zod';

const envSchema = z.object({
  /** Firebase project whose ID tokens we accept. */
  PUBLIC_FIREBASE_PROJECT_ID: z.string().min(1).default('demo-beacon'),
  /** Set only by the local platform: firebase-admin then accepts the emulator's unsigned tokens. */
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
});

export type ServerEnv = z.infer<typeof envSchema>;

/** Reads the environment on every call: tests and the local platform change it at run time. */
export const serverEnv = (): ServerEnv => envSchema.parse(process.env);
