/**
 * An invited student's standing: only a student (no orders of their own, projects a parent shared or
 * shared once), so the pages show them their work and not the shop; and when their parent closed the
 * account that shared it, so the dashboard says what became of it.
 */
import type { Caller } from '#server/core/auth';
import { ordersRepo } from '#features/orders/server/orders.repo';
import type { DeployInfo } from '#server/storage/stores';
import { projectsRepo } from './projects.repo';

export interface StudentStanding {
  studentOnly: boolean;
  parentClosedAt: string | null;
}

export async function studentStanding(caller: Caller, info?: DeployInfo): Promise<StudentStanding> {
  // A student signs in with the address the parent gave, verified.
  if (!caller.emailVerified) return { studentOnly: false, parentClosedAt: null };
  const projects = projectsRepo(info);
  const [orders, shared, parentClosedAt] = await Promise.all([
    ordersRepo(info).listForCustomer(caller.uid),
    projects.listForStudent(caller.email),
    projects.familyClosedAt(caller.email),
  ]);
  return { studentOnly: orders.length === 0 && (shared.length > 0 || parentClosedAt !== null), parentClosedAt };
}
