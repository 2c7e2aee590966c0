/** What the footer's newsletter form says, here so that every page's form loads only these words. */
import { site } from './site';

const success = `Successfully subscribed to the ${site.newsletterName}!`;
/** A sign-up counts once the address confirms: what to do next, said right after the success. */
const confirm =
  'Please check your inbox and open the link we sent to confirm your address. Until then we send you no newsletter.';

export const newsletterMessages = {
  success,
  confirm,
  /** The whole answer to a sign-up, by the form and by the page its native post lands on. */
  subscribed: `${success} ${confirm}`,
  failure: 'There was an error subscribing. Please try again.',
} as const;
