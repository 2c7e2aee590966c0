/** The newsletter's double opt-in in browser tests: the confirmation link as the outbox holds it. */
import { expect, type APIRequestContext } from '@playwright/test';
import { listStored } from './stored';

/** A confirmation link mailed to `email` (the outbox holds every mail locally). */
export async function confirmLinkMailedTo(email: string): Promise<URL> {
  const mails = (await listStored<{ to: string; text: string }>('outbox')).filter((m) => m.to === email);
  const links = mails.map((m) => /http\S+\/confirm\?token=\S+/.exec(m.text)?.[0]).filter((l) => l !== undefined);
  expect(links.length).toBeGreaterThan(0);
  return new URL(links[0]!);
}

/** An active subscriber: signed up, and confirmed through the mailed link as its owner would. */
export async function subscribeConfirmed(request: APIRequestContext, email: string) {
  expect((await request.post('/api/database/subscribe', { data: { email } })).ok()).toBe(true);
  const token = (await confirmLinkMailedTo(email)).searchParams.get('token')!;
  expect((await request.post('/confirm', { form: { token } })).ok()).toBe(true);
}
