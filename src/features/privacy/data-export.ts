/** What the 'Download my data' control says; the server's refusals arrive as `{ error }` and are shown as they are. */
export const dataExportTexts = {
  heading: 'Your data',
  intro:
    'Download everything we hold about your account: your details, orders and refunds, projects with every round, message and review, consults and newsletter settings, with the files you sent and received, in one zip file.',
  button: 'Download my data',
  working: 'Preparing your data…',
  done: 'Your download has started.',
  verifyFirst: 'Verify your e-mail address first; then you can download your data here.',
  failed: 'We could not prepare your data. Check your connection and try again.',
} as const;

/** The export's refusal of an address Firebase has not verified. */
export const DATA_EXPORT_VERIFY_FIRST = 'Verify your e-mail address first, then download your data.';

/** What the admin's Privacy tab shows of a person named by address: what we hold, counted. */
export interface PersonSummary {
  email: string;
  /** An account signed in with this address: it placed an order, or it is an editor's. */
  hasAccount: boolean;
  roles: ('parent' | 'student' | 'editor')[];
  orders: number;
  projects: number;
  files: number;
  newsletter: 'active' | 'inactive' | 'none';
  consults: number;
  inquiries: number;
  waitlists: number;
}
