/**
 * Everything we hold about one account, as that person sees it through the product: the same
 * per-role views the pages read (a family's projects as their family sees them, an editor's as the
 * editor does, a student's as the student does), so an export shows no other family, no editor's
 * private review of the family, no admin's address. What is keyed by address (consults, inquiries,
 * the newsletter, waitlists, the mails we keep that went to it) is read for the account's verified
 * address only.
 */
import type { ProjectView, Role, Project, FileRef } from '#features/projects/project';
import { filesClosedTo } from '#features/projects/process';
import { projectView } from '#features/projects/view';
import { orderForFamily } from '#features/orders/order';
import type { Caller } from '#server/core/auth';
import { editorOf } from '#features/editors/server/signed-in-editor';
import { projectsRepo } from '#features/projects/server/projects.repo';
import { withProjectEditors } from '#features/projects/server/order-editors';
import { viewFor } from '#features/projects/server/view';
import { customersRepo } from '#features/orders/server/customers.repo';
import { ordersRepo } from '#features/orders/server/orders.repo';
import { consultsRepo } from '#features/consults/server/consults.repo';
import { consultByToken } from '#features/consults/server/consult-booking';
import { inquiriesRepo } from '#features/contact/server/inquiries.repo';
import { subscribersRepo } from '#features/contact/server/subscribers.repo';
import { waitlistRepo, toWaitlistItem } from '#features/waitlist/server/waitlist.repo';
import { reviewsRepo } from '#features/reviews/server/reviews.repo';
import { samplesRepo } from '#features/editors/server/samples.repo';
import { outboxPage } from '#server/core/mail';
import type { DeployInfo } from '#server/storage/stores';
import { queryWords } from '#lib/search-words';

/**
 * Whose data: an account as Firebase knows it, or (a request by mail the admin checked) an address
 * and the uid its orders carry, null when it has none. Admin rights never widen an export.
 */
export interface ExportSubject extends Pick<Caller, 'email' | 'emailVerified'> {
  uid: string | null;
}

/** A file of a project the person uploaded or received, and its name in the zip. */
export interface ExportFile {
  projectId: string;
  fileId: string;
  path: string;
}

/** Everything a scan of a whole store may read at once: every record, once. */
const ALL = { limit: Number.MAX_SAFE_INTEGER };

/** The projects the person takes part in, each as they read it, with the files they may download. */
async function projectsOf(subject: ExportSubject, info: DeployInfo | undefined, now: Date) {
  const projects = projectsRepo(info);
  const caller = { ...subject, uid: subject.uid ?? '', isAdmin: false, role: null };
  const editor = await editorOf(caller, info);
  const [asFamily, asStudent, editorOpen, editorDone] = await Promise.all([
    subject.uid ? projects.listForCustomer(subject.uid) : [],
    subject.emailVerified ? projects.listForStudent(subject.email) : [],
    editor ? projects.listForEditor(editor.id, 'open') : [],
    editor ? projects.listForEditor(editor.id, 'done') : [],
  ]);
  const views = async (list: Project[], role: Role) =>
    Promise.all(
      list.map(async (p) => ({
        view: role === 'customer' ? await viewFor(p, [role], info, now) : projectView(p, [role], now),
        filesOpen: !filesClosedTo(p.state, [role]),
      })),
    );
  return {
    editor,
    asFamily: await views(asFamily, 'customer'),
    asStudent: await views(asStudent, 'student'),
    asEditor: await views([...editorOpen, ...editorDone], 'editor'),
  };
}

/** `files/<project>-<round>-<name>`: the drafts and feedback files of each round the person may download. */
function filesOf(entries: { view: ProjectView; filesOpen: boolean }[]): ExportFile[] {
  const files = new Map<string, ExportFile>();
  for (const { view, filesOpen } of entries) {
    if (!filesOpen) continue;
    for (const round of view.rounds) {
      const refs: FileRef[] = [...(round.draft.kind === 'file' ? [round.draft.file] : []), ...round.files];
      for (const ref of refs) {
        const path = `files/${view.id}-${round.n}-${ref.id.slice(0, 8)}-${ref.name}`;
        files.set(`${view.id}/${ref.id}`, { projectId: view.id, fileId: ref.id, path });
      }
    }
  }
  return [...files.values()];
}

/** The account's data as one JSON document, and the files that go with it. */
export async function gatherExport(subject: ExportSubject, info?: DeployInfo, now = new Date()) {
  const email = subject.emailVerified ? subject.email : null;
  const [customer, orders, projects, consults, inquiries, subscriber, waitlist, outbox] = await Promise.all([
    subject.uid ? customersRepo(info).get(subject.uid) : null,
    subject.uid ? ordersRepo(info).listForCustomer(subject.uid) : [],
    projectsOf(subject, info, now),
    email ? consultsRepo(info).withWords(queryWords(email)) : null,
    email ? inquiriesRepo(info).withWords(queryWords(email)) : null,
    email ? subscribersRepo(info).get(email) : null,
    email ? waitlistRepo(info).withWords(queryWords(email)) : null,
    email ? outboxPage(ALL, info, { to: email }) : null,
  ]);
  const [reviewsOfEditor, samples] = projects.editor
    ? await Promise.all([
        reviewsRepo(info).newest(projects.editor.id, ALL.limit),
        samplesRepo(info).list(projects.editor.id),
      ])
    : [[], []];
  const mine = <T extends { email: string }>(items: T[] | undefined) => (items ?? []).filter((i) => i.email === email);
  const data = {
    exportedAt: now.toISOString(),
    account: { uid: subject.uid, email: subject.email, emailVerified: subject.emailVerified },
    ownedAddOns: customer?.ownedAddOns ?? {},
    orders: (await withProjectEditors(orders, info)).map(orderForFamily),
    projects: {
      asParent: projects.asFamily.map((p) => p.view),
      asStudent: projects.asStudent.map((p) => p.view),
      asEditor: projects.asEditor.map((p) => p.view),
    },
    editorProfile: projects.editor && {
      id: projects.editor.id,
      name: projects.editor.name,
      publishedReviews: reviewsOfEditor,
      // As the editor reads them on the workspace: where each stands, our team's reason, the consent they recorded.
      samples,
    },
    consults: mine(consults ?? undefined).map((booking) => ({
      name: booking.name,
      email: booking.email,
      intendedMajor: booking.intendedMajor,
      preferredEditor: booking.preferredEditor,
      ...consultByToken(booking),
    })),
    inquiries: mine(inquiries?.map((entry) => entry.value)).map(
      ({ handled: _handled, handledAt: _handledAt, ...inquiry }) => inquiry,
    ),
    newsletter: subscriber,
    waitlists: mine(waitlist ?? []).map(toWaitlistItem),
    mails: (outbox?.items ?? [])
      .map((entry) => entry.value)
      .filter((mail) => [mail.to].flat().includes(email!))
      .map(({ queuedAt, sentAt, subject, text }) => ({ queuedAt, ...(sentAt && { sentAt }), subject, text })),
  };
  const files = filesOf([...projects.asFamily, ...projects.asStudent, ...projects.asEditor]);
  return { data, files };
}
