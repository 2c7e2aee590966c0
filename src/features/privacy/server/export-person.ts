/**
 * A privacy request that came by mail: the admin names a person by address. Their account is known
 * by the uid their orders carry (we keep no list of accounts), their other records by the address.
 * The admin checked by mail that the request is theirs, so the address counts as verified.
 */
import type { PersonSummary } from '../data-export';
import { ordersRepo } from '#features/orders/server/orders.repo';
import { queryWords } from '#lib/search-words';
import type { DeployInfo } from '#server/storage/stores';
import { gatherExport, type ExportSubject } from './export';

export async function personByEmail(email: string, info?: DeployInfo): Promise<ExportSubject> {
  // The orders with the words of the address, not every order: the address decides among them.
  const orders = await ordersRepo(info).withWords(queryWords(email));
  const uid = orders.find((order) => order.customer.email === email)?.customer.uid ?? null;
  return { uid, email, emailVerified: true };
}

/** What we hold about the person, counted, for the admin to answer the request. */
export async function personSummary(subject: ExportSubject, info?: DeployInfo): Promise<PersonSummary> {
  const { data, files } = await gatherExport(subject, info);
  return {
    email: subject.email,
    hasAccount: subject.uid !== null || data.editorProfile !== null,
    roles: [
      ...(data.orders.length > 0 ? (['parent'] as const) : []),
      ...(data.projects.asStudent.length > 0 ? (['student'] as const) : []),
      ...(data.editorProfile ? (['editor'] as const) : []),
    ],
    orders: data.orders.length,
    projects: data.projects.asParent.length + data.projects.asStudent.length + data.projects.asEditor.length,
    files: files.length,
    newsletter: data.newsletter ? (data.newsletter.enabled ? 'active' : 'inactive') : 'none',
    consults: data.consults.length,
    inquiries: data.inquiries.length,
    waitlists: data.waitlists.length,
  };
}
