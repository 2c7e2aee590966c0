/**
 * A new application: stored before we answer, then the applicant is told we have it, once, after the
 * answer (`waitUntil`): a slow or failing mail server never fails the request or loses an application.
 */
import type { Context } from '@netlify/functions';
import { applicationTexts, type Application } from '../application';
import { site } from '#lib/site';
import { spend } from '#server/core/rate-limits';
import { paragraphsMail, sendMail } from '#server/core/mail';
import { applicationsRepo } from './applications.repo';

// Nothing the applicant typed but the address: a stranger's address typed in the form gets only our words.
const receivedMail = (application: Application) =>
  paragraphsMail(application.email, applicationTexts.received, [
    'Hello,',
    `Thank you for applying to edit for ${site.name}. We read every application and will write to you at this address within two weeks, to invite you to a short interview or with our answer.`,
    `With our thanks, the ${site.name} team`,
  ]);

export async function receiveApplication(application: Application, context: Context): Promise<void> {
  await spend('application', application.email, context);
  const { key } = await applicationsRepo(context).add(application);
  const told = sendMail({ ...receivedMail(application), kind: 'editor' }, context, new Date(), {
    id: `application-received-${key}`,
    at: new Date(),
  }).catch((error) => console.error(`Application ${key} is stored, but its acknowledgement could not be sent:`, error));
  context.waitUntil(told);
}
