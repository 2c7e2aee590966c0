/**
 * `npm run ledger:check` recomputes every editor's balances from the ledger's entries and checks that
 * what the ledger keeps by time (the keys the reports and the 1099 list sum) names each entry once and
 * nothing else; exits 1 when it does not. Works on the local data of `npm start` (stop it first) or,
 * with NETLIFY_SITE_ID and NETLIFY_AUTH_TOKEN, on that site's Blobs.
 */
import { balancesOf } from '#features/payouts/earnings';
import { ledgerRepo } from '#features/payouts/server/ledger';
import { formatUsdCents } from '#lib/money';
import { connectBlobs } from './platform/blobs-connect';

const site = await connectBlobs();
try {
  const { entries, missing, stray } = await ledgerRepo().audit();
  const now = new Date();
  for (const editorId of [...new Set(entries.map((entry) => entry.editorId))].sort()) {
    const b = balancesOf(
      entries.filter((entry) => entry.editorId === editorId),
      now,
    );
    console.log(
      `${editorId}: pending ${formatUsdCents(b.pendingCents)}, payable ${formatUsdCents(b.payableCents)}, paid ${formatUsdCents(b.paidCents)}`,
    );
  }
  for (const key of missing) console.error(`No time key for an entry: ${key}`);
  for (const key of stray) console.error(`A time key without its entry: ${key}`);
  console.log(
    `${site.where}: ${entries.length} entries, ${missing.length} missing and ${stray.length} stray time keys.`,
  );
  if (missing.length + stray.length > 0) process.exitCode = 1;
} finally {
  await site.stop();
}
