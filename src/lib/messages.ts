/** The fixed user-facing texts of validation and errors, word for word. */
import { emailMessages } from './email';
import { newsletterMessages } from './newsletter';

export const messages = {
  emailRequired: emailMessages.required,
  emailInvalid: emailMessages.invalid,
  subscribeSuccess: newsletterMessages.subscribed,
  subscribeFailure: newsletterMessages.failure,
  requiredFields: 'Please fill in all required fields.',
  contactSuccess: 'Your inquiry has been sent successfully! We will get back to you soon.',
  contactFailure: 'There was an error sending your inquiry. Please try again.',
  passwordsMismatch: 'Passwords do not match.',
  passwordTooShort: 'Password must be at least 6 characters long.',
  loginSuccess: 'Login successful!',
  loginFailure: 'Login failed. Please check your credentials.',
  registerSuccess: 'Account created successfully!',
  registerFailure: 'Registration failed. Please try again.',
  resetSent: "Password reset link sent! Please check your email (don't forget to check your junk mail!).",
  resetFailure: 'Failed to send password reset email. Please try again.',
  authUnavailable: 'Authentication service is not available.',
  passwordChanged: 'Your password has been changed. You can now log in with it.',
  resetLinkInvalid: 'This password reset link has expired or has already been used. Please ask for a new one.',
  loginToCheckout: 'Please log in to proceed to checkout.',
  selectServiceAndEditor: 'Please select at least one service and an editor.',
  editorUnavailable: 'The editor you chose is no longer available. Please choose another editor.',
  checkoutDataMissing: 'Checkout data is missing.',
  billingRequired: 'Please fill in all required billing fields.',
  paymentNotLoaded: 'Payment has not loaded yet.',
  paymentErrorPrefix: 'Something went wrong with the payment: ',
  paymentSessionFailure: 'Failed to create payment session.',
  fetchFailed: 'Failed to fetch data',
  editorUpdated: 'Editor updated successfully',
  editorUpdateFailed: 'Failed to update editor',
  editorDeleted: 'Editor deleted successfully',
  editorDeleteFailed: 'Failed to delete editor',
  editorAdded: 'Editor added successfully',
  editorAddFailed: 'Failed to add editor',
  emailsCopied: 'Emails copied to clipboard',
  emailsCopyFailed: 'Failed to copy emails',
  confirmDeleteEditor: 'Are you sure you want to delete this editor?',
  notFound: 'Oops! Page not found',
  orderNotFound: 'Order Not Found',
} as const;

/** Beyond the fixed texts above: what a request says when its work could not be stored (or read) just now. */
export const storageMessages = {
  saveFailed: 'We could not save that; please try again.',
  loadFailed: 'We could not load that; please try again.',
} as const;

/** What the editors endpoints say when they refuse. */
export const editorMessages = {
  /** Their name stays on every project they edited, so they stay on record: hiding is the way off the site. */
  hasProjects: (count: number) =>
    `This editor has ${count} project${count === 1 ? '' : 's'}, open or finished, that name${count === 1 ? 's' : ''} them. Hide them from the site instead: nothing is lost, and no new family can choose them.`,
  hidden: (name: string) => `${name} is hidden from the site. Their projects carry on; no new family can choose them.`,
  shown: (name: string) => `${name} is on the site again.`,
  hideFailed: 'The change was not saved; please try again.',
  /** Beside the editor on the admin's card. */
  hiddenBadge: 'Hidden from the site',
  /** A reassignment to an editor the site no longer shows. */
  reassignToHidden: (name: string) =>
    `${name} is hidden from the site. Show them again first, or choose another editor.`,
} as const;

/** Ours: an account whose e-mail address Firebase has not verified yet, and the ways forward. */
export const verifyMessages = {
  heading: 'Verify your e-mail',
  sent: (email: string) => `We sent a link to ${email}. Open it, then come back and press 'I have verified'.`,
  why: {
    // Anyone may open /editor or /admin: what it holds for this account is not said before the role is known.
    staff: 'Verify your e-mail to continue.',
    family: 'Verify it so that receipts and your editor’s messages reach you.',
  },
  resent: (email: string) => `A new link is on its way to ${email}. Check your junk mail too.`,
  notYet: 'Your address is not verified yet. Open the link in the e-mail we sent, then try again.',
  tooMany: 'Too many links asked for just now. Please wait a few minutes, then resend.',
  failed: 'That did not work. Please check your connection and try again.',
} as const;
