/**
 * The team: who may use the admin area besides the owners ADMIN_EMAILS names, and with which role.
 * A member is an e-mail address, so the role is Firebase's verified address's and no one else's: an
 * invitation is a record, and the invited person signs in with that address and verifies it. Each
 * change is a compare-and-set that appends to the member's history; a removed member's record stays,
 * marked, so the history survives. The whole team is at most STAFF_MAX records.
 */
import { STAFF_MAX, type Role } from '#lib/roles';
import { listKeys, readRecords } from '#server/storage/paging';
import { StorageError } from '#server/storage/error';
import { serverEnv } from './env';
import { getJSONWithEtag, openStore, type DeployInfo } from '#server/storage/stores';

interface StaffChange {
  at: string;
  by: string;
  /** The role from then on; null once removed. */
  role: Role | null;
}

export interface StaffRecord {
  email: string;
  role: Role;
  invitedAt: string;
  invitedBy: string;
  removedAt?: string;
  history: StaffChange[];
}

/** Blob keys treat '/' as a folder separator; encoding keeps any address one flat key. */
const staffKey = (email: string) => encodeURIComponent(email.toLowerCase());

/** Tries a compare-and-set a few times: another admin's change between read and write is read again. */
const TRIES = 5;

export function staffRepo(info?: DeployInfo) {
  const store = openStore('staff', info);
  const read = (email: string) => getJSONWithEtag<StaffRecord>(store, staffKey(email));
  /** Applies `change` to the member's record as stored, until no one changed it meanwhile. */
  async function update<R>(
    email: string,
    change: (current: StaffRecord | null) => { write: StaffRecord; answer: R } | { answer: R },
  ): Promise<R> {
    for (let attempt = 0; attempt < TRIES; attempt++) {
      const current = await read(email);
      const next = change(current?.value ?? null);
      if (!('write' in next)) return next.answer;
      const condition = current ? { onlyIfMatch: current.etag } : { onlyIfNew: true as const };
      if (await store.setJSON(staffKey(email), next.write, condition)) return next.answer;
    }
    // Storage that keeps refusing the condition is answered as storage that is out: try again.
    throw new StorageError(`The team member ${email} kept changing`);
  }
  return {
    /** The member's record as stored, removed or not. */
    get: async (email: string) => (await read(email))?.value ?? null,
    /** Every member, removed ones too, by address. */
    async list(): Promise<StaffRecord[]> {
      const keys = await listKeys(store);
      return (await readRecords<StaffRecord>(store, keys.slice(0, STAFF_MAX * 2))).map(({ value }) => value);
    },
    /** Adds `email` with `role`: 'exists' for a current member, the new record otherwise. */
    invite: (email: string, role: Role, by: string, now: Date) =>
      update<StaffRecord | 'exists'>(email, (current) => {
        if (current && !current.removedAt) return { answer: 'exists' };
        const at = now.toISOString();
        const record: StaffRecord = {
          email: email.toLowerCase(),
          role,
          invitedAt: at,
          invitedBy: by,
          history: [...(current?.history ?? []), { at, by, role }],
        };
        return { write: record, answer: record };
      }),
    /** Gives a current member `role`, or removes them (null); null when they are not on the team. */
    change: (email: string, role: Role | null, by: string, now: Date) =>
      update<StaffRecord | null>(email, (current) => {
        if (!current || current.removedAt) return { answer: null };
        if (current.role === role) return { answer: current };
        const at = now.toISOString();
        const history = [...current.history, { at, by, role }];
        const record: StaffRecord = role ? { ...current, role, history } : { ...current, removedAt: at, history };
        return { write: record, answer: record };
      }),
  };
}

/** The role a verified address holds on the team; null for one not on it, or removed. */
export async function staffRoleOf(email: string, info?: DeployInfo): Promise<Role | null> {
  const record = await staffRepo(info).get(email);
  return record && !record.removedAt ? record.role : null;
}

/** Whether `email` is an admin now: an owner the settings name, or a current member of the team. */
export async function isOnTheTeam(email: string, info?: DeployInfo): Promise<boolean> {
  return serverEnv().ADMIN_EMAILS.includes(email.toLowerCase()) || (await staffRoleOf(email, info)) !== null;
}
