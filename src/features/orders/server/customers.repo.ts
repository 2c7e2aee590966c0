/**
 * Customers: per Firebase uid, the one-time add-ons they own. Written only by fulfilment; which
 * orders are theirs lives in the orders store's per-customer index.
 */
import { NO_ADD_ONS, type AddOnId, type OwnedAddOns } from '#lib/catalogue';
import { getJSONWithEtag, openStore, StorageError, type DeployInfo } from '#server/storage/stores';

export interface Customer {
  ownedAddOns: OwnedAddOns;
}

export function customersRepo(info?: DeployInfo) {
  const store = openStore('customers', info);

  const withDefaults = (stored: Partial<Customer> | null): Customer => ({
    ownedAddOns: { ...NO_ADD_ONS, ...stored?.ownedAddOns },
  });

  return {
    async get(uid: string): Promise<Customer> {
      return withDefaults((await store.get(uid, { type: 'json' })) as Partial<Customer> | null);
    },

    /**
     * Marks add-ons as owned. Compare-and-set, so two orders paid at once both count; a writer that
     * lost the race reads again and stops once what it came to record is there (so repeated deliveries
     * of one payment do not keep contending), which bounds the rounds by the number of orders racing.
     */
    async addOwned(uid: string, addOns: readonly AddOnId[]): Promise<void> {
      if (addOns.length === 0) return;
      for (let attempt = 0; attempt < 5; attempt++) {
        const current = await getJSONWithEtag<Partial<Customer>>(store, uid);
        const { ownedAddOns } = withDefaults(current?.value ?? null);
        if (addOns.every((a) => ownedAddOns[a])) return;
        const next: Customer = { ownedAddOns: { ...ownedAddOns, ...Object.fromEntries(addOns.map((a) => [a, true])) } };
        const condition = current ? { onlyIfMatch: current.etag } : { onlyIfNew: true as const };
        if (await store.setJSON(uid, next, condition)) return;
      }
      throw new StorageError(`Customer ${uid} kept changing while recording add-ons`);
    },
  };
}
