/** The production build served as `npm start` serves it, in its own process on free ports with a throwaway data dir. */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '../platform/free-port.mjs';

/** Runs a TypeScript file with tsx in its own process group (so stopping it stops its children). */
export function spawnTsx(file: string, args: string[] = [], env: NodeJS.ProcessEnv = {}): ChildProcess {
  return spawn(process.execPath, ['node_modules/tsx/dist/cli.mjs', file, ...args], {
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, ...env },
  });
}

/** Stops the process group and waits (at most 20 s) for the process to exit. */
export async function stopGroup(child: ChildProcess) {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  try {
    process.kill(-child.pid!, 'SIGTERM');
  } catch {
    return; // already gone
  }
  await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 20_000))]);
}

/** Waits until `url` answers 2xx, or fails with what the process printed. */
export async function waitFor(url: string, child: ChildProcess, timeoutMs = 180_000) {
  let log = '';
  child.stdout?.on('data', (d) => (log += d));
  child.stderr?.on('data', (d) => (log += d));
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline && child.exitCode === null) {
    if (
      await fetch(url).then(
        (r) => r.ok,
        () => false,
      )
    )
      return;
    await new Promise((r) => setTimeout(r, 500));
  }
  await stopGroup(child);
  throw new Error(`${url} did not answer:\n${log}`);
}

/** `prepare` writes into the site's data directory before it starts (a store it finds full is not seeded). */
export async function startSite(prepare?: (dataDir: string) => Promise<void>) {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'bcc-bench-'));
  await prepare?.(dataDir);
  const child = spawnTsx('scripts/serve.ts', [], {
    PORT: String(port),
    DATA_DIR: dataDir,
    AUTH_EMULATOR_PORT: String(await freePort()),
    AUTH_EMULATOR_HUB_PORT: String(await freePort()),
    AUTH_EMULATOR_LOGGING_PORT: String(await freePort()),
  });
  const origin = `http://127.0.0.1:${port}`;
  await waitFor(`${origin}/api/database/editors`, child);
  return {
    origin,
    dataDir,
    async stop() {
      await stopGroup(child);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
