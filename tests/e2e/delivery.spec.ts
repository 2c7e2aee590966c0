/**
 * Delivery in the browser: a family buys, sends a draft, reads and downloads
 * the feedback, revises and marks it final on /dashboard; the editor acknowledges and returns
 * feedback on /editor; slots follow on /editors. Then the edit limit, strangers, keyboard use and the
 * way into the workspace. The other party's steps are taken through the API where the test is not
 * about them.
 */
import { readFile } from 'node:fs/promises';
import { expect, test, type Download, type Page } from '@playwright/test';
import { deliveryMessages } from '../../src/features/projects/process';
import { expectNoAxeViolations } from '../helpers/axe';
import { DOCX } from '../helpers/documents';
import { listStored } from '../helpers/stored';
import { createAccount, logIn, register, signIn, uniqueEmail } from '../helpers/e2e-auth';
import { fillCheckout } from '../helpers/e2e-checkout';
import {
  buy,
  MAYA,
  projectAs,
  projectCard,
  returnFeedback,
  slotsOnEditorsPage,
  SOFIA,
  step,
  tokenFor,
} from '../helpers/e2e-delivery';

const DRAFT_TXT = 'When I was nine, my grandmother taught me to fold dumplings.\nEvery Sunday we sat at her table.\n';
const PROMPT =
  'Some students have a background, identity, interest, or talent so meaningful they believe their application would be incomplete without it.';

const workspaceLink = (page: Page) =>
  page.getByRole('banner').getByRole('link', { name: 'Editor Workspace', exact: true });
const status = (scope: Page | ReturnType<Page['locator']>) => scope.getByRole('status').filter({ hasText: /\S/ });
const alertIn = (scope: ReturnType<Page['locator']>) => scope.getByRole('alert').filter({ hasText: /\S/ });

async function savedBytes(download: Download) {
  return new Uint8Array(await readFile((await download.path())!));
}

/** Opens /dashboard signed in as a new family (a stored session: signing in is not these tests' subject). */
async function newFamily(page: Page) {
  const email = await signIn(page, uniqueEmail('family'));
  await page.goto('/dashboard');
  await expect(page.getByText('Logged in as')).toBeVisible();
  return email;
}

/** Opens /editor signed in as `email` in a page of its own (a stored session). */
async function editorPage(page: Page, email: string) {
  await signIn(page, email);
  await page.goto('/editor');
  await expect(page.getByText('Logged in as')).toBeVisible();
}

test('a family buys two services, sends a draft as a file; Maya acknowledges and returns feedback with a file; the family downloads it, revises and marks it final; her slots follow', async ({
  page,
  browser,
}) => {
  test.setTimeout(test.info().timeout * 4);
  const slotsBefore = await slotsOnEditorsPage(page, MAYA.id);

  // Buy the Common App essay and a small supplement with Maya.
  await page.goto(`/select-services?service=common-app-essay&editor=${MAYA.id}`);
  await register(page, uniqueEmail('family'));
  await expect(page.getByText('Logged in as')).toBeVisible();
  await page.getByRole('checkbox', { name: 'Supplemental Essay Help (Small)', exact: true }).check();
  await page.getByRole('button', { name: 'Proceed to Checkout' }).click();
  await fillCheckout(page);
  await page.getByRole('button', { name: 'Proceed to Payment - $375' }).click();
  await page.getByRole('button', { name: 'Pay $375' }).click();
  await expect(page.getByRole('heading', { name: 'Payment Successful!' })).toBeVisible();
  const orderId = new URL(page.url()).searchParams.get('order')!;
  const essayId = `${orderId}-1`;
  await page.getByRole('link', { name: 'View My Dashboard' }).click();

  // Two projects, each with its editor, state and edits.
  const essay = projectCard(page, essayId);
  const supplement = projectCard(page, `${orderId}-2`);
  await expect(essay.getByRole('heading', { name: 'Common App Essay Editing' })).toBeVisible();
  await expect(essay).toContainText('with Maya Chen');
  await expect(essay).toContainText('Waiting for your draft');
  await expect(essay).toContainText('Unlimited edits');
  await expect(supplement).toContainText('Supplemental Essay Help (Small)');
  await expect(supplement).toContainText('Edits left: 3 of 3');
  await expect(essay.getByRole('button', { name: 'Mark as Final' })).toHaveCount(0);
  await expectNoAxeViolations(page);

  // The first draft, as a .txt file.
  await essay.getByRole('button', { name: 'Submit Draft' }).click();
  await essay.getByLabel('Essay prompt').fill(PROMPT);
  await essay.getByRole('radio', { name: 'Upload a file' }).check();
  await essay
    .getByLabel('Draft file')
    .setInputFiles({ name: 'my-essay.txt', mimeType: 'text/plain', buffer: Buffer.from(DRAFT_TXT) });
  await expect(essay.getByRole('list', { name: 'Chosen files' })).toContainText('my-essay.txt');
  await essay.getByRole('button', { name: 'Submit Draft' }).click();
  await expect(status(essay)).toContainText('Your draft is with your editor');
  await expect(essay).toContainText('Draft submitted');
  await expect(essay).toContainText(/Feedback due in 5 days/);
  await expect.poll(() => slotsOnEditorsPage(page, MAYA.id)).toBe(slotsBefore - 1);

  // Maya, in her workspace: the new draft comes first; she reads it, acknowledges, returns feedback with a file.
  const editorContext = await browser.newContext();
  const maya = await editorContext.newPage();
  await editorPage(maya, MAYA.email);
  await expect(maya.getByTestId('editor-slots')).toHaveText(`Slots open: ${slotsBefore - 1}/5`);
  await maya
    .getByRole('region', { name: /New drafts to acknowledge/ })
    .locator(`a[href="#project-${essayId}"]`)
    .click();
  await expect(maya).toHaveURL(new RegExp(`#project-${essayId}$`));
  const opened = maya.getByRole('article');
  await expect(opened.getByRole('heading', { level: 2, name: 'Common App Essay Editing' })).toBeFocused();
  await expect(opened).toContainText(PROMPT);
  const draftDownload = maya.waitForEvent('download');
  await opened.getByRole('button', { name: /Download my-essay\.txt/ }).click();
  const draft = await draftDownload;
  expect(draft.suggestedFilename()).toBe('my-essay.txt');
  expect(Buffer.from(await savedBytes(draft)).toString()).toBe(DRAFT_TXT);

  await opened.getByRole('button', { name: 'Acknowledge' }).click();
  await opened
    .getByLabel('First message to the family')
    .fill('Hi Sam! I have your draft and will send notes by Friday.');
  await opened.getByRole('button', { name: 'Acknowledge' }).click();
  await expect(status(opened)).toContainText('Acknowledged');
  await expect(opened).toContainText('In review');
  await expect(maya.getByRole('region', { name: /In review/ }).locator(`a[href="#project-${essayId}"]`)).toBeVisible();
  await expectNoAxeViolations(maya);

  await opened.getByRole('button', { name: 'Return Feedback' }).click();
  await opened.getByLabel('Feedback notes').fill('Strong opening.\nTighten the middle paragraph.');
  await opened
    .getByLabel('Files with your edits (optional)')
    .setInputFiles({ name: 'feedback.docx', mimeType: 'application/octet-stream', buffer: Buffer.from(DOCX) });
  await opened.getByRole('button', { name: 'Return Feedback' }).click();
  await expect(status(opened)).toContainText('Feedback returned');
  await expect(
    maya.getByRole('region', { name: /Waiting on the family/ }).locator(`a[href="#project-${essayId}"]`),
  ).toBeVisible();
  await editorContext.close();

  // The family: the link from the e-mail opens the project with the feedback; the file downloads.
  await page.goto(`/dashboard#project-${essayId}`);
  await expect(essay.getByRole('heading', { name: 'Common App Essay Editing' })).toBeFocused();
  await expect(essay).toContainText('Feedback returned');
  await expect(essay).toContainText('Tighten the middle paragraph.');
  await expect(essay).toContainText('Hi Sam! I have your draft');
  const feedbackDownload = page.waitForEvent('download');
  await essay.getByRole('button', { name: /Download feedback\.docx/ }).click();
  const feedback = await feedbackDownload;
  expect(feedback.suggestedFilename()).toBe('feedback.docx');
  expect(await savedBytes(feedback)).toEqual(DOCX);
  await expectNoAxeViolations(page);

  // A revision as pasted text, keeping the prompt; it holds the same slot.
  await essay.getByRole('button', { name: 'Submit Revision' }).click();
  const revision = 'When I was nine...\n\nSecond draft, tighter.';
  await essay.getByLabel('Draft text').fill(revision);
  await expect(essay.getByText(`${revision.length} / 20,000 characters`)).toBeVisible();
  await essay.getByRole('button', { name: 'Submit Revision' }).click();
  await expect(status(essay)).toContainText('Your draft is with your editor');
  await expect(essay).toContainText('Revision 1');
  await returnFeedback(page.request, await tokenFor(page.request, MAYA.email), essayId, 'Ready to send.');
  await expect.poll(() => slotsOnEditorsPage(page, MAYA.id)).toBe(slotsBefore - 1);

  // Mark as Final, after saying what it means; the slot goes back.
  await page.goto('/dashboard');
  await essay.getByRole('button', { name: 'Mark as Final' }).click();
  const dialog = page.getByRole('dialog', { name: 'Mark Common App Essay Editing as final?' });
  await expect(dialog).toContainText('You will not be able to submit another revision');
  await dialog.getByRole('button', { name: 'Mark as Final' }).click();
  await expect(status(essay)).toContainText('Marked final');
  await expect(essay).toContainText('Final');
  await expect(essay.getByRole('button', { name: /Submit (Draft|Revision)|Mark as Final|Withdraw/ })).toHaveCount(0);
  // What is left to do is the review it now asks for.
  await expect(essay.getByRole('button', { name: 'Submit Review' })).toBeVisible();
  await expect.poll(() => slotsOnEditorsPage(page, MAYA.id)).toBe(slotsBefore);

  // For Maya it is final now: on the shelf of ended projects she opens on demand.
  const laterContext = await browser.newContext();
  const mayaLater = await laterContext.newPage();
  await editorPage(mayaLater, MAYA.email);
  await expect(mayaLater.getByTestId('editor-slots')).toHaveText(`Slots open: ${slotsBefore}/5`);
  await expect(mayaLater.locator(`a[href="#project-${essayId}"]`)).toHaveCount(0);
  await mayaLater.getByRole('button', { name: 'Show ended projects' }).click();
  await mayaLater.getByRole('region', { name: 'Ended' }).locator(`a[href="#project-${essayId}"]`).click();
  await expect(mayaLater.getByRole('article')).toContainText('Final');
  const finished = mayaLater.getByRole('article');
  await expect(finished.getByRole('button', { name: /Acknowledge|Return Feedback/ })).toHaveCount(0);
  // Its thread stays open a while: a call just arranged is not cut off.
  await expect(finished).toContainText('The project is final; its thread stays open until');
  await finished.getByRole('textbox', { name: /^Message to/ }).fill('Friday at 4 pm still works for our call.');
  await finished.getByRole('button', { name: 'Send Message' }).click();
  await expect(status(finished)).toContainText('Message sent.');
  await laterContext.close();
});

test('a round past its due time says Late, and the countdown moves on by itself', async ({ page }) => {
  await page.clock.install();
  const email = await newFamily(page);
  const family = await tokenFor(page.request, email);
  const [id] = await buy(page.request, family, [{ id: 'activity-list', quantity: 1 }], SOFIA.id);
  expect(
    (
      await step(page.request, family, id, 'submit', {
        prompt: 'My activities',
        draft: { kind: 'text', text: 'Robotics captain' },
      })
    ).status,
  ).toBe(200);
  await page.reload();
  const card = projectCard(page, id);
  await expect(card).toContainText(/Feedback due in 5 days/);
  await expect(card.getByText('Late', { exact: true })).toHaveCount(0);
  await page.clock.fastForward(6 * 24 * 60 * 60 * 1000); // six days: the standard turnaround is five
  await expect(card).toContainText(/Feedback due \d+ hours ago/);
  await expect(card.getByText('Late', { exact: true })).toBeVisible();
});

test('at 390 px a supplement takes three drafts; the fourth is refused, and a stale page that offers it shows the server message and keeps the text', async ({
  page,
}) => {
  test.setTimeout(test.info().timeout * 3);
  await page.setViewportSize({ width: 390, height: 844 });
  await newFamily(page);
  const family = await tokenFor(page.request, (await page.getByTestId('signed-in-email').textContent())!);
  const [id] = await buy(page.request, family, [{ id: 'supplement-small', quantity: 1 }], SOFIA.id);
  const sofia = await tokenFor(page.request, SOFIA.email);
  const card = projectCard(page, id);

  for (const [round, left] of [
    [1, 3],
    [2, 2],
    [3, 1],
  ] as const) {
    await page.goto('/dashboard');
    await expect(card).toContainText(`Edits left: ${left} of 3`);
    await card.getByRole('button', { name: round === 1 ? 'Submit Draft' : 'Submit Revision' }).click();
    if (round === 1) await card.getByLabel('Essay prompt').fill('Why this college? (300 words)');
    await card.getByRole('radio', { name: 'Link to a document' }).check();
    await card.getByLabel('Link to your document').fill('http://docs.example.com/draft');
    await card.getByRole('button', { name: round === 1 ? 'Submit Draft' : 'Submit Revision' }).click();
    await expect(card.getByText('Enter a link to your document that starts with https://')).toBeVisible();
    await expect(card.getByLabel('Link to your document')).toBeFocused();
    await card.getByLabel('Link to your document').fill(`https://docs.example.com/draft-${round}`);
    await card.getByRole('button', { name: round === 1 ? 'Submit Draft' : 'Submit Revision' }).click();
    await expect(status(card)).toContainText('Your draft is with your editor');
    if (round === 1) await expectNoAxeViolations(page);
    await returnFeedback(page.request, sofia, id);
  }

  await page.reload();
  await expect(card).toContainText('Edits left: 0 of 3');
  await expect(card.getByRole('link', { name: /docs\.example\.com\/draft-3/ })).toHaveAttribute(
    'href',
    'https://docs.example.com/draft-3',
  );
  await expect(card.getByRole('button', { name: /Submit/ })).toHaveCount(0);
  await expect(card.getByRole('button', { name: 'Mark as Final' })).toBeVisible();
  await expectNoAxeViolations(page);
  expect(
    await step(page.request, family, id, 'submit', { draft: { kind: 'text', text: 'A fourth draft' } }),
  ).toMatchObject({ status: 409, body: { error: deliveryMessages.noEditsLeft } });

  // A page loaded elsewhere before the last return still offers the step: the server refuses it, the
  // project reloads and the form keeps what was typed.
  await page.route('**/api/projects', async (route) => {
    const response = await route.fetch();
    const projects = await response.json();
    await route.fulfill({
      response,
      json: projects.map((p: { id: string; actions: string[] }) =>
        p.id === id ? { ...p, actions: ['submit', ...p.actions] } : p,
      ),
    });
  });
  await page.reload();
  await card.getByRole('button', { name: 'Submit Revision' }).click();
  await card.getByLabel('Draft text').fill('My fourth try');
  await card.getByRole('button', { name: 'Submit Revision' }).click();
  await expect(alertIn(card)).toHaveText(deliveryMessages.noEditsLeft);
  await expect(card.getByLabel('Draft text')).toHaveValue('My fourth try');
  await expect(card).toContainText('Edits left: 0 of 3');
});

test('a stranger cannot open another family’s project, and another editor cannot either', async ({ page, browser }) => {
  const owner = await tokenFor(page.request, uniqueEmail('owner'));
  const [id] = await buy(page.request, owner, [{ id: 'activity-list', quantity: 1 }], MAYA.id);
  await step(page.request, owner, id, 'submit', {
    prompt: 'My activities',
    draft: { kind: 'text', text: 'Robotics captain' },
  });

  await newFamily(page);
  await page.goto(`/dashboard#project-${id}`);
  await expect(page.getByText('No projects yet')).toBeVisible();
  await expect(
    page.getByRole('status').filter({ hasText: 'The project in your link is not on this account' }),
  ).toBeVisible();
  await expect(page.locator(`#project-${id}`)).toHaveCount(0);
  const stranger = await tokenFor(page.request, (await page.getByTestId('signed-in-email').textContent())!);
  expect((await projectAs(page.request, stranger, id)).status).toBe(404);

  // On /editor a family is told the workspace is not for them, with no project shown.
  await page.goto(`/editor#project-${id}`);
  await expect(page.getByRole('heading', { name: "This account is not an editor's" })).toBeVisible();
  await expect(page.getByText('Robotics captain')).toHaveCount(0);
  await expectNoAxeViolations(page);

  const context = await browser.newContext();
  const sofia = await context.newPage();
  await editorPage(sofia, SOFIA.email);
  let asked = 0;
  sofia.on('request', (request) => void (request.url().endsWith(`/api/projects/${id}`) && asked++));
  await sofia.goto(`/editor#project-${id}`);
  await expect(sofia.getByRole('main').getByRole('alert')).toContainText('We could not open that project');
  expect(asked, 'a refused project is asked for once, not again and again').toBe(1);
  await expect(sofia.getByText('Robotics captain')).toHaveCount(0);
  await context.close();
});

test('at 390 px each file chosen replaces the message of the one before: a good file clears it, a large one says so', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const email = await newFamily(page);
  const [id] = await buy(
    page.request,
    await tokenFor(page.request, email),
    [{ id: 'supplement-small', quantity: 1 }],
    MAYA.id,
  );
  await page.reload();
  const card = projectCard(page, id);
  await card.getByRole('button', { name: 'Submit Draft' }).click();
  await card.getByLabel('Essay prompt').fill('Why us?');
  await card.getByRole('radio', { name: 'Upload a file' }).check();
  const field = card.getByLabel('Draft file');
  await card.getByRole('button', { name: 'Submit Draft' }).click();
  await expect(field).toHaveAccessibleDescription(/Choose the file with your draft\./);

  await field.setInputFiles({
    name: 'essay.rtf',
    mimeType: 'application/rtf',
    buffer: Buffer.from('{\\rtf1 My essay}'),
  });
  await expect(card.getByRole('list', { name: 'Chosen files' })).toContainText('essay.rtf');
  await expect(card.getByText('Choose the file with your draft.')).toHaveCount(0);
  await expect(field).not.toHaveAttribute('aria-invalid');
  await expect(card.getByText('No file chosen')).toHaveCount(0);
  await expect(card.getByText('Choose another file')).toBeVisible();

  await field.setInputFiles({ name: 'big.pdf', mimeType: 'application/pdf', buffer: Buffer.alloc(6_300_000, 1) });
  await expect(field).toHaveAccessibleDescription(/big\.pdf: The file is larger than 5 MB\./);
  await expect(card.getByRole('list', { name: 'Chosen files' })).toContainText('essay.rtf');
  await expectNoAxeViolations(page, `#project-${id}`);

  // Tab goes where the eye does: Submit Draft shows above Close, and comes first.
  const submit = card.getByRole('button', { name: 'Submit Draft' });
  const close = card.getByRole('button', { name: 'Close', exact: true });
  await card.getByRole('button', { name: 'Remove essay.rtf' }).focus();
  await page.keyboard.press('Tab');
  await expect(submit).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(close).toBeFocused();
  expect((await submit.boundingBox())!.y).toBeLessThan((await close.boundingBox())!.y);
});

test('at 390 px the dashboard opens with the projects; the account and the add-ons come after them; a pasted draft counts its words', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const email = await newFamily(page);
  const [id] = await buy(
    page.request,
    await tokenFor(page.request, email),
    [{ id: 'activity-list', quantity: 1 }],
    MAYA.id,
  );
  await page.reload();
  await expect(projectCard(page, id)).toBeVisible();
  const top = async (name: string) =>
    (await page.getByRole('heading', { name, exact: true, level: 2 }).boundingBox())!.y;
  expect(await top('Your Projects')).toBeLessThan(await top('Account'));
  expect(await top('Your Projects')).toBeLessThan(844);

  // Essays are limited in words: the draft counts them beside the characters.
  const card = projectCard(page, id);
  await card.getByRole('button', { name: 'Submit Draft' }).click();
  await card.getByLabel('Draft text').fill('When I was nine,\nmy grandmother  taught me.');
  await expect(card.getByLabel('Draft text')).toHaveAccessibleDescription('8 words · 43 / 20,000 characters');
});

test('at 390 px, by keyboard, a family keeps returned feedback open 7 more days, three times at most; Maya is told each time', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const email = await newFamily(page);
  const token = await tokenFor(page.request, email);
  const [id] = await buy(page.request, token, [{ id: 'common-app-essay', quantity: 1 }], MAYA.id);
  expect(
    (await step(page.request, token, id, 'submit', { prompt: PROMPT, draft: { kind: 'text', text: DRAFT_TXT } }))
      .status,
  ).toBe(200);
  await returnFeedback(page.request, await tokenFor(page.request, MAYA.email), id);
  await page.reload();
  const card = projectCard(page, id);
  await expect(card).toContainText('Becomes final by itself in 7 days');
  const keep = card.getByRole('button', { name: 'Keep it open' });
  await expectNoAxeViolations(page, `li#project-${id}`);

  for (const days of [14, 21, 28]) {
    await keep.focus();
    await page.keyboard.press('Enter');
    await expect(status(card)).toHaveText('Kept open for 7 more days.');
    await expect(card).toContainText(`Becomes final by itself in ${days} days`);
    expect(await card.evaluate((el) => el.contains(document.activeElement))).toBe(true); // focus stays with the project
  }
  await expect(keep).toHaveCount(0);
  await expect(card.getByRole('button', { name: 'Submit Revision' })).toBeVisible();
  expect(
    (await projectAs(page.request, token, id)).body.history.filter((event) => event.type === 'extend'),
  ).toHaveLength(3);
  const toMaya = (await listStored<{ to: string; subject: string; text: string }>('outbox')).filter(
    (mail) => mail.to === MAYA.email && mail.subject.startsWith('Kept open: ') && mail.text.includes(`#project-${id}`),
  );
  expect(toMaya).toHaveLength(3);
});

test('a notice on /editor belongs to the project it is about: opening the next project shows none', async ({
  page,
}) => {
  const family = await tokenFor(page.request, uniqueEmail('family'));
  const [first, second] = await buy(page.request, family, [{ id: 'supplement-small', quantity: 2 }], MAYA.id);
  for (const id of [first, second])
    expect(
      (
        await step(page.request, family, id, 'submit', {
          prompt: 'Why us?',
          draft: { kind: 'text', text: `Draft of ${id}` },
        })
      ).status,
    ).toBe(200);
  await editorPage(page, MAYA.email);
  const opened = page.getByRole('article');
  const open = async (id: string) => {
    await page.locator(`a[href="#project-${id}"]`).first().click();
    await expect(opened).toContainText(`Draft of ${id}`);
  };
  /** Opens the step's form, fills its one field, sends it and waits for what the step says. */
  const take = async (button: string, field: string, text: string, said: string) => {
    await opened.getByRole('button', { name: button }).click();
    await opened.getByLabel(field).fill(text);
    await opened.getByRole('button', { name: button }).click();
    await expect(status(opened)).toContainText(said);
  };

  await open(first);
  await take('Acknowledge', 'First message to the family', 'Thanks, notes soon.', 'Acknowledged');

  // The next project still waits to be acknowledged: nothing says it was.
  await open(second);
  await expect(opened.getByRole('button', { name: 'Acknowledge' })).toBeVisible();
  await expect(status(opened)).toHaveCount(0);
  await take('Acknowledge', 'First message to the family', 'Got it.', 'Acknowledged');
  await take('Return Feedback', 'Feedback notes', 'Tighten the ending.', 'Feedback returned');

  // Back on the first, whose feedback is still due: no word of the second's.
  await open(first);
  await expect(opened.getByRole('button', { name: 'Return Feedback' })).toBeVisible();
  await expect(status(opened)).toHaveCount(0);
});

test('the editor of a project the family cancelled reads why its files no longer download, and is offered none', async ({
  page,
}) => {
  const family = await tokenFor(page.request, uniqueEmail('family'));
  const [id] = await buy(page.request, family, [{ id: 'supplement-small', quantity: 1 }], MAYA.id);
  const uploaded = await page.request.post(`/api/project-files/${id}`, {
    headers: {
      Authorization: `Bearer ${family}`,
      'content-type': 'application/octet-stream',
      'x-file-name': 'why-us.txt',
    },
    data: Buffer.from(DRAFT_TXT),
  });
  expect(uploaded.status(), await uploaded.text()).toBe(201);
  expect(
    (
      await step(page.request, family, id, 'submit', {
        prompt: 'Why us?',
        draft: { kind: 'file', fileId: (await uploaded.json()).id },
      })
    ).status,
  ).toBe(200);
  expect((await step(page.request, family, id, 'cancel')).status).toBe(200);

  await editorPage(page, MAYA.email);
  await page.goto(`/editor#project-${id}`);
  const opened = page.getByRole('article');
  await expect(opened).toContainText('This project is cancelled: its files are no longer available to its editor.');
  await expect(opened).toContainText('why-us.txt');
  await expect(opened.getByRole('button', { name: /Download/ })).toHaveCount(0);
  await expectNoAxeViolations(page, 'article');
});

test('by keyboard: a draft form opens and cancels back to its button; Withdraw asks first, traps focus, Escape returns it, then withdraws', async ({
  page,
}) => {
  await newFamily(page);
  const family = await tokenFor(page.request, (await page.getByTestId('signed-in-email').textContent())!);
  const [id] = await buy(page.request, family, [{ id: 'supplement-large', quantity: 1 }], MAYA.id);
  await page.reload();
  const card = projectCard(page, id);

  const submitDraft = card.getByRole('button', { name: 'Submit Draft' });
  await submitDraft.focus();
  await page.keyboard.press('Enter');
  await expect(card.getByLabel('Essay prompt')).toBeFocused();
  await page.keyboard.type('Describe a community you belong to.');
  await card.getByRole('button', { name: 'Close', exact: true }).focus();
  await page.keyboard.press('Enter');
  await expect(submitDraft).toBeFocused();
  // What was typed is kept for when the form opens again.
  await page.keyboard.press('Enter');
  await expect(card.getByLabel('Essay prompt')).toHaveValue('Describe a community you belong to.');
  await card.getByRole('button', { name: 'Close', exact: true }).click();

  // Withdraw is not beside Submit Draft: it waits under 'Stop this project', which says what it means.
  const withdraw = card.getByRole('button', { name: 'Withdraw' });
  await expect(withdraw).toBeHidden();
  await card.getByText('Stop this project').focus();
  await page.keyboard.press('Enter');
  await expect(
    card.getByRole('listitem').filter({ has: page.getByRole('button', { name: 'Withdraw' }) }),
  ).toContainText('No refund; your editor gets the slot back for another student.');
  await page.keyboard.press('Tab');
  await expect(card.getByRole('button', { name: 'Cancel and Refund' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(withdraw).toBeFocused();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Withdraw Supplemental Essay Help (Large)?' });
  await expect(dialog).toContainText('gets its slot back');
  await expect(dialog).toContainText('cannot be undone');
  await expect(dialog.getByRole('button', { name: 'Keep the project' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(dialog.getByRole('button', { name: 'Withdraw' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(dialog.getByRole('button', { name: 'Keep the project' })).toBeFocused();
  await expectNoAxeViolations(page);
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(withdraw).toBeFocused();

  await page.keyboard.press('Enter');
  await page.keyboard.press('Shift+Tab');
  await expect(dialog.getByRole('button', { name: 'Withdraw' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(status(card)).toHaveText('The project is withdrawn.');
  await expect(card).toContainText('Withdrawn');
  await expect(card.getByRole('button', { name: /Submit|Withdraw/ })).toHaveCount(0);
});

test('the way in: signed out /editor shows the sign-in form; an editor gets the workspace link in the header on every page; a community member gets the invite', async ({
  page,
}) => {
  await page.goto('/editor');
  await expect(page.getByRole('tab', { name: 'Existing Customer' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Inbox' })).toHaveCount(0);
  await expect(workspaceLink(page)).toBeHidden();

  await createAccount(page.request, MAYA.email);
  await logIn(page, MAYA.email);
  await expect(page.getByRole('heading', { name: 'Inbox' })).toBeVisible();
  await expect(workspaceLink(page)).toBeVisible();
  await page.goto('/pricing');
  await expect(workspaceLink(page)).toBeVisible();
  await page.goto('/dashboard');
  await expect(page.getByRole('link', { name: 'Open the Editor Workspace' })).toBeVisible();
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(workspaceLink(page)).toBeHidden();

  // A family that bought the community sees the invite, with what it is for.
  await register(page, uniqueEmail('member'));
  await expect(page.getByText('Logged in as')).toBeVisible();
  const family = await tokenFor(page.request, (await page.getByTestId('signed-in-email').textContent())!);
  await buy(page.request, family, [{ id: 'activity-list', quantity: 1 }], MAYA.id, ['community']);
  await page.reload();
  const community = page.getByRole('region', { name: 'Your community access' });
  await expect(community).toContainText('Ask a Grad');
  await expect(community.getByRole('link', { name: /Join the community on Discord/ })).toHaveAttribute(
    'href',
    /^https:\/\//,
  );
  await expect(workspaceLink(page)).toBeHidden();
  await expect(page.getByRole('link', { name: 'Open the Editor Workspace' })).toHaveCount(0);
});
