/** Inquiries from the contact form: append only, one blob per inquiry (DESIGN §3). */
import type { Inquiry } from '../../src/lib/schemas';
import { appendOnlyStore } from './append-only';
import type { DeployInfo } from './stores';

export interface InquiryRecord extends Inquiry {
  receivedAt: string;
}

export function inquiriesRepo(info?: DeployInfo) {
  const log = appendOnlyStore<InquiryRecord>('inquiries', info);
  return {
    /** Stores the inquiry and answers its key and the stored record. */
    async add(inquiry: Inquiry, now = new Date()): Promise<{ key: string; record: InquiryRecord }> {
      const record: InquiryRecord = { ...inquiry, receivedAt: now.toISOString() };
      return { key: await log.append(record, now), record };
    },
    get: log.get,
    list: log.listNewestFirst,
  };
}
