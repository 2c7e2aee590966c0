/**
 * An editor who closes the account they sign in with leaves the site as 'Hide from the site' does,
 * and their record no longer holds the address. What the business is told of it, once.
 */
export const editorClosureMessages = {
  subject: (name: string) => `${name} closed their editor account`,
  lines: (name: string, editorId: string) => [
    `${name} closed the account they signed in with as an editor. Their profile (${editorId}) is now hidden from the site, so nobody can order from them or join their waitlist, and their record no longer holds a sign-in address.`,
    "Their finished projects stay on record under their name. Should they come back, link a new sign-in address in the Editors tab and choose 'Show on the site'.",
  ],
} as const;
