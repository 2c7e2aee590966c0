import { inject } from 'vitest';
import { TEST_PROJECT_ID } from './functions-global-setup';

// What Netlify and the local platform give a function: the Blobs context and the auth settings.
process.env.NETLIFY_BLOBS_CONTEXT = inject('blobsContext');
process.env.FIREBASE_AUTH_EMULATOR_HOST = inject('authEmulatorHost');
process.env.PUBLIC_FIREBASE_PROJECT_ID = TEST_PROJECT_ID;
process.env.ADMIN_EMAILS = 'boss@example.test, Second.Admin@example.test';
