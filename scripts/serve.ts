/**
 * `npm start` after the build: the whole site on http://localhost:8888 with no account, key or
 * network. The Auth emulator runs beside it, Blobs data persists under .netlify/data, demo editors
 * are seeded into an empty store, payments run in test mode and mail goes to the outbox.
 * Environment: PORT, DATA_DIR, AUTH_EMULATOR_PORT/_HUB_PORT/_LOGGING_PORT, ADMIN_EMAILS.
 */
import { resolve } from 'node:path';
import { startAuthEmulator } from './platform/auth-emulator';
import { localEnvironment } from './platform/local-env';
import { startSiteServer } from './platform/site-server';
import { seedDemoEditors } from '../netlify/server/seed';

const port = Number(process.env.PORT ?? 8888);
const dataDir = resolve(process.env.DATA_DIR ?? '.netlify/data');
const auth = await startAuthEmulator({
  projectId: process.env.PUBLIC_FIREBASE_PROJECT_ID ?? 'demo-beacon',
  port: Number(process.env.AUTH_EMULATOR_PORT ?? 9099),
  hubPort: Number(process.env.AUTH_EMULATOR_HUB_PORT ?? 4400),
  loggingPort: Number(process.env.AUTH_EMULATOR_LOGGING_PORT ?? 4500),
});
Object.assign(process.env, localEnvironment({ port, authEmulatorHost: auth.host }));

let site: Awaited<ReturnType<typeof startSiteServer>> | undefined;
try {
  site = await startSiteServer({ port, dataDir });
  const seeded = await seedDemoEditors();
  if (seeded) console.log(`Seeded ${seeded} demo editors.`);
} catch (error) {
  await auth.stop();
  throw error;
}
console.log(`Beacon College Counsel is running on ${site.url} (Auth emulator on ${auth.url}, data in ${dataDir}).`);

let stopping = false;
const shutdown = async () => {
  if (stopping) return;
  stopping = true;
  await Promise.allSettled([site?.stop(), auth.stop()]);
  process.exit(0);
};
process.on('SIGINT', shutdown);
process.on('SIGTERM', shutdown);
