/**
 * Projects: one blob per project, keyed `<order id>-<unit>`, changed only by
 * compare-and-set on its etag, so two requests can never both move it. Lists read through index
 * keys, never by listing every project: `by-customer/<uid>/<id>`, `by-editor/<editor id>/<open|done>/<id>`,
 * `by-created/<time>-<id>`, `by-day/<UTC day>/<id>` for each day its work counted in (a round
 * returned, made final), `review-held/<time>-<id>` while a review waits for our team and, for a student the parent invited, `by-student/<sha-256 of the address>/<id>`
 * (an address is no key: it may hold characters a key may not). An index key is a hint: it is written before the change that needs it
 * and removed after, and every list checks each record it reads, so an interrupted change leaves at
 * most a hint that the list skips, never a project missing from a list.
 */
import { createHash } from 'node:crypto';
import { PROJECT_STATES, type Project, type ProjectState } from '../project';
import { endedAt, isFinished, isTerminal, workEvents, workTimes } from '../process';
import type { ProjectCounts } from '#features/editors/editor-rules';
import { isEditorId } from '#features/editors/server/editors.repo';
import { awaitsTeam } from '#features/reviews/reviews';
import { normalizeEmail } from '#lib/email';
import { PROJECT_ID } from '#lib/ids';
import type { Page, PageQuery } from '#lib/paging';
import { listKeys, monthFolderKey, newestPage, pageOfKeys, readRecords } from '#server/storage/paging';
import { upgradeProject, upgradingStore } from '#server/storage/renamed-fields';
import { getJSONWithEtag, openStore, type DeployInfo } from '#server/storage/stores';
import {
  changeMarks,
  dayKeys,
  recordsOfDays,
  keysComplete,
  marksOfDays,
  rebuildKeys,
  within,
  writeWithKeys,
} from '#server/storage/kept-keys';

export const projectIdOf = (orderId: string, unit: number) => `${orderId}-${unit}`;

const customerKey = (uid: string, id: string) => `by-customer/${uid}/${id}`;
const addressHash = (email: string) => createHash('sha256').update(normalizeEmail(email)).digest('hex');
const studentPrefix = (email: string) => `by-student/${addressHash(email)}/`;
/** Beside the student's index: when the family that shared projects with them closed its account. */
const familyClosedKey = (email: string) => `student-family-closed/${addressHash(email)}`;
const studentKey = (project: Pick<Project, 'id' | 'student'>) => `${studentPrefix(project.student.email)}${project.id}`;
type Shelf = 'open' | 'done';
const editorPrefix = (editorId: string, shelf: Shelf) => `by-editor/${editorId}/${shelf}/`;
const shelfOf = (project: Pick<Project, 'state'>): Shelf => (isTerminal(project.state) ? 'done' : 'open');
const editorKey = (project: Pick<Project, 'id' | 'state' | 'editor'>) =>
  `${editorPrefix(project.editor.id, shelfOf(project))}${project.id}`;
const DAYS = 'by-day';
const ENDED = 'by-editor-ended';
const endedPrefix = (editorId: string) => `${ENDED}/${editorId}/`;
/** `by-editor-ended/<editor id>/<time it ended>-<id>`: an editor's ended shelf, newest first, a page at a time. */
const endedKeys = (project: Project) => {
  const at = endedAt(project);
  return at === null ? [] : [`${endedPrefix(project.editor.id)}${at}-${project.id}`];
};
const idOfEndedKey = (key: string) =>
  key.slice(key.indexOf('/', ENDED.length + 1) + 1 + 'YYYY-MM-DDTHH:MM:SS.sssZ-'.length);
const STATE = 'by-state';
const statePrefix = (state: ProjectState) => `${STATE}/${state}/`;
/** `by-state/<state>/<YYYY-MM>/<created>-<id>`: the projects in a state, newest month first (storage/paging.ts). */
const stateKey = (project: Project) =>
  monthFolderKey(`${STATE}/${project.state}`, `${project.createdAt}-${project.id}`);
/** `by-editor-created/<editor>/<YYYY-MM>/<created>-<id>`: an editor's projects, newest month first. */
const EDITOR_CREATED = 'by-editor-created';
/** The later of the two sides' reviews ('' for none): a review written today of an old project comes first. */
const reviewedAt = ({ reviews }: Pick<Project, 'reviews'>) =>
  [reviews?.family?.at ?? '', reviews?.editor?.at ?? ''].sort()[1];
/** `by-reviewed/<YYYY-MM>/<reviewed>-<id>` and the same under `by-reviewed-editor/<editor>`: reviews, newest first. */
const REVIEWED = 'by-reviewed';
const REVIEWED_EDITOR = 'by-reviewed-editor';
const reviewedKeys = (project: Project) => {
  const at = reviewedAt(project);
  if (!at) return [];
  return [REVIEWED, `${REVIEWED_EDITOR}/${project.editor.id}`].map((root) =>
    monthFolderKey(root, `${at}-${project.id}`),
  );
};
/** `review-held/<held at>-<id>`: a review held for our team and not decided on yet (few: read whole). */
const HELD = 'review-held';
const heldKeys = (project: Project) =>
  project.reviews?.held && awaitsTeam(project.reviews) ? [`${HELD}/${project.reviews.held.at}-${project.id}`] : [];
/** The keys a project's record decides, kept in step by every write: its state, its editor's shelves and list, its reviews, its days of work. */
const keptKeys = (project: Project) => [
  stateKey(project),
  ...heldKeys(project),
  editorKey(project),
  monthFolderKey(`${EDITOR_CREATED}/${project.editor.id}`, `${project.createdAt}-${project.id}`),
  ...reviewedKeys(project),
  ...endedKeys(project),
  ...dayKeys(DAYS, project.id, workTimes(project)),
];
/** Written once every project has its kept keys (projects stored before them get them on the first read). */
const KEPT_COMPLETE = 'kept-v3-complete';
const CREATED = 'by-created/';
const createdKey = (project: Pick<Project, 'id' | 'createdAt'>) => `${CREATED}${project.createdAt}-${project.id}`;
const idOfKey = (key: string) => key.slice(key.lastIndexOf('/') + 1);
/** The id in `<created>-<id>`. */
const idOfCreated = (created: string) => created.slice('YYYY-MM-DDTHH:MM:SS.sssZ-'.length);
const idOfCreatedKey = (key: string) => idOfCreated(key.slice(CREATED.length));

export class StaleProjectError extends Error {}

export function projectsRepo(info?: DeployInfo) {
  const store = upgradingStore(openStore('projects', info), upgradeProject);

  async function get(id: string): Promise<Project | null> {
    if (!PROJECT_ID.test(id)) return null;
    return (await store.get(id, { type: 'json' })) as Project | null;
  }

  const rebuildKept = (removeStray = false) =>
    rebuildKeys<Project>(store, {
      roots: [STATE, 'by-editor', EDITOR_CREATED, REVIEWED, REVIEWED_EDITOR, ENDED, DAYS, HELD],
      marker: KEPT_COMPLETE,
      isRecord: (key) => PROJECT_ID.test(key),
      keysOf: keptKeys,
      removeStray,
    });

  /** Reads the records behind index keys and keeps those `belongs` still accepts (hints may be stale). */
  async function readIndexed(keys: string[], belongs: (project: Project) => boolean): Promise<Project[]> {
    const ids = [...new Set(keys.map(idOfKey))];
    const records = await readRecords<Project>(store, ids);
    return records.map((r) => r.value).filter(belongs);
  }

  /**
   * The projects a page of `<time>-<id>` keys names, in the page's order: each shows only under the key
   * its record makes (`keyOf`: a key a cut write left names another time) and only if `keep` accepts it.
   * A page that read the whole list counts what it shows.
   */
  async function matchesOf(
    page: Page<string>,
    keyOf: (project: Project) => string,
    keep: (project: Project) => boolean,
  ): Promise<Page<Project>> {
    const records = await readRecords<Project>(store, [...new Set(page.items.map(idOfCreated))]);
    const byKey = new Map(records.map(({ value }) => [keyOf(value), value]));
    const items = page.items.flatMap((key) => {
      const project = byKey.get(key);
      return project && keep(project) ? [project] : [];
    });
    return { ...page, items, total: page.total === null ? null : items.length };
  }

  return {
    get,

    /** Stores a new project unless its id exists (fulfilment may run twice); answers whether it did. */
    async create(project: Project): Promise<boolean> {
      // Hints first: a project is never stored without the keys that list it.
      await Promise.all([
        store.set(customerKey(project.customer.uid, project.id), ''),
        store.set(createdKey(project), ''),
      ]);
      return writeWithKeys(store, [], keptKeys(project), () => store.setJSON(project.id, project, { onlyIfNew: true }));
    },

    /** The projects of these ids that exist (ids not of a project's shape are skipped unread). */
    getMany: async (ids: string[]): Promise<Project[]> =>
      (
        await readRecords<Project>(
          store,
          ids.filter((id) => PROJECT_ID.test(id)),
        )
      ).map((r) => r.value),

    /** The project and the etag to compare-and-set it against. */
    getForUpdate: (id: string) => (PROJECT_ID.test(id) ? getJSONWithEtag<Project>(store, id) : Promise.resolve(null)),

    /**
     * Replaces `before` (read with `etag`) by `after`, only if nobody changed it meanwhile; throws
     * StaleProjectError otherwise. Keeps the editor's shelves and the days of work in step.
     */
    async replace(before: Project, after: Project, etag: string): Promise<Project> {
      const written = await writeWithKeys(
        store,
        keptKeys(before),
        keptKeys(after),
        () => store.setJSON(after.id, after, { onlyIfMatch: etag }),
        changeMarks(workEvents(before), workEvents(after), new Date()),
      );
      if (!written) throw new StaleProjectError(after.id);
      return after;
    },

    /** The projects whose work counted from `from` (included) to `to` (excluded): rounds returned, made final. */
    async workedBetween(from: Date, to: Date): Promise<Project[]> {
      await keysComplete(store, KEPT_COMPLETE, () => rebuildKept());
      const records = await recordsOfDays<Project>(store, DAYS, from, to);
      return records.map((r) => r.value).filter((project) => workTimes(project).some((at) => within(at, from, to)));
    },

    /** The projects whose review waits for our team's decision, from their own keys. */
    async withHeldReviews(): Promise<Project[]> {
      await keysComplete(store, KEPT_COMPLETE, () => rebuildKept());
      const keys = await listKeys(store, { prefix: `${HELD}/` });
      const records = await readRecords<Project>(store, [
        ...new Set(keys.map((key) => idOfCreated(key.slice(HELD.length + 1)))),
      ]);
      return records.map((r) => r.value).filter((project) => heldKeys(project).length > 0);
    },

    /** The changes marked on settled days (of the UTC days from `from` to `to`): their figures are counted again. */
    changesBetween: (from: Date, to: Date) => marksOfDays(store, from, to),

    /** How many projects each editor has open, from the keys alone (an interrupted change may count one twice). */
    async openByEditor(editorIds: readonly string[]): Promise<Map<string, number>> {
      const counts = await Promise.all(
        editorIds.map(
          async (id) => [id, (await listKeys(store, { prefix: editorPrefix(id, 'open') })).length] as const,
        ),
      );
      return new Map(counts);
    },

    /** Makes the kept keys agree with the projects (`removeStray`: with nothing writing meanwhile). */
    rebuildKept,

    /** A customer's projects, oldest first (the order they were bought in). */
    async listForCustomer(uid: string): Promise<Project[]> {
      const keys = await listKeys(store, { prefix: `by-customer/${uid}/` });
      const projects = await readIndexed(keys, (p) => p.customer.uid === uid);
      return projects.sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a.unit - b.unit);
    },

    /** The projects a parent shared with the student who signs in with `email` (verified by the caller). */
    async listForStudent(email: string): Promise<Project[]> {
      const keys = await listKeys(store, { prefix: studentPrefix(email) });
      const projects = await readIndexed(
        keys,
        (p) => p.studentAccess !== undefined && normalizeEmail(p.student.email) === normalizeEmail(email),
      );
      return projects.sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a.unit - b.unit);
    },

    /** Lists the project for its student: written before the change that shares it. */
    indexForStudent: (project: Pick<Project, 'id' | 'student'>) => store.set(studentKey(project), ''),

    /** Remembers for the student who signs in with `email` that the family sharing with them closed its account. */
    markFamilyClosed: (email: string, at: Date) => store.setJSON(familyClosedKey(email), { at: at.toISOString() }),
    /** When the family that shared projects with `email` closed its account, if it did. */
    async familyClosedAt(email: string): Promise<string | null> {
      const mark = (await store.get(familyClosedKey(email), { type: 'json' })) as { at: string } | null;
      return mark?.at ?? null;
    },
    /** The student's own closure takes that too. */
    forgetFamilyClosed: (email: string) => store.delete(familyClosedKey(email)),

    /** Drops that hint: after the change that ends the sharing (a stale hint is skipped by the list). */
    unindexForStudent: (project: Pick<Project, 'id' | 'student'>) => store.delete(studentKey(project)),

    /**
     * How many projects each editor has open, finished and stopped unfinished (withdrawn or cancelled).
     * The open ones are counted from the index keys alone, where a hint left by an interrupted change may
     * count once too often; the ended ones are read, as only their state tells finished from stopped.
     */
    async countByEditor(): Promise<Map<string, ProjectCounts>> {
      const counts = new Map<string, ProjectCounts>();
      const countOf = (editorId: string) => {
        const count = counts.get(editorId) ?? { open: 0, finished: 0, stopped: 0 };
        counts.set(editorId, count);
        return count;
      };
      const ended = new Set<string>();
      for (const key of await listKeys(store, { prefix: 'by-editor/' })) {
        const [, editorId, shelf] = key.split('/');
        if (shelf === 'open') countOf(editorId).open += 1;
        else ended.add(key);
      }
      const belongs = (p: Project) => isTerminal(p.state) && ended.has(editorKey(p));
      for (const project of await readIndexed([...ended], belongs)) {
        countOf(project.editor.id)[isFinished(project.state) ? 'finished' : 'stopped'] += 1;
      }
      return counts;
    },

    /** One page of an editor's ended projects, the latest to end first. */
    async pageEnded(editorId: string, query: PageQuery): Promise<Page<Project>> {
      await keysComplete(store, KEPT_COMPLETE, () => rebuildKept());
      const page = pageOfKeys(await listKeys(store, { prefix: endedPrefix(editorId), order: 'desc' }), query, 'desc');
      const records = await readIndexed(page.items.map(idOfEndedKey), (p) => p.editor.id === editorId);
      const byId = new Map(records.map((project) => [project.id, project]));
      // A key left by an interrupted change names a project that is not (or no longer) ended there: skipped.
      const items = page.items.flatMap((key) => {
        const project = byId.get(idOfEndedKey(key));
        return project && endedKeys(project)[0] === key ? [project] : [];
      });
      return { ...page, items };
    },

    /** How many projects name the editor, from the keys alone (an interrupted change may count one twice). */
    countForEditor: async (editorId: string) => (await listKeys(store, { prefix: `by-editor/${editorId}/` })).length,

    /** An editor's open projects, or their finished ones. */
    async listForEditor(editorId: string, shelf: Shelf): Promise<Project[]> {
      const keys = await listKeys(store, { prefix: editorPrefix(editorId, shelf) });
      return readIndexed(keys, (p) => p.editor.id === editorId && shelfOf(p) === shelf);
    },

    /**
     * One page of the projects a filter names, newest first, reading only the projects it could name: a
     * state's month folders (every state's, with no filter), an editor's (with a state, those under
     * both), or, for `states` (those a late round can be in: the open ones, few), their keys. `keep` says
     * what matches; `total` counts the matches where the page read the whole list, else it is null.
     */
    async pageFiltered(
      query: PageQuery,
      filter: { state?: ProjectState; states?: readonly ProjectState[]; editorId?: string },
      keep: (project: Project) => boolean,
    ): Promise<Page<Project>> {
      // An id no editor could have names nobody, and never becomes part of a key.
      if (filter.editorId !== undefined && !isEditorId(filter.editorId))
        return { items: [], nextCursor: null, total: 0 };
      await keysComplete(store, KEPT_COMPLETE, () => rebuildKept());
      const created = (project: Project) => `${project.createdAt}-${project.id}`;
      if (!filter.states) {
        const states = filter.state ? [`${STATE}/${filter.state}`] : PROJECT_STATES.map((state) => `${STATE}/${state}`);
        const page = filter.editorId
          ? await newestPage(
              store,
              [`${EDITOR_CREATED}/${filter.editorId}`, ...(filter.state ? states : [])],
              query,
              'all',
            )
          : await newestPage(store, states, query);
        return matchesOf(page, created, keep);
      }
      const ids = (await Promise.all(filter.states.map((state) => listKeys(store, { prefix: statePrefix(state) }))))
        .flat()
        .map((key) => idOfCreated(idOfKey(key)));
      const matching = new Map((await readIndexed(ids, keep)).map((project) => [created(project), project]));
      const page = pageOfKeys([...matching.keys()].sort().reverse(), query, 'desc');
      return { ...page, items: page.items.map((key) => matching.get(key)!) };
    },

    /** One page of the reviewed projects (of an editor), by their newest review first, those `keep` accepts. */
    async pageReviewed(
      query: PageQuery,
      editorId: string | undefined,
      keep: (project: Project) => boolean,
    ): Promise<Page<Project>> {
      if (editorId !== undefined && !isEditorId(editorId)) return { items: [], nextCursor: null, total: 0 };
      await keysComplete(store, KEPT_COMPLETE, () => rebuildKept());
      const page = await newestPage(store, [editorId ? `${REVIEWED_EDITOR}/${editorId}` : REVIEWED], query);
      return matchesOf(page, (project) => `${reviewedAt(project)}-${project.id}`, keep);
    },

    /** One page of every project, in the order they were created, newest first (the retention run's walk). */
    async page(query: PageQuery): Promise<Page<Project>> {
      const page = pageOfKeys(await listKeys(store, { order: 'desc', prefix: CREATED }), query, 'desc');
      const records = new Map(
        (await readRecords<Project>(store, page.items.map(idOfCreatedKey))).map((r) => [r.key, r.value]),
      );
      return { ...page, items: page.items.flatMap((key) => records.get(idOfCreatedKey(key)) ?? []) };
    },
  };
}
