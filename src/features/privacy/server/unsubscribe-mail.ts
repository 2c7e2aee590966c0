/**
 * Mails to a newsletter address: each carries the signed link to leave, in its text and in the
 * List-Unsubscribe headers, so mail apps offer one-click unsubscribing (RFC 8058: their POST to the
 * link unsubscribes). Sent only to an address that gets the newsletter.
 */
import { createHash } from 'node:crypto';
import { UNSUBSCRIBE_LINK_DAYS, unsubscribeTexts } from '#lib/unsubscribe';
import { site } from '#lib/site';
import { paragraphsMail, sendMail, type Mail } from '#server/core/mail';
import type { DeployInfo } from '#server/storage/deploy';
import { subscribersRepo } from '#features/contact/server/subscribers.repo';
import { unsubscribeUrl } from '#features/contact/server/unsubscribe-token';

/** A mail to a subscriber, its paragraphs written around the link to leave. */
function newsletterMail(email: string, subject: string, paragraphs: (url: string) => string[], url: string): Mail {
  return {
    ...paragraphsMail(email, subject, paragraphs(url)),
    headers: { 'List-Unsubscribe': `<${url}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
  };
}

export async function sendUnsubscribeLink(email: string, info?: DeployInfo, now = new Date()) {
  const subscriber = await subscribersRepo(info).get(email);
  if (!subscriber?.enabled) return;
  const mail = newsletterMail(
    email,
    unsubscribeTexts.mailSubject,
    (url) => [
      `Someone asked on ${site.name}'s privacy policy page to take this address off the ${site.newsletterName}.`,
      `To leave, open this link and confirm: ${url}`,
      `The link works for ${UNSUBSCRIBE_LINK_DAYS} days. If you did not ask, ignore this mail: you stay subscribed.`,
    ],
    unsubscribeUrl(email, info, now),
  );
  await sendMail({ ...mail, kind: 'newsletter' }, info, now);
}

/**
 * Confirms a subscription, once per subscription (a retried sign-up sends none again): what the
 * address gets, and the way out.
 */
export async function sendSubscribed(email: string, info?: DeployInfo, now = new Date()) {
  const subscriber = await subscribersRepo(info).get(email);
  if (!subscriber?.enabled) return;
  const mail = newsletterMail(
    email,
    unsubscribeTexts.subscribedSubject,
    (url) => [
      `This address, ${email}, now gets the ${site.newsletterName}.`,
      `To leave, open this link and confirm: ${url} (it works for ${UNSUBSCRIBE_LINK_DAYS} days; every mail we send you carries a new one).`,
    ],
    unsubscribeUrl(email, info, now),
  );
  const id = `newsletter-subscribed-${createHash('sha256').update(email).digest('hex').slice(0, 24)}`;
  await sendMail({ ...mail, kind: 'newsletter' }, info, now, { id, at: new Date(subscriber.subscribedAt) });
}
