/**
 * Where a form posted natively (before its script ran) takes the visitor, and the words of the page
 * that says what to fix (docs/decisions/015-no-input-lost-before-hydration.md). The fixed
 * messages stay in messages.ts.
 */
export const SUBSCRIBED_PATH = '/subscribed';
export const INQUIRY_SENT_PATH = '/inquiry-sent';
export const CONTACT_PATH = '/contact';

export const formAnswerTexts = {
  subscribed: 'Check your inbox',
  inquirySent: 'Inquiry sent',
  notSubscribed: 'You are not subscribed yet',
  inquiryNotSent: 'Your inquiry has not been sent yet',
  fixThis: 'Please fix this and send the form again:',
  entered: 'What you entered, so nothing is lost:',
  backButton: "Your browser's Back button takes you back to the form with what you entered.",
  backToForm: 'Back to the contact form',
  backToPage: 'Back to the page you were on',
  home: 'Back to the home page',
  editors: 'Meet our editors',
} as const;
