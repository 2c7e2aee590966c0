/** Browser tests as the local admin (ADMIN_EMAILS defaults to admin@example.test locally). */
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { DEMO_EDITORS } from '../../src/features/editors/server/seed';
import type { Editor } from '../../src/features/editors/editor-rules';
import { idTokenOf, LOCAL_ADMIN, signIn } from './e2e-auth';
import { islandsHydrated } from './hydration';
import { editorInput, uniqueEditorName } from './editor-input';

/**
 * Opens /admin signed in as the admin, with a session minted on the Auth emulator (signing in through
 * the card is admin-access.spec.ts's subject), once the admin area has hydrated and loaded its tab.
 * Call it before anything else in the test opens a page: it replaces the browser's storage.
 */
export async function openAdmin(page: Page, _request?: APIRequestContext, path = '/admin') {
  await signIn(page, LOCAL_ADMIN);
  await page.goto(path);
  const sections = page.getByRole('tablist', { name: 'Admin sections' });
  const signInCard = page.getByRole('tab', { name: 'Existing Customer' });
  await expect(sections.or(signInCard)).toBeVisible();
  if (await signInCard.isVisible()) {
    // The SDK drops a restored user on any answer of the emulator's account lookup but a network
    // failure, and a shard's emulator under load has given one: this arrangement, not the subject, tries again.
    console.warn(`openAdmin: the restored session was signed out on ${path}; signing in again`);
    await signIn(page, LOCAL_ADMIN);
    await page.goto(path);
  }
  await expect(sections).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Admin Dashboard');
  await islandsHydrated(page);
}

/** The admin's ID token, for arranging data through the API. */
export const adminToken = (request: APIRequestContext) => idTokenOf(request, LOCAL_ADMIN);

export { editorInput, uniqueEditorName };

export async function createEditor(request: APIRequestContext, name = uniqueEditorName()): Promise<Editor> {
  const res = await request.post('/api/database/editors', {
    data: editorInput(name),
    headers: { Authorization: `Bearer ${await adminToken(request)}` },
  });
  expect(res.status()).toBe(201);
  return res.json();
}

/**
 * Gives editor `id` one open slot when the tests that ran before on this site took them all (a draft
 * takes a slot): a test that reads an open editor's card or usual prices arranges it first, so it
 * passes whatever shares its shard. The editor's account is kept (a PUT without it keeps it).
 */
export async function withOpenSlot(request: APIRequestContext, id: string) {
  const editors = (await (await request.get('/api/database/editors')).json()) as Editor[];
  const { id: _id, ...editor } = editors.find((e) => e.id === id)!;
  if (editor.slotsOpen > 0) return;
  const res = await request.put(`/api/database/editors/${id}`, {
    data: { ...editor, slotsOpen: 1 },
    headers: { Authorization: `Bearer ${await adminToken(request)}` },
  });
  expect(res.status(), await res.text()).toBe(200);
}

/**
 * Every demo editor the build knew as open is open again (see withOpenSlot): for tests that compare
 * the live list with what the build rendered, where a full editor's taller card would move the page.
 */
export async function withBuildSlots(request: APIRequestContext) {
  for (const editor of DEMO_EDITORS.filter((e) => e.slotsOpen > 0)) await withOpenSlot(request, editor.id);
}

/**
 * The live editors list as a local build renders it: the demo editors, with no reviews, rounds or
 * finished projects, joined this month, whatever specs run before on this site gave them. A layout
 * test answers the list with it: a card's height follows what it shows (that change is meant to show).
 */
export function editorsAsBuilt(live: { id: string }[]) {
  return live
    .filter((editor) => DEMO_EDITORS.some((demo) => demo.id === editor.id))
    .map((editor) => ({
      ...editor,
      rating: { count: 0, average: null },
      onTime: { rounds: 0, share: null },
      track: { finished: 0, responseMs: null, since: new Date().toISOString().slice(0, 7) },
    }));
}

/** Removes what a test created, so public pages tested beside it see the demo editors only. */
export async function deleteEditors(request: APIRequestContext, ids: string[]) {
  const token = await adminToken(request);
  await Promise.all(
    ids.map((id) => request.delete(`/api/database/editors/${id}`, { headers: { Authorization: `Bearer ${token}` } })),
  );
}

/** The admin tab on show: what an admin tab's test runs axe on (admin-editors.spec.ts scans the whole page). */
export const OPEN_TAB_PANEL = '[role="tabpanel"]:not([hidden])';

export const toasts = (page: Page) => page.getByRole('region', { name: 'Notifications' });

/** The admin dashboard's tabs, in order. */
export const ADMIN_TABS = [
  'Today',
  'Editors Management',
  'Applications',
  'Sample edits',
  'Email Subscribers',
  'Inquiries',
  'Consults',
  'Orders',
  'Projects',
  'Reviews',
  'Waitlist',
  'Outbox',
  'Payouts',
  'Team',
  'Reports',
  'Audit log',
  'Privacy',
];

/**
 * Runs the site's scheduled functions (timers, reminders, backups, reports) as their clock would, and
 * waits for them; again while one says its run was cut short by its time with more to do (on a busy
 * machine the report's days take several runs), as the next hour's run would go on.
 */
export async function runScheduled(request: APIRequestContext, { rounds = 10 } = {}) {
  for (let round = 0; round < rounds; round++) {
    const res = await request.post('/__local/run-scheduled', { timeout: 120_000 });
    if (!res.ok()) throw new Error(`the scheduled runs answered ${res.status()}`);
    const { answers } = (await res.json()) as { answers: Record<string, unknown> };
    const unfinished = Object.values(answers).some(
      (answer) => typeof answer === 'object' && answer !== null && 'complete' in answer && answer.complete === false,
    );
    if (!unfinished) return;
  }
  throw new Error(`the scheduled runs had more to do after ${rounds} rounds`);
}
