/** What an invitation link carries after `#`: the fragment never reaches a server's logs. */
export const INVITE_FRAGMENT = 'invite=';

/** Where /editor keeps the token for the tab's life: the welcome outlasts creating the account, verifying it and coming back. */
export const KEPT_INVITATION = 'editor-invitation';
