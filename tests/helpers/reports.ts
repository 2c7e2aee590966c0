/** Stored orders, refunds, projects and consult bookings at fixed times, for the search and report tests. */
import { consultsRepo, type ConsultBooking } from '../../src/features/consults/server/consults.repo';
import { projectsOfOrder } from '../../src/features/projects/server/creation';
import { projectsRepo } from '../../src/features/projects/server/projects.repo';
import { ordersRepo, type Order } from '../../src/features/orders/server/orders.repo';
import type { Project, Round } from '../../src/features/projects/project';
import type { Refund, RefundState } from '../../src/lib/refunds';
import { site } from '../../src/lib/site';
import { billing, student } from './orders';

export interface Family {
  uid?: string;
  parentName?: string;
  parentEmail?: string;
  studentName?: string;
  studentEmail?: string;
}

/** A paid order of `totalCents` (one Common App essay) placed a minute before `paidAt`, as the repository stores it. */
export async function storePaidOrder(
  paidAt: string,
  totalCents: number,
  family: Family = {},
  editor = { id: 'maya-chen', name: 'Maya Chen' },
): Promise<Order> {
  const uid = family.uid ?? `family-${crypto.randomUUID().slice(0, 8)}`;
  const created = new Date(Date.parse(paidAt) - 60_000);
  const order = await ordersRepo().create(
    {
      customer: { uid, email: family.parentEmail ?? `${uid}@example.com` },
      editor: { ...editor, college: 'Stanford University', major: 'Computer Science', full: false },
      serviceLines: [
        { id: 'common-app-essay', title: 'Common App Essay Editing', unitCents: totalCents, quantity: 1, totalCents },
      ],
      addOnLines: [],
      turnaround: { id: 'standard', label: 'Standard 3-5 days' },
      turnaroundFeeCents: 0,
      totalCents,
      student: {
        ...student,
        ...(family.parentName && { parentName: family.parentName }),
        ...(family.parentEmail && { parentEmail: family.parentEmail }),
        ...(family.studentName && { studentName: family.studentName }),
        ...(family.studentEmail && { studentEmail: family.studentEmail }),
      },
      billing: { ...billing, country: 'United States' },
      payment: { mode: 'test' },
    },
    created,
  );
  await ordersRepo().publish(order);
  const paid = await ordersRepo().settle(
    order.id,
    'paid',
    { sessionId: `cs_test_${order.id}`, paymentIntent: `pi_${order.id}`, paidAt },
    new Date(paidAt),
  );
  if (!paid) throw new Error(`Could not settle ${order.id}`);
  return paid;
}

/** Adds a refund to a stored order, as the refund flows record it. */
export async function storeRefund(
  orderId: string,
  amountCents: number,
  createdAt: string,
  state: RefundState = 'succeeded',
): Promise<Order> {
  const refund: Refund = {
    id: `admin-${crypto.randomUUID()}`,
    amountCents,
    reason: 'Goodwill',
    by: 'admin',
    actor: site.name,
    adminEmail: 'boss@example.test',
    projectIds: [],
    state,
    providerId: state === 'succeeded' ? `re_${amountCents}` : null,
    failure: state === 'failed' ? 'card_declined' : null,
    createdAt,
    updatedAt: createdAt,
  };
  const changed = await ordersRepo().change(orderId, (order) => ({
    ...order,
    refunds: [...(order.refunds ?? []), refund],
  }));
  if (!changed) throw new Error(`No order ${orderId}`);
  return changed;
}

/** A round submitted at `submittedAt`, due five days later, returned at `returnedAt` (or not yet). */
export const round = (n: number, submittedAt: string, returnedAt: string | null): Round => ({
  n,
  submittedAt,
  prompt: 'Why us?',
  draft: { kind: 'text', text: 'Draft' },
  turnaround: 'standard',
  dueAt: new Date(Date.parse(submittedAt) + 5 * 24 * 60 * 60 * 1000).toISOString(),
  acknowledgedAt: submittedAt,
  returnedAt,
  notes: returnedAt ? 'Notes' : null,
  files: [],
  late: false,
});

/** Stores the order's project, changed by `change` (its state, rounds and history). */
export async function storeProject(order: Order, change: (project: Project) => Project = (p) => p): Promise<Project> {
  const project = change(projectsOfOrder(order)[0]);
  if (!(await projectsRepo().create(project))) throw new Error(`Project ${project.id} exists`);
  return project;
}

/** A consult booking made at `createdAt` for a slot a week later, stored as the booking flow stores it. */
export async function storeBooking(
  createdAt: string,
  who: { name: string; email: string } = { name: 'Pat Rivera', email: 'pat@example.com' },
): Promise<ConsultBooking> {
  const start = new Date(Date.parse(createdAt) + 7 * 24 * 60 * 60 * 1000).toISOString();
  const booking: ConsultBooking = {
    id: crypto.randomUUID(),
    start,
    end: new Date(Date.parse(start) + 15 * 60_000).toISOString(),
    ...who,
    intendedMajor: 'stem',
    preferredEditor: 'any',
    timeZone: 'America/Chicago',
    status: 'booked',
    sequence: 0,
    createdAt,
    history: [{ type: 'booked', at: createdAt }],
  };
  if (!(await consultsRepo().create(booking))) throw new Error('Booking exists');
  return booking;
}
