/** A ledger's date as the payouts pages write it: 'Nov 29, 2026' (UTC, as the ledger keeps its times). */
export const ledgerDay = (iso: string) =>
  new Date(iso).toLocaleDateString('en-US', { year: 'numeric', month: 'short', day: 'numeric', timeZone: 'UTC' });
