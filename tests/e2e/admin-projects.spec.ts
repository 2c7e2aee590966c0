/**
 * The admin side of delivery: the editor account e-mail in the editor form, and the
 * Projects tab (list, server-side filters, reassign, mark final, withdraw, history, the open tab in
 * the URL), with projects bought and drafts submitted through the site's own API.
 */
import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { type Project, type ProjectView } from '../../src/features/projects/project';
import { deliveryMessages } from '../../src/features/projects/process';
import { HOUR_MS } from '../../src/lib/time';
import { messages } from '../../src/lib/messages';
import type { Page as ListPage } from '../../src/lib/paged-list';
import type { Editor } from '../../src/features/editors/editor-rules';
import { expectNoAxeViolations } from '../helpers/axe';
import { adminToken, OPEN_TAB_PANEL, openAdmin, toasts } from '../helpers/e2e-admin';
import { idTokenOf, uniqueEmail } from '../helpers/e2e-auth';
import { openOrderThroughApi, payThroughApi } from '../helpers/e2e-checkout';
import { readStored, writeStored } from '../helpers/stored';
import { expectLoaded } from '../helpers/warm-up';

// The tests move the demo editors' slots and edit Maya's record: one after the other, each putting
// back what it moved, so the public pages tested later see the seed.
test.describe.configure({ mode: 'default' });

const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });
const PROJECTS_API = /\/api\/admin\/projects\?/;

/** A new family buys `quantity` small supplements from `editorId` and pays; answers their token and the project ids. */
async function buyProjects(request: APIRequestContext, editorId: string, quantity = 1) {
  const email = uniqueEmail('family');
  const token = await idTokenOf(request, email);
  const session = await openOrderThroughApi(request, token, {
    services: [{ id: 'supplement-small', quantity }],
    editorId,
  });
  await payThroughApi(request, token, session);
  return { token, email, ids: Array.from({ length: quantity }, (_, i) => `${session.orderId}-${i + 1}`) };
}

async function getProject(request: APIRequestContext, token: string, id: string) {
  const res = await request.get(`/api/projects/${id}`, { headers: bearer(token) });
  expect(res.status()).toBe(200);
  return (await res.json()) as ProjectView;
}

/** The family submits a first draft: it takes one of the editor's open slots. */
async function submitDraft(request: APIRequestContext, token: string, id: string) {
  const { version } = await getProject(request, token, id);
  const res = await request.post(`/api/projects/${id}/submit`, {
    headers: bearer(token),
    data: { version, prompt: 'Why this college?', draft: { kind: 'text', text: 'My first draft.' } },
  });
  expect(res.status()).toBe(200);
}

/** Moves the open round's due time 3 hours into the past, as if the editor had let it pass. */
async function makeLate(id: string) {
  const project = (await readStored<Project>('projects', id))!;
  const last = project.rounds.length - 1;
  const rounds = project.rounds.map((round, i) =>
    i === last ? { ...round, dueAt: new Date(Date.now() - 3 * HOUR_MS).toISOString() } : round,
  );
  await writeStored('projects', id, { ...project, rounds });
}

/** An admin step through the API, to put back what a test moved. */
async function adminStep(request: APIRequestContext, id: string, action: 'withdraw' | 'finalize') {
  const token = await adminToken(request);
  const { version } = await getProject(request, token, id);
  const data = action === 'withdraw' ? { version, reason: 'Put back after the test.' } : { version };
  expect((await request.post(`/api/projects/${id}/${action}`, { headers: bearer(token), data })).status()).toBe(200);
}

async function editors(request: APIRequestContext): Promise<Record<string, Editor>> {
  const list = (await (await request.get(`/api/database/editors?fresh=${Date.now()}`)).json()) as Editor[];
  return Object.fromEntries(list.map((editor) => [editor.id, editor]));
}
const slotsOf = async (request: APIRequestContext, id: string) => (await editors(request))[id].slotsOpen;

const openProjectsTab = (page: Page) => page.getByRole('tab', { name: 'Projects', exact: true }).click();
/** A project's card, found by its id (its accessible name is the service and the id). */
const projectCard = (page: Page, id: string) => page.getByRole('article', { name: new RegExp(`${id}$`) });
const projectsList = (page: Page) => page.getByRole('list', { name: 'Projects' });
const tabHeading = (page: Page) => page.getByRole('tabpanel').getByRole('heading', { level: 2 });
const step = (card: Locator, label: string) => card.getByRole('button', { name: new RegExp(`^${label} \\(`) });

/** axe at a phone's and a desktop's width; nothing runs off the side of the phone. */
async function expectAccessibleAtBothWidths(page: Page) {
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await expectNoAxeViolations(page, OPEN_TAB_PANEL);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
  }
}

test.describe('editor accounts', () => {
  const MAYA_ACCOUNT = 'maya@example.test'; // from the demo seed

  // Maya signs in with her seed address in other specs: put it back whatever happened here.
  test.afterEach(async ({ request }) => {
    const { id: _, ...maya } = (await editors(request))['maya-chen'];
    const res = await request.put('/api/database/editors/maya-chen', {
      headers: bearer(await adminToken(request)),
      data: { ...maya, accountEmail: MAYA_ACCOUNT },
    });
    expect(res.status()).toBe(200);
  });

  test('the admin sets the address an editor signs in with; the card shows it; one another editor has is refused at the field', async ({
    page,
    request,
  }) => {
    test.slow(); // axe at two widths and three saves
    await openAdmin(page, request, '/admin?tab=editors');
    const card = page.getByRole('listitem', { name: 'Maya Chen', exact: true });
    await expect(card).toContainText(`Editor account${MAYA_ACCOUNT}`);
    await expect(page.getByRole('listitem', { name: 'Daniel Okafor', exact: true })).toContainText(
      'Editor accountNo account',
    );

    await page.getByRole('button', { name: 'Edit Maya Chen' }).click();
    const form = page.getByRole('form', { name: 'Edit Maya Chen' });
    const field = form.getByLabel('Editor account e-mail');
    await expect(field).toHaveValue(MAYA_ACCOUNT);
    await expect(field).toHaveAccessibleDescription(
      /signs in with to open their workspace at \/editor\. Leave it empty for no account\./,
    );
    await expectAccessibleAtBothWidths(page);

    // Checked before anything is sent, like the other fields.
    await field.fill('maya@example');
    await form.getByRole('button', { name: 'Save Changes' }).click();
    await expect(form.getByRole('alert')).toHaveText(
      'Editor account e-mail must be an address like name@example.com, or empty for no account.',
    );
    await expect(field).toBeFocused();

    // The server's refusal goes next to the field it is about.
    await field.fill('sofia@example.test');
    await form.getByRole('button', { name: 'Save Changes' }).click();
    await expect(toasts(page).getByRole('alert')).toHaveText(messages.editorUpdateFailed);
    await expect(form.getByRole('alert')).toHaveText('Sofia Ramirez already signs in with this address');
    await expect(field).toHaveAttribute('aria-invalid', 'true');
    await expect(field).toHaveAccessibleDescription(/Sofia Ramirez already signs in with this address/);
    await expect(field).toBeFocused();

    await field.fill(' Maya.Chen@Example.test ');
    await form.getByRole('button', { name: 'Save Changes' }).click();
    await expect(toasts(page).getByRole('status')).toHaveText(messages.editorUpdated);
    await expect(card).toContainText('Editor accountmaya.chen@example.test');
    expect(await readStored('editors', 'maya-chen')).toMatchObject({ accountEmail: 'maya.chen@example.test' });
    // The address is the admin's to see: the public list never carries it.
    expect(await (await request.get(`/api/database/editors?fresh=${Date.now()}`)).text()).not.toContain(
      'maya.chen@example.test',
    );

    // Empty unlinks the account.
    await page.getByRole('button', { name: 'Edit Maya Chen' }).click();
    await form.getByLabel('Editor account e-mail').fill('');
    await form.getByRole('button', { name: 'Save Changes' }).click();
    await expect(card).toContainText('Editor accountNo account');
  });
});

test.describe('the Projects tab', () => {
  test('lists every project with its state, people, due countdown, Late badge and edits left; filters by state, editor and Late only on the server', async ({
    page,
    request,
  }) => {
    test.slow(); // axe at two widths, several filtered reloads, and data arranged through the API
    const { token, email, ids } = await buyProjects(request, 'ethan-park', 2);
    const [late, waiting] = ids;
    await submitDraft(request, token, late);
    await makeLate(late);

    await openAdmin(page, request);
    await openProjectsTab(page);
    await expect(page).toHaveURL(/\/admin\?tab=projects$/);
    await expect(tabHeading(page)).toHaveText(/^Projects \(\d+\)$/);
    const lateCard = projectCard(page, late);
    for (const text of [
      'Supplemental Essay Help (Small)',
      'Draft submitted',
      'Ethan Park',
      'Sam Rivera',
      email,
      /Feedback due\w{3} \d{1,2}, \d{4}, .+ \(3 hours ago\)/,
      'Edits left3',
    ]) {
      await expect(lateCard).toContainText(text);
    }
    await expect(lateCard.getByText('Late', { exact: true })).toBeVisible();
    const waitingCard = projectCard(page, waiting);
    await expect(waitingCard).toContainText('Waiting for the draft');
    await expect(waitingCard).toContainText('Feedback due—');
    await expect(waitingCard.getByText('Late', { exact: true })).toHaveCount(0);
    await expect(step(lateCard, 'Reassign')).toBeVisible();
    await expect(step(lateCard, 'Mark as Final')).toBeVisible();
    await expect(step(lateCard, 'Withdraw')).toBeVisible();

    // The history, on demand.
    const history = lateCard.getByRole('list', { name: `History of ${late}` });
    await expect(history).toHaveCount(0);
    await lateCard.getByRole('button', { name: `Show history of ${late}` }).click();
    await expect(history.getByRole('listitem')).toHaveText([
      /^Created automatically · .+Paid with order /,
      /^Draft submitted by .+First draft · Waiting for the draft → Draft submitted$/,
    ]);
    await expectAccessibleAtBothWidths(page);

    /** Sets a filter and answers the query the list asked the server for. */
    async function filterBy(change: () => Promise<unknown>) {
      const asked = page.waitForRequest(PROJECTS_API);
      await change();
      const query = new URL((await asked).url()).searchParams;
      query.delete('limit');
      return query.toString();
    }

    expect(
      await filterBy(() => page.getByLabel('State', { exact: true }).selectOption({ label: 'Draft submitted' })),
    ).toBe('state=submitted');
    await expect(lateCard).toBeVisible();
    await expect(waitingCard).toHaveCount(0);
    await expect(projectsList(page).getByRole('article').filter({ hasNotText: 'Draft submitted' })).toHaveCount(0);
    // A filtered list counts its matches: 'Showing x of y' says how many match, not how many exist.
    const matches = await projectsList(page).getByRole('article').count();
    await expect(tabHeading(page)).toHaveText(`Projects (${matches})`);
    await expect(page.getByText(`Showing ${matches} of ${matches}`, { exact: true })).toBeVisible();

    expect(await filterBy(() => page.getByLabel('State', { exact: true }).selectOption(''))).toBe('');
    expect(await filterBy(() => page.getByLabel('Editor', { exact: true }).selectOption({ label: 'Ethan Park' }))).toBe(
      'editor=ethan-park',
    );
    await expect(waitingCard).toBeVisible();
    await expect(projectsList(page).getByRole('article').filter({ hasNotText: 'Ethan Park' })).toHaveCount(0);
    expect(await filterBy(() => page.getByLabel('Late only').check())).toBe('editor=ethan-park&late=true');
    await expect(lateCard).toBeVisible();
    await expect(waitingCard).toHaveCount(0);
    await expect(
      projectsList(page)
        .getByRole('article')
        .filter({ hasNot: page.getByText('Late', { exact: true }) }),
    ).toHaveCount(0);

    expect(await filterBy(() => page.getByLabel('State', { exact: true }).selectOption({ label: 'Cancelled' }))).toBe(
      'state=cancelled&editor=ethan-park&late=true',
    );
    await expect(
      page.getByRole('tabpanel').getByText('No projects match these filters.', { exact: true }),
    ).toBeVisible();
    await expectAccessibleAtBothWidths(page);

    expect(await filterBy(() => page.getByRole('button', { name: 'Clear filters' }).click())).toBe('');
    await expect(page.getByLabel('State', { exact: true })).toBeFocused();
    await expect(waitingCard).toBeVisible();

    await adminStep(request, late, 'withdraw'); // Ethan's slot back
  });

  test("reassigns a project from Maya to Sofia with its slot: /editors shows Maya's open slots up and Sofia's down; Mark as Final gives Sofia's back", async ({
    page,
    request,
  }) => {
    test.slow(); // three page visits and data arranged through the API
    const { token, ids } = await buyProjects(request, 'maya-chen');
    const [id] = ids;
    await submitDraft(request, token, id);
    const before = await editors(request);
    expect(before['sofia-ramirez'].slotsOpen, 'Sofia needs an open slot for the project to take').toBeGreaterThan(0);

    await openAdmin(page, request);
    await page.goto('/admin?tab=projects'); // straight to the tab
    const card = projectCard(page, id);
    await expect(card).toContainText('Maya Chen');
    await step(card, 'Reassign').click();
    const panel = card.getByRole('form', { name: 'Reassign this project?' });
    const choice = panel.getByLabel('New editor');
    await expect(choice).toBeFocused();
    await expect(choice.getByRole('option', { name: /Maya Chen/ })).toHaveCount(0);
    await expect(
      choice.getByRole('option', { name: `Sofia Ramirez (${before['sofia-ramirez'].slotsOpen} of 5 slots open)` }),
    ).toHaveCount(1);
    await panel.getByRole('button', { name: 'Reassign', exact: true }).click();
    await expect(panel.getByRole('alert')).toHaveText('Choose the editor who takes over.');

    // By keyboard: choose, then Tab to the button and press Enter.
    await choice.selectOption('sofia-ramirez');
    await page.keyboard.press('Tab');
    await expect(panel.getByRole('button', { name: 'Reassign', exact: true })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(toasts(page).getByRole('status')).toHaveText(`Project ${id} reassigned to Sofia Ramirez`);
    await expect(panel).toHaveCount(0);
    await expect(card.getByRole('heading', { level: 3 })).toBeFocused();
    await expect(card).toContainText('EditorSofia Ramirez');
    await card.getByRole('button', { name: `Show history of ${id}` }).click();
    await expect(
      card
        .getByRole('list', { name: `History of ${id}` })
        .getByRole('listitem')
        .last(),
    ).toHaveText(/^Reassigned by admin@example\.test · .+From Maya Chen to Sofia Ramirez$/);

    // The public page shows the slot moving (Sofia's first: her count differs from the built page's).
    await page.goto('/editors');
    const slots = (editorId: string) => page.locator(`article[data-editor="${editorId}"]`);
    await expectLoaded(slots('sofia-ramirez')).toContainText(`Slots Open: ${before['sofia-ramirez'].slotsOpen - 1}/5`);
    await expect(slots('maya-chen')).toContainText(`Slots Open: ${before['maya-chen'].slotsOpen + 1}/5`);

    await page.goBack();
    await expect(page).toHaveURL(/\/admin\?tab=projects$/);
    await step(card, 'Mark as Final').click();
    const confirm = card.getByRole('form', { name: 'Mark this project as final?' });
    await expect(confirm.getByRole('button', { name: 'Cancel' })).toBeFocused();
    await expect(confirm).toContainText('A slot it holds is given back to the editor.');
    await confirm.getByRole('button', { name: 'Mark as Final', exact: true }).click();
    await expect(toasts(page).getByRole('status')).toContainText(`Project ${id} marked as final`);
    await expect(card.getByText('Final', { exact: true })).toBeVisible();
    // A final project offers no more steps.
    await expect(card.getByRole('button')).toHaveText([/^(Show|Hide) history of /]);
    expect(await slotsOf(request, 'sofia-ramirez')).toBe(before['sofia-ramirez'].slotsOpen);
  });

  test('Withdraw asks first (Cancel and Escape change nothing); a project changed meanwhile is reloaded with the server’s message', async ({
    page,
    request,
  }) => {
    test.slow(); // axe at two widths and data arranged through the API
    const slotsBefore = await slotsOf(request, 'lucas-moreau');
    const { token, ids } = await buyProjects(request, 'lucas-moreau');
    const [id] = ids;
    await openAdmin(page, request);
    await openProjectsTab(page);
    const card = projectCard(page, id);
    await expect(card).toContainText('Waiting for the draft');

    const withdraw = step(card, 'Withdraw');
    const panel = card.getByRole('form', { name: 'Withdraw this project?' });
    await withdraw.click();
    await expect(withdraw).toHaveAttribute('aria-expanded', 'true');
    await expect(panel).toContainText('Nothing is refunded.');
    // The reason comes first: the family and the editor read it.
    await expect(panel.getByLabel('Reason')).toBeFocused();
    await expectAccessibleAtBothWidths(page);
    await panel.getByRole('button', { name: 'Cancel' }).click();
    await expect(panel).toHaveCount(0);
    await expect(withdraw).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(panel).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(panel).toHaveCount(0);
    await expect(withdraw).toBeFocused();
    await expect(card).toContainText('Waiting for the draft');

    // The family submits a draft while the admin looks: the admin's step is stale.
    await submitDraft(request, token, id);
    await withdraw.click();
    await panel.getByRole('button', { name: 'Withdraw', exact: true }).click();
    await expect(panel.getByRole('alert')).toHaveText(
      'Say why the project is withdrawn: the family and the editor read it.',
    );
    await expect(panel.getByLabel('Reason')).toBeFocused();
    await page.keyboard.type('The family found another service.');
    await panel.getByRole('button', { name: 'Withdraw', exact: true }).click();
    await expect(toasts(page).getByRole('alert')).toHaveText(deliveryMessages.stale);
    await expect(card.getByText('Draft submitted', { exact: true })).toBeVisible();
    await expect(card).toContainText(/Feedback due.+\(in \d+ days\)/);

    await withdraw.click();
    await panel.getByLabel('Reason').fill('The family found another service.');
    await panel.getByRole('button', { name: 'Withdraw', exact: true }).click();
    await expect(toasts(page).getByRole('status')).toHaveText(`Project ${id} withdrawn`);
    await expect(card.getByText('Withdrawn', { exact: true })).toBeVisible();
    await expect(card.getByRole('button')).toHaveText([/^Show history of /]);
    expect(await slotsOf(request, 'lucas-moreau')).toBe(slotsBefore);
  });

  test('the open tab is in the URL: a reload keeps it and Back returns to the one before', async ({
    page,
    request,
  }) => {
    await openAdmin(page, request);
    await expect(page).toHaveURL(/\/admin$/);
    await openProjectsTab(page);
    await expect(page).toHaveURL(/\/admin\?tab=projects$/);
    await page.reload();
    await expect(page.getByRole('tab', { name: 'Projects', exact: true })).toHaveAttribute('aria-selected', 'true');
    await expect(tabHeading(page)).toHaveText(/^Projects/);

    await page.getByRole('tab', { name: 'Orders', exact: true }).click();
    await expect(page).toHaveURL(/\/admin\?tab=orders$/);
    await page.goBack();
    await expect(page.getByRole('tab', { name: 'Projects', exact: true })).toHaveAttribute('aria-selected', 'true');
    await page.goBack();
    await expect(page).toHaveURL(/\/admin$/);
    await expect(page.getByRole('tab', { name: 'Today' })).toHaveAttribute('aria-selected', 'true');

    // A tab the page does not have opens the first.
    await page.goto('/admin?tab=nothing');
    await expect(page.getByRole('tab', { name: 'Today' })).toHaveAttribute('aria-selected', 'true');
  });

  test('loading, a failure with a retry, the empty list, and Load more asking for the next page of the same filter', async ({
    page,
    request,
  }) => {
    const project = (n: number): ProjectView => ({
      id: `BCC-PAGED${n}-1`,
      orderId: `BCC-PAGED${n}`,
      unit: 1,
      service: { id: 'supplement-large', title: 'Supplemental Essay Help (Large)' },
      priceCents: 10_000,
      customer: { uid: 'u', email: `paged${n}@example.com` },
      student: {
        name: `Paged Student ${n}`,
        email: 's@example.com',
        grade: '11',
        parentName: 'P',
        parentEmail: 'p@example.com',
      },
      editor: { id: 'hannah-weiss', name: 'Hannah Weiss' },
      assignment: 1,
      previousAssignments: [],
      boughtWhileFull: false,
      state: 'awaiting_draft',
      editsAllowed: 3,
      rounds: [],
      messages: [],
      history: [],
      reminders: {},
      version: 1,
      createdAt: '2026-01-01T00:00:00.000Z',
      updatedAt: '2026-01-01T00:00:00.000Z',
      roles: ['admin'],
      actions: ['finalize', 'withdraw', 'message', 'reassign'],
      editsLeft: 3,
      due: null,
      autoFinalAt: null,
      cancellation: null,
      reviewClosesAt: null,
      contentDeletesAt: null,
    });
    const asked: string[] = [];
    let answer: 'hold' | 'fail' | 'pages' | 'empty' = 'hold';
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(PROJECTS_API, async (route) => {
      const query = new URL(route.request().url()).searchParams;
      asked.push(`${query.get('editor') ?? 'all'} ${query.get('cursor') ?? 'first'}`);
      if (answer === 'hold') await held;
      if (answer === 'hold' || answer === 'fail')
        return route.fulfill({ status: 500, json: { error: 'Something went wrong on our side' } });
      if (answer === 'empty')
        return route.fulfill({ json: { items: [], nextCursor: null, total: 0 } satisfies ListPage<ProjectView> });
      const page: ListPage<ProjectView> = query.get('cursor')
        ? { items: [project(3)], nextCursor: null, total: 3 }
        : { items: [project(1), project(2)], nextCursor: 'cursor-2', total: 3 };
      return route.fulfill({ json: page });
    });
    await openAdmin(page, request);
    await openProjectsTab(page);
    await expect(page.getByRole('tabpanel').getByText('Loading projects...')).toBeVisible();
    release();
    await expect(page.getByRole('tabpanel').getByText('The projects could not be loaded.')).toBeVisible();
    await expect(toasts(page).getByRole('alert')).toHaveText(messages.fetchFailed);

    answer = 'empty';
    await page.getByRole('button', { name: 'Try again' }).click();
    await expect(page.getByRole('tabpanel').getByText('No projects yet.', { exact: true })).toBeVisible();

    answer = 'pages';
    await page.getByLabel('Editor', { exact: true }).selectOption({ label: 'Hannah Weiss' });
    await expect(page.getByText('Showing 2 of 3', { exact: true })).toBeVisible();
    await page.getByRole('button', { name: 'Load more' }).click();
    await expect(projectsList(page).getByRole('article')).toHaveCount(3);
    await expect(page.getByText('Showing 3 of 3', { exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Load more' })).toHaveCount(0);
    expect(asked).toEqual(['all first', 'all first', 'hannah-weiss first', 'hannah-weiss cursor-2']);
  });
});
