import { randomUUID } from 'node:crypto';
import { inject } from 'vitest';

// Injected, not imported: importing the global setup would load the whole local platform
// (@netlify/dev, the Blobs server) into every test file, a second each on the serial path.
// What Netlify and the local platform give a function: the Blobs context and the auth settings.
// Each test file gets a site of its own on the shared Blobs server: it starts with empty stores, and
// listing a store costs what this file wrote, not what every file before it left behind.
const context = JSON.parse(Buffer.from(inject('blobsContext'), 'base64').toString('utf8'));
process.env.NETLIFY_BLOBS_CONTEXT = Buffer.from(JSON.stringify({ ...context, siteID: randomUUID() })).toString(
  'base64',
);
process.env.FIREBASE_AUTH_EMULATOR_HOST = inject('authEmulatorHost');
process.env.PUBLIC_FIREBASE_PROJECT_ID = inject('authProjectId');
process.env.ADMIN_EMAILS = 'boss@example.test, Second.Admin@example.test';
// As `npm start` has it: the local Blobs server on a machine the tests keep busy is slow, not down.
// Tests of the time limits set their own.
process.env.BLOBS_TRY_TIMEOUT_MS = '30000';
