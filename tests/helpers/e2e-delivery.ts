/**
 * Delivery in browser tests: what the other party does, arranged through the real API
 * of the site under test, so a test drives in the browser only the side it is about.
 */
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import type { ProjectView } from '../../src/features/projects/project';
import { createAccount, signIn, uniqueEmail } from './e2e-auth';

export const MAYA = { id: 'maya-chen', name: 'Maya Chen', email: 'maya@example.test' };
export const SOFIA = { id: 'sofia-ramirez', name: 'Sofia Ramirez', email: 'sofia@example.test' };

/** An ID token for `email`, creating the account first if needed (the demo editors sign up like anyone). */
export async function tokenFor(request: APIRequestContext, email: string, password = 'secret-pass') {
  await createAccount(request, email, password);
  const res = await request.post('/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=demo-key', {
    data: { email, password, returnSecureToken: true },
  });
  return (await res.json()).idToken as string;
}

const auth = (token: string) => ({ Authorization: `Bearer ${token}` });

/** Buys `services` with `editorId` and pays with 4242, as the token's owner; answers the order's project ids. */
export async function buy(
  request: APIRequestContext,
  token: string,
  services: { id: string; quantity: number }[],
  editorId: string,
  addOns: string[] = [],
  studentEmail = 'sam@example.com',
) {
  const session = await request.post('/api/stripe/create-payment-session', {
    headers: auth(token),
    data: {
      services,
      editorId,
      addOns,
      student: {
        studentName: 'Sam Rivera',
        studentGrade: '11',
        studentEmail,
        parentName: 'Pat Rivera',
        parentEmail: 'pat@example.com',
        intendedMajor: 'stem',
      },
      billing: { street: '1 Main St', city: 'Springfield', state: 'IL', zip: '62701', phone: '(312) 555-0100' },
      agreedToTerms: true,
    },
  });
  expect(session.status(), await session.text()).toBe(200);
  const { id, orderId } = await session.json();
  const paid = await request.post(`/api/stripe/test-checkout/${orderId}`, {
    headers: auth(token),
    data: { sessionId: id, cardNumber: '4242 4242 4242 4242' },
  });
  expect(paid.status(), await paid.text()).toBe(200);
  const units = services.reduce((sum, s) => sum + s.quantity, 0);
  return Array.from({ length: units }, (_, i) => `${orderId}-${i + 1}`);
}

export async function projectAs(request: APIRequestContext, token: string, id: string) {
  const res = await request.get(`/api/projects/${id}`, { headers: auth(token) });
  return { status: res.status(), body: (await res.json()) as ProjectView & { error?: string } };
}

/** One step as the token's owner against the project's current version. */
export async function step(request: APIRequestContext, token: string, id: string, action: string, body: object = {}) {
  const { body: project } = await projectAs(request, token, id);
  const res = await request.post(`/api/projects/${id}/${action}`, {
    headers: auth(token),
    data: { version: project.version, ...body },
  });
  return { status: res.status(), body: (await res.json()) as ProjectView & { error?: string } };
}

/** The editor returns feedback on the current round, as the API. */
export async function returnFeedback(
  request: APIRequestContext,
  editorToken: string,
  id: string,
  notes = 'Good progress; see my notes.',
) {
  const res = await step(request, editorToken, id, 'return', { notes });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
}

/** 'Slots Open: x/y' on the editor's card on /editors, as a number. */
export async function slotsOnEditorsPage(page: Page, editorId: string) {
  await page.goto('/editors');
  // The page as built has the build's count; the live list replaces it.
  await page.locator('[data-source="live"]').waitFor();
  const text = await page
    .locator(`article[data-editor="${editorId}"]`)
    .getByText(/Slots Open: \d+\/\d+/)
    .textContent();
  return Number(text!.match(/(\d+)\//)![1]);
}

/** A project's card on /dashboard. */
export const projectCard = (page: Page, id: string) => page.locator(`li#project-${id}`);

/**
 * A supplemental essay a new parent bought from Maya and shared with a new student: the project, the
 * student's address and the parent's token.
 */
export async function sharedWithStudent(request: APIRequestContext, student: string, parent: string) {
  const parentToken = await tokenFor(request, parent);
  const [projectId] = await buy(request, parentToken, [{ id: 'supplement-small', quantity: 1 }], MAYA.id, [], student);
  const shared = await request.post(`/api/student-access/${projectId.replace(/-1$/, '')}`, {
    headers: auth(parentToken),
  });
  expect(shared.status(), await shared.text()).toBe(200);
  return { projectId, parentToken };
}

/** A new family, signed in on `page`, that bought one `serviceId` from Maya: its first project's id. */
export async function familyWithProject(page: Page, serviceId: string) {
  const email = await signIn(page, uniqueEmail('family'));
  const [id] = await buy(page.request, await tokenFor(page.request, email), [{ id: serviceId, quantity: 1 }], MAYA.id);
  return id;
}
