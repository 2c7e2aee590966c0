/** Valid requests for the endpoints, for tests that start from something that works and change one thing. */
import createSession from '../../netlify/functions/create-payment-session';
import { bearer } from './auth-emulator';
import { call, context } from './functions';
import { editorInput } from './editor-input';
import { editorsRepo } from '../../src/features/editors/server/editors.repo';
import { sendInvitation } from '../../src/features/editors/server/invitations';
import { applicationsRepo } from '../../src/features/applications/server/applications.repo';
import { INVITATION_DAYS, invitationSubject } from '../../src/features/editors/invitation';
import { LOCAL_LINK_SECRET, signLinkToken } from '../../netlify/server/core/signed-links';
import { selection } from './orders';
import type { LedgerEntry } from '../../src/features/payouts/earnings';
import { checkSample } from '../../src/features/editors/samples';
import { samplesRepo } from '../../src/features/editors/server/samples.repo';

export { editorInput } from './editor-input';

export const validInquiry = {
  parentName: 'Pat Rivera',
  studentInfo: 'Sam Rivera, 11th Grade',
  intendedMajor: 'stem',
  services: ['commonapp'],
  preferredEditor: 'any',
  turnaround: 'standard',
  email: 'pat@example.com',
  phone: '(312) 555-0100',
  details: 'A consult on Tuesday, please.',
};

/** A pending order of the token's owner, through the real endpoint: its id and test-checkout session id. */
export async function openOrder(idToken: string, body: unknown = selection()) {
  const res = await call(createSession, '/api/stripe/create-payment-session', {
    method: 'POST',
    json: body,
    headers: bearer(idToken),
  });
  if (res.status !== 200) throw new Error(`Could not open an order: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body as { id: string; orderId: string };
}

/** A cent of Maya's earnings that is payable now: a payout run always has something to pay. */
export const payableEntry = (): LedgerEntry => ({
  id: `earn-${crypto.randomUUID()}-service`,
  editorId: 'maya-chen',
  kind: 'earning',
  cents: 1,
  at: '2026-01-01T00:00:00.000Z',
  payableAt: '2026-01-01T00:00:00.000Z',
  projectId: null,
  label: 'Common App Essay Editing',
  part: 'service',
  payoutId: null,
});

/** A new editor with an address, and the token of the invitation link mailed to it. */
export async function invitedEditor() {
  const email = `invited-${crypto.randomUUID()}@example.com`;
  const { id } = await editorsRepo().createWithNewId({ ...editorInput(), accountEmail: email });
  const invitation = await sendInvitation(id, context(), new Date());
  const token = signLinkToken('invite', invitationSubject(id, invitation), LOCAL_LINK_SECRET, INVITATION_DAYS);
  return { id, email, token };
}

/** A valid application to edit for us, from a new address each time. */
export const validApplication = () => ({
  name: 'Priya Raman',
  email: `applicant-${crypto.randomUUID()}@example.com`,
  college: 'Cornell University',
  major: 'Biology',
  graduationYear: new Date().getUTCFullYear() - 1,
  scores: 'SAT 1540',
  activities: 'Science Olympiad captain.',
  writingSample: 'The first time I held a pipette, my hands shook. '.repeat(10).trim(),
  capacity: 4,
});

/** The key of a new application, stored as new. */
export const newApplicationKey = async () => (await applicationsRepo().add(validApplication())).key;

/** A sample edit an editor may send as it is: their own writing with one comment, named by `id`. */
export const validSample = (id: string = crypto.randomUUID()) => ({
  id,
  title: 'A supplement about a bakery job',
  text: 'I worked the register at a bakery.\nEvery morning started before dawn.',
  comments: [{ quote: 'before dawn', text: 'Show us the dark, the smell of bread.' }],
  source: 'own' as const,
});

/** A sample of `editorId`'s waiting for approval, stored as the editor's save stores it; answers its id. */
export async function submittedSampleOf(editorId: string, id: string = crypto.randomUUID()) {
  const input = validSample(id);
  const checked = checkSample(input, new Date().toISOString().slice(0, 10));
  if ('error' in checked) throw new Error(checked.error);
  await samplesRepo().save(editorId, input, checked);
  return id;
}
