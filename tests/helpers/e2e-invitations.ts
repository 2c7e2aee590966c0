/** An editor's invitation in browser tests: the links mailed to an address, as the outbox holds them. */
import type { Page } from '@playwright/test';
import { listStored } from './stored';

/** The invitation links mailed to `email`, oldest first. */
export async function invitationLinks(email: string): Promise<string[]> {
  const mails = (await listStored<{ to: string; text: string; queuedAt: string }>('outbox'))
    .filter((mail) => mail.to === email)
    .sort((a, b) => a.queuedAt.localeCompare(b.queuedAt));
  return mails.flatMap((mail) => [...mail.text.matchAll(/https?:\/\/\S+\/editor#invite=\S+/g)].map((m) => m[0]));
}

/** Opens an invitation link on this site (the mail names the site's configured origin). */
export const openInvitation = (page: Page, link: string) => page.goto(new URL(link).pathname + new URL(link).hash);

/** The welcome /editor shows for an invitation. */
export const welcome = (page: Page) => page.getByRole('region', { name: /^(Welcome|Your invitation)/ });
