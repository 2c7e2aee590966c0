/** What the footer's newsletter form says, here so that every page's form loads only these words. */
import { site } from './site';

export const newsletterMessages = {
  success: `Successfully subscribed to the ${site.newsletterName}!`,
  failure: 'There was an error subscribing. Please try again.',
} as const;
