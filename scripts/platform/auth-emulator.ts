/**
 * Starts the Firebase Auth emulator (firebase-tools, offline, no Java) on the given ports and waits
 * until it answers. A `demo-*` project id guarantees nothing reaches Google.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

export interface AuthEmulatorOptions {
  projectId: string;
  port: number;
  hubPort: number;
  loggingPort: number;
  /** Where accounts are kept between runs (imported at start, exported on exit); none in tests. */
  persistDir?: string;
  /**
   * Told each link of an e-mail Firebase would send (address verification, password reset): the
   * emulator sends none, so `npm start` prints them where the person running it can open them.
   */
  onEmailLink?: (line: string) => void;
}

export async function startAuthEmulator({
  projectId,
  port,
  hubPort,
  loggingPort,
  persistDir,
  onEmailLink,
}: AuthEmulatorOptions) {
  // The CLI reads ports from a firebase.json; a throwaway one lets tests run beside `npm start`.
  const dir = mkdtempSync(join(tmpdir(), 'bcc-auth-'));
  const host = '127.0.0.1';
  writeFileSync(
    join(dir, 'firebase.json'),
    JSON.stringify({
      emulators: {
        auth: { host, port },
        hub: { host, port: hubPort },
        logging: { host, port: loggingPort },
        ui: { enabled: false },
        singleProjectMode: true,
      },
    }),
  );
  const cli = resolve('node_modules/firebase-tools/lib/bin/firebase.js');
  const args = ['emulators:start', '--only', 'auth', '--project', projectId];
  if (persistDir) {
    mkdirSync(persistDir, { recursive: true });
    if (existsSync(join(persistDir, 'firebase-export-metadata.json'))) args.push('--import', persistDir);
    args.push('--export-on-exit', persistDir);
  }
  const child = spawn(process.execPath, [cli, ...args], {
    cwd: dir,
    stdio: ['ignore', 'pipe', 'pipe'],
    // Its own temp dir: the CLI keeps a per-project hub locator file there, and several emulators for
    // the same project (tests beside `npm start`) must not read each other's.
    env: { ...process.env, TMPDIR: dir, FIREBASE_CLI_DISABLE_UPDATE_CHECK: 'true', NO_UPDATE_NOTIFIER: '1' },
  });
  let output = '';
  child.stdout.on('data', (d) => {
    output += d;
    for (const line of String(d).split('\n'))
      if (line.includes('follow this link:')) onEmailLink?.(line.replace(/^.*?(To )/, '$1').trim());
  });
  child.stderr.on('data', (d) => (output += d));

  /**
   * Stops the emulator cleanly. Pass `alreadySignalled` when a terminal Ctrl-C reached the whole
   * process group: a second SIGINT would make the CLI quit at once, without exporting accounts.
   */
  const stop = async ({ alreadySignalled = false } = {}) => {
    if (child.exitCode === null) {
      if (!alreadySignalled) child.kill('SIGINT');
      // Exporting accounts on exit takes a moment.
      await Promise.race([new Promise((r) => child.once('exit', r)), new Promise((r) => setTimeout(r, 10_000))]);
      if (child.exitCode === null) child.kill('SIGKILL');
    }
    rmSync(dir, { recursive: true, force: true });
  };

  const url = `http://${host}:${port}`;
  // A limit, not a wait: starting costs about 20 core-seconds (the emulator compiles its API's
  // validators), and `npm test` starts three at once beside the function tests, at a lower priority;
  // on a busy machine that took more than 150 s.
  const deadline = Date.now() + 360_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) break;
    const up = await fetch(url).then(
      (r) => r.ok,
      () => false,
    );
    if (up) return { host: `${host}:${port}`, url, stop };
    await new Promise((r) => setTimeout(r, 300));
  }
  await stop();
  throw new Error(`The Auth emulator did not start on port ${port}:\n${output}`);
}
