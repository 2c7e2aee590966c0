/**
 * The rates our team sets, in one place (store `ledger`, `rates/current`), each change kept beside it
 * (`rates/history/<time>`). A project's earnings are computed with the rates of the moment it ended
 * and kept with it, so a change applies to the projects that end after it, never to one already ended.
 */
import { DEFAULT_RATES, type Rates } from '../earnings';
import { openStore, type DeployInfo } from '#server/storage/stores';

export interface KeptRates {
  rates: Rates;
  setAt: string | null;
}

const CURRENT = 'rates/current';

export function ratesRepo(info?: DeployInfo) {
  const store = openStore('ledger', info);
  return {
    async current(): Promise<KeptRates> {
      const kept = (await store.get(CURRENT, { type: 'json' })) as (KeptRates & { by: string }) | null;
      return kept ? { rates: kept.rates, setAt: kept.setAt } : { rates: DEFAULT_RATES, setAt: null };
    },
    /** The history first: a change cut off after it is simply made again. */
    async set(rates: Rates, by: string, now: Date): Promise<KeptRates> {
      const kept = { rates, setAt: now.toISOString(), by };
      await store.setJSON(`rates/history/${kept.setAt}`, kept);
      await store.setJSON(CURRENT, kept);
      return { rates, setAt: kept.setAt };
    },
  };
}
