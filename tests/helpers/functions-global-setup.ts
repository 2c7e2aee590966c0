/**
 * For the function tests: a real local Blobs server on a fresh temp dir and the real Firebase Auth
 * emulator on free ports, handed to every test file.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { startAuthEmulator } from '../../scripts/platform/auth-emulator';
import { freePort } from '../../scripts/platform/free-port.mjs';
import { startBlobsServer } from '../../scripts/platform/site-server';

declare module 'vitest' {
  export interface ProvidedContext {
    blobsContext: string;
    authEmulatorHost: string;
    authProjectId: string;
  }
}

const TEST_PROJECT_ID = 'demo-beacon-test';

export default async function setup(project: TestProject) {
  const dir = mkdtempSync(join(tmpdir(), 'bcc-blobs-'));
  const [blobs, auth] = await Promise.all([
    startBlobsServer(dir),
    startAuthEmulator({
      projectId: TEST_PROJECT_ID,
      port: await freePort(),
      hubPort: await freePort(),
      loggingPort: await freePort(),
    }),
  ]);
  project.provide('blobsContext', process.env.NETLIFY_BLOBS_CONTEXT!);
  project.provide('authEmulatorHost', auth.host);
  project.provide('authProjectId', TEST_PROJECT_ID);
  return async () => {
    await Promise.all([blobs.stop(), auth.stop()]);
    rmSync(dir, { recursive: true, force: true });
  };
}
