/** Starts a real local Blobs server on a fresh temp dir and hands its context to every test file. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { startBlobsServer } from '../../scripts/platform/site-server';

declare module 'vitest' {
  export interface ProvidedContext {
    blobsContext: string;
  }
}

export default async function setup(project: TestProject) {
  const dir = mkdtempSync(join(tmpdir(), 'bcc-blobs-'));
  const blobs = await startBlobsServer(dir);
  project.provide('blobsContext', process.env.NETLIFY_BLOBS_CONTEXT!);
  return async () => {
    await blobs.stop();
    rmSync(dir, { recursive: true, force: true });
  };
}
