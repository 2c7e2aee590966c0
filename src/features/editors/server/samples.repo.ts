/**
 * Editors' sample edits (store `samples`): one blob per editor, keyed by the editor's id, holding their
 * samples (at most two). Every change is a compare-and-set of that blob, and each sample carries its
 * history. A save names the sample by an id the page made, so a retry finds the sample it made and
 * changes nothing more. The public list reads one blob per editor (the build reads it once; a profile
 * reads its editor's); our team's list reads the same.
 */
import {
  publicSample,
  SAMPLE_DECISIONS,
  SAMPLE_LIMITS,
  sampleMessages,
  type CheckedSample,
  type PublicSample,
  type Sample,
  type SampleDecision,
  type SampleInput,
} from '../samples';
import { commentIds, submittedSample } from '../samples';
import { HttpError } from '#server/core/http';
import { listKeys, readRecords } from '#server/storage/paging';
import { getJSONWithEtag, openStore, StorageError, type DeployInfo } from '#server/storage/stores';

type Shelf = { samples: Sample[] };

/** What a family reads of a sample, with whose it is. */
export type PublicSampleOf = PublicSample & { editorId: string };
/** What our team reads: the whole sample, with whose it is. */
export type SampleOf = Sample & { editorId: string };

/** Whether the saved sample already says what `next` says: a retry, or a save of nothing changed. */
const sameContent = (a: Sample, b: Sample) =>
  JSON.stringify([a.title, a.blocks, a.comments, a.source, a.consent && { ...a.consent, recordedAt: '' }]) ===
  JSON.stringify([b.title, b.blocks, b.comments, b.source, b.consent && { ...b.consent, recordedAt: '' }]);

const TRIES = 10;

export function samplesRepo(info?: DeployInfo) {
  const store = openStore('samples', info);

  /** Reads the editor's shelf, changes it with `change` and writes it back if unchanged meanwhile. */
  async function update<T>(editorId: string, change: (samples: Sample[]) => { samples: Sample[]; result: T }) {
    for (let attempt = 0; attempt < TRIES; attempt++) {
      const current = await getJSONWithEtag<Shelf>(store, editorId);
      const before = current?.value.samples ?? [];
      const { samples, result } = change(before);
      if (samples === before) return result;
      const written = current
        ? await store.setJSON(editorId, { samples }, { onlyIfMatch: current.etag })
        : await store.setJSON(editorId, { samples }, { onlyIfNew: true });
      if (written) return result;
    }
    throw new StorageError(`The samples of ${editorId} kept changing`);
  }

  return {
    async list(editorId: string): Promise<Sample[]> {
      return ((await store.get(editorId, { type: 'json' })) as Shelf | null)?.samples ?? [];
    },

    /**
     * Saves the editor's sample `input.id`, new or changed, as sent for approval; a save that changes
     * nothing (a retry) leaves it as it is, approved included. 409 past the limit. Answers the sample
     * and whether it was on the profile before (the profile then changes).
     */
    async save(
      editorId: string,
      input: SampleInput & { id: string },
      checked: CheckedSample,
      now = new Date(),
    ): Promise<{ sample: Sample; wasPublic: boolean }> {
      return update(editorId, (samples) => {
        const before = samples.find((s) => s.id === input.id);
        if (!before && samples.length >= SAMPLE_LIMITS.perEditor) throw new HttpError(409, sampleMessages.full);
        const ids = { sample: input.id, comment: commentIds() };
        const next = submittedSample(input, checked, ids, now, before);
        const wasPublic = before?.state === 'approved';
        if (before && sameContent(before, next)) return { samples, result: { sample: before, wasPublic: false } };
        return {
          samples: before ? samples.map((s) => (s === before ? next : s)) : [...samples, next],
          result: { sample: next, wasPublic },
        };
      });
    },

    /** Deletes the editor's sample; answers whether it was on the profile. Gone already: nothing to do. */
    async remove(editorId: string, id: string): Promise<{ wasPublic: boolean }> {
      return update(editorId, (samples) => {
        const gone = samples.find((s) => s.id === id);
        if (!gone) return { samples, result: { wasPublic: false } };
        return { samples: samples.filter((s) => s !== gone), result: { wasPublic: gone.state === 'approved' } };
      });
    },

    /**
     * Our team's decision on a sample, with the reason the editor reads. A retry that finds it decided
     * so already answers it as it is. 404 for no such sample, 409 for a state the decision is not for.
     */
    async decide(
      editorId: string,
      id: string,
      decision: SampleDecision,
      reason: string | undefined,
      now = new Date(),
    ): Promise<Sample> {
      const { from, to } = SAMPLE_DECISIONS[decision];
      return update(editorId, (samples) => {
        const sample = samples.find((s) => s.id === id);
        if (!sample) throw new HttpError(404, sampleMessages.noSuchSample);
        if (sample.state === to) return { samples, result: sample };
        if (!(from as readonly string[]).includes(sample.state))
          throw new HttpError(409, decision === 'withdraw' ? sampleMessages.notPublic : sampleMessages.notWaiting);
        const at = now.toISOString();
        const { reason: _earlier, ...rest } = sample;
        const decided: Sample = {
          ...rest,
          state: to,
          ...(reason && { reason }),
          updatedAt: at,
          history: [...sample.history, { state: to, at, by: 'team', ...(reason && { reason }) }],
        };
        return { samples: samples.map((s) => (s === sample ? decided : s)), result: decided };
      });
    },

    /** Writes an editor's first samples (the demo's), never over samples already there. */
    async seed(editorId: string, samples: Sample[]): Promise<void> {
      await store.setJSON(editorId, { samples }, { onlyIfNew: true });
    },

    /** Deletes every sample of an editor (an editor deleted or closed). */
    async removeAll(editorId: string): Promise<void> {
      await store.delete(editorId);
    },

    /** Every editor's samples, or one editor's: for our team, whole. */
    async all(editorId?: string): Promise<SampleOf[]> {
      const keys = editorId ? [editorId] : await listKeys(store, { order: 'asc' });
      const shelves = await readRecords<Shelf>(store, keys);
      return shelves.flatMap(({ key, value }) => value.samples.map((s) => ({ ...s, editorId: key })));
    },

    /** The approved samples, of one editor or all, as a family reads them. */
    async approved(editorId?: string): Promise<PublicSampleOf[]> {
      return (await this.all(editorId))
        .filter((s) => s.state === 'approved')
        .map((s) => ({ ...publicSample(s), editorId: s.editorId }));
    },
  };
}
