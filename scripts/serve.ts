/**
 * `npm start` after the build: the whole site on http://localhost:8888 with no account, key or
 * network. The Auth emulator runs beside it, Blobs data and accounts persist under .netlify/data, demo editors
 * are seeded into an empty store, payments run in test mode, mail goes to the outbox and scheduled
 * functions run every minute.
 * Firebase's e-mails (verify an address, reset a password) are printed here with their links.
 * Environment: PORT, DATA_DIR, AUTH_EMULATOR_PORT/_HUB_PORT/_LOGGING_PORT, ADMIN_EMAILS,
 * AUTH_EMAIL_LINKS=quiet (the browser tests: no links printed), SCHEDULED_RUNS=on-request (the browser
 * tests: scheduled functions run only when a POST to /__local/run-scheduled asks, which answers what each answered).
 */
import { join, resolve } from 'node:path';
import { startAuthEmulator } from './platform/auth-emulator';
import { localEnvironment } from './platform/local-env';
import { startScheduledFunctions } from './platform/scheduled-functions';
import { startSiteServer } from './platform/site-server';
import { seedDemoEditors, seedDemoSamples } from '#features/editors/server/seed';
import { waitlistRepo } from '#features/waitlist/server/waitlist.repo';

const port = Number(process.env.PORT ?? 8888);
const dataDir = resolve(process.env.DATA_DIR ?? '.netlify/data');
const auth = await startAuthEmulator({
  projectId: process.env.PUBLIC_FIREBASE_PROJECT_ID ?? 'demo-beacon',
  port: Number(process.env.AUTH_EMULATOR_PORT ?? 9099),
  hubPort: Number(process.env.AUTH_EMULATOR_HUB_PORT ?? 4400),
  loggingPort: Number(process.env.AUTH_EMULATOR_LOGGING_PORT ?? 4500),
  persistDir: join(dataDir, 'auth'),
  // The browser tests read the e-mails' links from the emulator instead.
  onEmailLink:
    process.env.AUTH_EMAIL_LINKS === 'quiet' ? undefined : (line) => console.log(`E-mail from Firebase: ${line}`),
});
Object.assign(process.env, localEnvironment({ port, authEmulatorHost: auth.host }));

const onRequest = process.env.SCHEDULED_RUNS === 'on-request';
let site: Awaited<ReturnType<typeof startSiteServer>> | undefined;
let scheduled: Awaited<ReturnType<typeof startScheduledFunctions>> | undefined;
const localRoutes = {
  '/__local/run-scheduled': async () => Response.json({ answers: (await scheduled?.runNow()) ?? {} }),
};
try {
  site = await startSiteServer({ port, dataDir, authEmulatorUrl: auth.url, ...(onRequest && { localRoutes }) });
  const seeded = await seedDemoEditors();
  if (seeded) console.log(`Seeded ${seeded} demo editors.`);
  if (seeded && (await seedDemoSamples())) console.log('Seeded a demo sample edit.');
  // Local waitlist entries from before its join-time index get it once (orders build their keys on the first read).
  const waiting = await waitlistRepo().indexUnindexed();
  if (waiting) console.log(`Indexed ${waiting} earlier waitlist entries for the admin list.`);
  scheduled = await startScheduledFunctions({ siteUrl: site.url, ...(onRequest && { everyMs: null }) });
  if (scheduled.names.length)
    console.log(`Scheduled functions run ${onRequest ? 'when asked' : 'every minute'}: ${scheduled.names.join(', ')}.`);
} catch (error) {
  await site?.stop();
  await auth.stop();
  throw error;
}
console.log(`Beacon College Counsel is running on ${site.url} (Auth emulator on ${auth.url}, data in ${dataDir}).`);

let stopping = false;
const shutdown = async (signal: NodeJS.Signals) => {
  if (stopping) return;
  stopping = true;
  // Ctrl-C in a terminal signals the emulator too; a SIGINT sent to us alone does not.
  const alreadySignalled = signal === 'SIGINT' && Boolean(process.stdin.isTTY);
  await scheduled?.stop();
  await Promise.allSettled([site?.stop(), auth.stop({ alreadySignalled })]);
  process.exit(0);
};
process.on('SIGINT', shutdown);
process.on('SIGTERM', shutdown);
