/** The environment functions see when run locally: test-mode payments, emulated auth, local admin. */
export function localEnvironment({ port, authEmulatorHost }: { port: number; authEmulatorHost: string }) {
  return {
    URL: process.env.URL ?? `http://localhost:${port}`,
    ADMIN_EMAILS: process.env.ADMIN_EMAILS ?? 'admin@example.test',
    PUBLIC_FIREBASE_PROJECT_ID: process.env.PUBLIC_FIREBASE_PROJECT_ID ?? 'demo-beacon',
    // Tells the server to accept the emulator's unsigned tokens: local only, refused in production.
    FIREBASE_AUTH_EMULATOR_HOST: authEmulatorHost,
    // The local Blobs server on a busy machine is slow, not down (netlify/server/storage/budget.ts).
    BLOBS_TRY_TIMEOUT_MS: process.env.BLOBS_TRY_TIMEOUT_MS ?? '30000',
  };
}
