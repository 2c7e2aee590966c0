/**
 * Our team's decisions on an application. Accepting makes the applicant an editor, hidden until ready,
 * who signs in with the address they applied with, and invites them; declining mails them the note.
 * Each is safe to send again at any point: the editor made by an earlier attempt is found by its
 * address and the application it came from, and each mail goes once.
 */
import { NEXT_STAGES, applicationTexts, type ApplicationRecord } from '../application';
import type { EditorInput } from '#features/editors/editor-rules';
import { EDITOR_TEXT_LIMITS } from '#features/editors/editor-input';
import { editorsRepo } from '#features/editors/server/editors.repo';
import { sendInvitation } from '#features/editors/server/invitations';
import { site } from '#lib/site';
import type { Caller } from '#server/core/auth';
import { HttpError } from '#server/core/http';
import { paragraphsMail, sendMail } from '#server/core/mail';
import type { DeployInfo } from '#server/storage/stores';
import { applicationsRepo } from './applications.repo';

export interface Decision {
  key: string;
  stage: 'interviewing' | 'accepted' | 'declined';
  note: string;
}

/** The editor an accepted application makes: off the site, no slot open, their own words to come. */
const editorFromApplication = (application: ApplicationRecord): EditorInput => ({
  name: application.name,
  image: '',
  college: application.college,
  major: application.major,
  sat: application.scores.length <= EDITOR_TEXT_LIMITS.sat ? application.scores : '',
  gpa: '',
  ecs: application.activities,
  strengths: '',
  slotsOpen: 0,
  totalSlots: application.capacity,
  featured: { home: false, about: false },
  accountEmail: application.email,
  hidden: true,
});

const declineMail = (application: Pick<ApplicationRecord, 'name' | 'email'>, note: string) =>
  paragraphsMail(application.email, applicationTexts.declinedSubject, [
    `Hello ${application.name},`,
    `Thank you for applying to edit for ${site.name}. We cannot offer you a place this time.`,
    note,
    `With our thanks, the ${site.name} team`,
  ]);

async function accept(key: string, application: ApplicationRecord, caller: Caller, info?: DeployInfo) {
  const editors = editorsRepo(info);
  const existing = await editors.findByAccount(application.email);
  if (existing && existing.application !== key) throw new HttpError(409, applicationTexts.alreadyEditor(existing.name));
  const editor =
    existing ?? (await editors.createWithNewId(editorFromApplication(application), new Date(), { application: key }));
  const record = await applicationsRepo(info).move(key, 'accepted', {
    by: caller.email,
    fields: { editorId: editor.id },
  });
  if (!editor.invitation) await sendInvitation(editor.id, info);
  return record;
}

export async function decide(decision: Decision, caller: Caller, info?: DeployInfo): Promise<ApplicationRecord> {
  const repo = applicationsRepo(info);
  const application = await repo.get(decision.key);
  if (!application) throw new HttpError(404, 'No application with this key');
  // Refused before anything is made: an application declined is not accepted after all.
  if (application.stage !== decision.stage && !NEXT_STAGES[application.stage].includes(decision.stage))
    throw new HttpError(409, applicationTexts.notNext(application.stage, decision.stage));
  if (decision.stage === 'accepted') return accept(decision.key, application, caller, info);
  const record = await repo.move(decision.key, decision.stage, { by: caller.email, note: decision.note || undefined });
  if (decision.stage === 'declined') {
    const at = new Date(record.history.at(-1)!.at);
    await sendMail({ ...declineMail(record, record.history.at(-1)!.note ?? ''), kind: 'editor' }, info, at, {
      id: `application-declined-${decision.key}`,
      at,
    });
  }
  return record;
}
