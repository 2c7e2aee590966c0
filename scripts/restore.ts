/**
 * `npm run restore -- <YYYY-MM-DD>` brings that day's backup (made by the scheduled `backup-export`)
 * back into the site's stores, which must be empty; `npm run restore -- --list` lists the backups.
 * With NETLIFY_SITE_ID and NETLIFY_AUTH_TOKEN it works on that Netlify site's Blobs; without them, on
 * the local data of `npm start` (DATA_DIR, default .netlify/data); stop `npm start` first, or the site
 * writes into the stores while they are restored.
 *   --merge            restore into stores that hold blobs already: add what they lack, change nothing there
 *   --context <name>   the stores of another deploy context (e.g. branch-deploy) rather than production's
 * Exits 1 when it refused, or when a blob could not be restored as backed up.
 */
import { parseArgs } from 'node:util';
import { readCatalog, readManifest } from '#server/backup/catalog';
import { datePattern } from '#server/backup/layout';
import { BackupUnusable, restoreBackup, type StoreRestore } from '#server/backup/restore';
import { listKeys } from '#server/storage/paging';
import { openStore, type DeployInfo } from '#server/storage/stores';
import { z } from '#lib/zod';
import { connectBlobs } from './platform/blobs-connect';

const argsSchema = z
  .object({
    positionals: z.array(z.string().regex(datePattern, 'a backup is named by its date, YYYY-MM-DD')).max(1),
    values: z.object({
      list: z.boolean().optional(),
      merge: z.boolean().optional(),
      context: z.string().min(1).optional(),
    }),
  })
  .refine(
    ({ positionals, values }) => Boolean(values.list) !== (positionals.length === 1),
    'name one backup (YYYY-MM-DD), or --list',
  );

const blobs = (n: number) => `${n} blob${n === 1 ? '' : 's'}`;

async function list(info: DeployInfo) {
  const backups = openStore('backups', info);
  const { complete, folders } = await readCatalog(backups);
  const dates = [...new Set([...complete, ...folders])].sort().reverse();
  if (complete.length === 0) console.log('No complete backup.');
  for (const date of dates) {
    const manifest = complete.includes(date) ? await readManifest(backups, date) : null;
    if (!manifest) {
      const copied = (await listKeys(backups, { prefix: `${date}/` })).length;
      // The local Blobs server still lists a folder emptied by retention.
      if (copied > 0) console.log(`${date}  incomplete  ${blobs(copied)} copied so far (under way, or abandoned)`);
      continue;
    }
    const total = Object.values(manifest.stores).reduce((sum, store) => sum + (store?.blobs ?? 0), 0);
    console.log(`${date}  complete    ${blobs(total)}, finished ${manifest.finishedAt}`);
  }
  return 0;
}

const line = (r: StoreRestore) =>
  `${r.store.padEnd(12)} ${blobs(r.blobs)}: ${r.written} written, ${r.alreadyThere} already there` +
  (r.differing.length
    ? `, ${r.differing.length} differ and were left as they are (${r.differing.slice(0, 5).join(', ')}${r.differing.length > 5 ? ', ...' : ''})`
    : '') +
  (r.missing.length ? `, ${r.missing.length} MISSING` : '');

async function restore(date: string, info: DeployInfo, merge: boolean) {
  const result = await restoreBackup(date, { info, merge });
  if ('refused' in result) {
    for (const { store, foreign } of result.refused)
      console.error(`The ${store} store is not empty: it holds ${blobs(foreign)} that the backup does not.`);
    console.error(
      'Nothing was written. Empty those stores first, or pass --merge to add the backup to what they hold.',
    );
    return 1;
  }
  for (const report of result.restored) console.log(line(report));
  const wrong = result.restored.some((r) => r.missing.length > 0 || (r.differing.length > 0 && !merge));
  console.log(
    wrong
      ? `The backup of ${date} was not restored as it was backed up: see above.`
      : `Restored the backup of ${date}.`,
  );
  return wrong ? 1 : 0;
}

const USAGE = 'Usage: npm run restore -- <YYYY-MM-DD> [--merge] [--context <name>] | --list';
const options = { list: { type: 'boolean' }, merge: { type: 'boolean' }, context: { type: 'string' } } as const;
let args: unknown;
try {
  args = parseArgs({ allowPositionals: true, options, strict: true });
} catch (error) {
  console.error(`${(error as Error).message}\n${USAGE}`);
  process.exit(2);
}
const parsed = argsSchema.safeParse(args);
if (!parsed.success) {
  console.error(`${parsed.error.issues.map((i) => i.message).join('; ')}\n${USAGE}`);
  process.exit(2);
}
const { positionals, values } = parsed.data;
const info: DeployInfo = { deploy: { context: values.context ?? '' } };
const site = await connectBlobs();
console.log(`Blobs of ${site.where}${values.context ? `, deploy context ${values.context}` : ''}:`);
let code = 1;
try {
  code = values.list ? await list(info) : await restore(positionals[0], info, Boolean(values.merge));
} catch (error) {
  if (!(error instanceof BackupUnusable)) throw error;
  console.error(`${error.message} The backups there: npm run restore -- --list`);
} finally {
  await site.stop();
}
process.exit(code);
