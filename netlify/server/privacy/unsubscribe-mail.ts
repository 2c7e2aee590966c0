/** The mail with the link to leave the newsletter, sent only to an address that gets it. */
import { UNSUBSCRIBE_LINK_DAYS, unsubscribeTexts } from '../../../src/lib/unsubscribe';
import { site } from '../../../src/lib/site';
import { paragraphsMail, sendMail } from '../core/mail';
import type { DeployInfo } from '../core/deploy';
import { subscribersRepo } from '../contact/subscribers.repo';
import { unsubscribeUrl } from './unsubscribe-token';

export async function sendUnsubscribeLink(email: string, info?: DeployInfo, now = new Date()) {
  const subscriber = await subscribersRepo(info).get(email);
  if (!subscriber?.enabled) return;
  await sendMail(
    paragraphsMail(email, unsubscribeTexts.mailSubject, [
      `Someone asked on ${site.name}'s privacy policy page to take this address off the ${site.newsletterName}.`,
      `To leave, open this link and confirm: ${unsubscribeUrl(email, info, now)}`,
      `The link works for ${UNSUBSCRIBE_LINK_DAYS} days. If you did not ask, ignore this mail: you stay subscribed.`,
    ]),
    info,
    now,
  );
}
