/** Newsletter subscribers: one blob per normalised address (DESIGN §3). */
import { openStore, type DeployInfo } from './stores';

export interface Subscriber {
  email: string;
  enabled: boolean;
  subscribedAt: string;
}

/** Blob keys treat '/' as a folder separator; encoding keeps any address one flat key. */
const keyFor = (email: string) => encodeURIComponent(email);

export function subscribersRepo(info?: DeployInfo) {
  const store = openStore('subscribers', info);
  return {
    /**
     * Subscribes a normalised address. A new address is written once (`onlyIfNew`); a known one
     * stays as it is, except that a disabled one is enabled again.
     */
    async subscribe(email: string, now = new Date()): Promise<'created' | 'reenabled' | 'existing'> {
      const key = keyFor(email);
      const fresh: Subscriber = { email, enabled: true, subscribedAt: now.toISOString() };
      const { modified } = await store.setJSON(key, fresh, { onlyIfNew: true });
      if (modified) return 'created';
      const current = (await store.get(key, { type: 'json' })) as Subscriber | null;
      if (current?.enabled) return 'existing';
      await store.setJSON(key, { ...fresh, subscribedAt: current?.subscribedAt ?? fresh.subscribedAt });
      return 'reenabled';
    },
    async get(email: string): Promise<Subscriber | null> {
      return (await store.get(keyFor(email), { type: 'json' })) as Subscriber | null;
    },
  };
}
