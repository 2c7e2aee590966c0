/**
 * The Audit tab names what an entry is about ('Inquiry from Riley Brooks', 'Order BCC-7KQ2MX from
 * Riley Brooks'), not only its id. Names are read when the page is, from the records as they are now:
 * an entry keeps no name, so a closed account's names leave the log with its records. A page reads one
 * record per subject it shows (at most a page's worth); a subject gone since is shown by its id.
 */
import type { AuditEntry, AuditSubjectKind } from '#lib/audit';
import type { DeployInfo } from '#server/storage/stores';

type Namer = (id: string, info: DeployInfo) => Promise<string | null>;

/**
 * The kinds whose id says little; the others (an address, a run's id, the hours) name themselves. Each
 * loads its store's code when a page first shows one: the function starts with none of them.
 */
const NAMERS: Partial<Record<AuditSubjectKind, Namer>> = {
  inquiry: async (id, info) => {
    const { inquiriesRepo } = await import('#features/contact/server/inquiries.repo');
    const inquiry = await inquiriesRepo(info).get(id);
    return inquiry && `Inquiry from ${inquiry.parentName}`;
  },
  application: async (id, info) => {
    const { applicationsRepo } = await import('#features/applications/server/applications.repo');
    const application = await applicationsRepo(info).get(id);
    return application && `Application from ${application.name}`;
  },
  consult: async (id, info) => {
    const { consultsRepo } = await import('#features/consults/server/consults.repo');
    const consult = await consultsRepo(info).get(id);
    return consult && `Consult with ${consult.value.name}`;
  },
  editor: async (id, info) => {
    const { editorsRepo } = await import('#features/editors/server/editors.repo');
    const editor = await editorsRepo(info).get(id);
    return editor && `Editor ${editor.name}`;
  },
  order: async (id, info) => {
    const { ordersRepo } = await import('#features/orders/server/orders.repo');
    const order = await ordersRepo(info).get(id);
    return order && `Order ${id} from ${order.student.parentName}`;
  },
  mail: async (id, info) => {
    const { outboxMail } = await import('#server/core/mail');
    const mail = await outboxMail(id, info);
    return mail && `E-mail '${mail.subject}' to ${[mail.to].flat().join(', ')}`;
  },
  project: async (id, info) => {
    const { projectsRepo } = await import('#features/projects/server/projects.repo');
    const project = await projectsRepo(info).get(id);
    return project && `${project.service.title} for ${project.student.name} (${id})`;
  },
};

const subjectKey = ({ kind, id }: AuditEntry['subject']) => `${kind}/${id}`;

/** The entries, each with the name of its subject where one is known. */
export async function withSubjectNames<T extends AuditEntry>(
  entries: readonly T[],
  info: DeployInfo,
): Promise<(T & { subjectName?: string })[]> {
  const subjects = new Map(entries.map((entry) => [subjectKey(entry.subject), entry.subject]));
  const named = await Promise.all(
    [...subjects].map(async ([key, { kind, id }]) => [key, id ? await NAMERS[kind]?.(id, info) : null] as const),
  );
  const names = new Map(named.filter((pair): pair is readonly [string, string] => Boolean(pair[1])));
  return entries.map((entry) => {
    const subjectName = names.get(subjectKey(entry.subject));
    return subjectName ? { ...entry, subjectName } : entry;
  });
}
