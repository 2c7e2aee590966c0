/**
 * The one place that names Blobs stores. Site stores are shared by every deploy context, so
 * outside production the context is a prefix: a deploy preview never writes production data.
 */
import { getStore } from '@netlify/blobs';

export type StoreName =
  | 'editors'
  | 'subscribers'
  | 'inquiries'
  | 'waitlist'
  | 'orders'
  | 'customers'
  | 'events'
  | 'outbox'
  | 'uploads';

/** The deploy context of a request (`context.deploy.context`); absent in scripts and tests. */
export interface DeployInfo {
  deploy?: { context?: string };
}

export function storeName(name: StoreName, deployContext: string | undefined): string {
  return !deployContext || deployContext === 'production' ? name : `${deployContext}--${name}`;
}

/** Opens a store with strong consistency: our reads usually follow our own writes. */
export function openStore(name: StoreName, info?: DeployInfo) {
  return getStore({ name: storeName(name, info?.deploy?.context), consistency: 'strong' });
}
