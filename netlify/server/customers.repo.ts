/** Customers: per Firebase uid, what they own and which orders are theirs; written only by fulfilment. */
import { NO_ADD_ONS, type OwnedAddOns } from '../../src/lib/catalogue';
import { openStore, type DeployInfo } from './stores';

export interface Customer {
  ownedAddOns: OwnedAddOns;
  orderIds: string[];
}

export function customersRepo(info?: DeployInfo) {
  const store = openStore('customers', info);
  return {
    async get(uid: string): Promise<Customer> {
      const stored = (await store.get(uid, { type: 'json' })) as Partial<Customer> | null;
      return { ownedAddOns: { ...NO_ADD_ONS, ...stored?.ownedAddOns }, orderIds: stored?.orderIds ?? [] };
    },
  };
}
