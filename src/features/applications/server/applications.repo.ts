/**
 * Applications to edit for us (store `applications`): one record per application under a time key,
 * written once, then moved from stage to stage by compare-and-set with its history. Each move past
 * 'new' also leaves an empty marker `stage/<key>/<n>-<stage>` (n: its place in the history), so the
 * admin's list filters by stage from the key listing alone and reads only the page it shows; an
 * application without a marker is new.
 */
import {
  APPLICATION_STAGES,
  NEXT_STAGES,
  applicationTexts,
  type Application,
  type ApplicationItem,
  type ApplicationRecord,
  type ApplicationStage,
} from '../application';
import type { Page, PageQuery } from '#lib/paging';
import { HttpError } from '#server/core/http';
import { timeKey } from '#server/storage/append-only';
import { listKeys, pageOfKeys, readRecords } from '#server/storage/paging';
import { getJSONWithEtag, openStore, StorageError, type DeployInfo } from '#server/storage/stores';

const MARKERS = 'stage/';
const markerKey = (key: string, n: number, stage: ApplicationStage) => `${MARKERS}${key}/${n}-${stage}`;

/** Each application's stage as its markers say: the marker with the highest place in its history. */
function stagesOf(keys: readonly string[]): Map<string, ApplicationStage> {
  const newest = new Map<string, { n: number; stage: ApplicationStage }>();
  for (const key of keys) {
    if (!key.startsWith(MARKERS)) continue;
    const [, application, mark] = /^stage\/(.+)\/(\d+-\w+)$/.exec(key) ?? [];
    const [n, stage] = mark?.split('-') ?? [];
    if (!application || !(APPLICATION_STAGES as readonly string[]).includes(stage)) continue;
    if ((newest.get(application)?.n ?? -1) < Number(n))
      newest.set(application, { n: Number(n), stage: stage as ApplicationStage });
  }
  return new Map([...newest].map(([key, { stage }]) => [key, stage]));
}

/** The applications' keys among `keys` (markers left out) at `stage`, in their order. */
function atStage(keys: readonly string[], stage: ApplicationStage | 'all'): string[] {
  const stages = stagesOf(keys);
  return keys.filter((key) => !key.startsWith(MARKERS) && (stage === 'all' || (stages.get(key) ?? 'new') === stage));
}

export function applicationsRepo(info?: DeployInfo) {
  const store = openStore('applications', info);

  return {
    /** Stores a new application; answers its key and record. */
    async add(application: Application, now = new Date()): Promise<ApplicationItem> {
      const key = timeKey(now);
      const at = now.toISOString();
      const record: ApplicationRecord = {
        ...application,
        receivedAt: at,
        stage: 'new',
        history: [{ stage: 'new', at, by: 'applicant' }],
      };
      if (!(await store.setJSON(key, record, { onlyIfNew: true })))
        throw new StorageError(`Application ${key} was refused as new`);
      return { key, ...record };
    },

    async get(key: string): Promise<ApplicationRecord | null> {
      return (await store.get(key, { type: 'json' })) as ApplicationRecord | null;
    },

    /**
     * Moves an application to `stage`, by compare-and-set, with `fields` (the editor made from it); a
     * retry that finds it there already changes nothing more, and writes its marker if that was cut off.
     * 404 for no such application, 409 for a move its stage does not allow.
     */
    async move(
      key: string,
      stage: ApplicationStage,
      change: { by: string; note?: string; fields?: Partial<ApplicationRecord> },
      now = new Date(),
    ): Promise<ApplicationRecord> {
      for (let attempt = 0; attempt < 10; attempt++) {
        const current = await getJSONWithEtag<ApplicationRecord>(store, key);
        if (!current) throw new HttpError(404, 'No application with this key');
        let record = current.value;
        if (record.stage !== stage) {
          if (!NEXT_STAGES[record.stage].includes(stage))
            throw new HttpError(409, applicationTexts.notNext(record.stage, stage));
          const entry = { stage, at: now.toISOString(), by: change.by, ...(change.note && { note: change.note }) };
          record = { ...record, ...change.fields, stage, history: [...record.history, entry] };
          if (!(await store.setJSON(key, record, { onlyIfMatch: current.etag }))) continue;
        }
        await store.setJSON(markerKey(key, record.history.length - 1, stage), '', { onlyIfNew: true });
        return record;
      }
      throw new StorageError(`Application ${key} kept changing`);
    },

    /** How many applications are at `stage`: one key listing, no record read. */
    async count(stage: ApplicationStage): Promise<number> {
      return atStage(await listKeys(store), stage).length;
    },

    /**
     * One page of applications, newest first, of one stage or all: one key listing (a request per
     * 1,000 keys) and the page's records.
     */
    async page(stage: ApplicationStage | 'all', query: PageQuery): Promise<Page<ApplicationItem>> {
      const keys = await listKeys(store, { order: 'desc' });
      const ofKeys = pageOfKeys(atStage(keys, stage), query, 'desc');
      const records = await readRecords<ApplicationRecord>(store, ofKeys.items);
      return { ...ofKeys, items: records.map(({ key, value }) => ({ key, ...value })) };
    },
  };
}
