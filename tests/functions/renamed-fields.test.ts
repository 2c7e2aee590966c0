/**
 * Orders and projects stored before a full editor had one name in the code (an order's
 * `editor.overbooked`, a project's `overflow`) are read with today's meaning against the local Blobs
 * server: through the repositories, the family's and the admin's endpoints and a restored backup, an
 * order bought from a full editor reads `editor.full` and its project `boughtWhileFull`, which takes no
 * slot; the next change of either stores the new name only.
 */
import { getStore } from '@netlify/blobs';
import { describe, expect, it } from 'vitest';
import adminOrdersHandler from '../../netlify/functions/admin-orders';
import orderHandler from '../../netlify/functions/order';
import projectHandler from '../../netlify/functions/project';
import { exportBackup } from '../../netlify/server/backup/export';
import { restoreBackup } from '../../netlify/server/backup/restore';
import { projectsRepo } from '../../src/features/projects/server/projects.repo';
import { editorsRepo } from '../../src/features/editors/server/editors.repo';
import { ordersRepo } from '../../src/features/orders/server/orders.repo';
import type { ProjectView } from '../../src/features/projects/project';
import { asAdmin } from '../helpers/admin-access';
import { bearer } from '../helpers/auth-emulator';
import { call, clearStore } from '../helpers/functions';
import { FULL_EDITOR, OPEN_EDITOR, selection } from '../helpers/orders';
import { paidOrder, submitText, useDeliveryParties } from '../helpers/projects';

const parties = useDeliveryParties(['backups']);

const raw = (name: 'orders' | 'projects') => getStore({ name, consistency: 'strong' });
const storedRecord = async (name: 'orders' | 'projects', key: string) =>
  (await raw(name).get(key, { type: 'json' })) as Record<string, unknown>;
const slotsOf = async (editorId: string) => (await editorsRepo().get(editorId))!.slotsOpen;
const getProject = async (id: string) =>
  (await call(projectHandler, `/api/projects/${id}`, { params: { id }, headers: bearer(parties.customer.idToken) }))
    .body as ProjectView;

/** A paid order of one small supplement from `editorId`, stored again as the build before the rename stored it. */
async function orderStoredAsBefore(editorId: string) {
  const {
    orderId,
    projectIds: [projectId],
  } = await paidOrder(
    parties.customer.idToken,
    selection({ editorId, services: [{ id: 'supplement-small', quantity: 1 }] }),
  );
  const order = await storedRecord('orders', orderId);
  const { full, ...editor } = order.editor as Record<string, unknown>;
  await raw('orders').setJSON(orderId, { ...order, editor: { ...editor, overbooked: full } });
  const { boughtWhileFull, ...project } = await storedRecord('projects', projectId);
  await raw('projects').setJSON(projectId, { ...project, overflow: boughtWhileFull });
  return { orderId, projectId };
}

/** The editor with `slotsOpen` open slots. */
async function openSlots(editorId: string, slotsOpen: number) {
  const editor = (await editorsRepo().get(editorId))!;
  await editorsRepo().update(editorId, { ...editor, slotsOpen });
}

describe('records stored under the old names', () => {
  it('an order and a project bought from a full editor read as full, everywhere, and the project takes no slot', async () => {
    const { orderId, projectId } = await orderStoredAsBefore(FULL_EDITOR);
    expect(await storedRecord('orders', orderId)).toMatchObject({ editor: { overbooked: true } });
    expect(await storedRecord('projects', projectId)).toMatchObject({ overflow: true });

    const order = (await ordersRepo().get(orderId))!;
    expect(order.editor).toMatchObject({ id: FULL_EDITOR, full: true });
    expect(order.editor).not.toHaveProperty('overbooked');
    const family = await call(orderHandler, `/api/orders/${orderId}`, {
      params: { id: orderId },
      headers: bearer(parties.customer.idToken),
    });
    expect(family.status).toBe(200);
    expect(family.body.editor).toMatchObject({ full: true });
    expect(family.body.editor).not.toHaveProperty('overbooked');
    const admin = await call(adminOrdersHandler, '/api/admin/orders', { headers: await asAdmin() });
    expect(admin.body.items).toEqual([expect.objectContaining({ id: orderId })]);
    expect(admin.body.items[0].editor).toMatchObject({ full: true });
    expect((await ordersRepo().page({ limit: 10 })).items[0].editor.full).toBe(true);

    const project = await getProject(projectId);
    expect(project).toMatchObject({ boughtWhileFull: true, priceCents: 11250 });
    expect(project).not.toHaveProperty('overflow');
    expect((await projectsRepo().listForCustomer(parties.customer.uid))[0].boughtWhileFull).toBe(true);

    // The editor has opened since: a draft for a project bought while they were full still takes no slot.
    await openSlots(FULL_EDITOR, 2);
    expect((await submitText(parties.customer.idToken, project)).status).toBe(200);
    expect(await slotsOf(FULL_EDITOR)).toBe(2);
    const stored = await storedRecord('projects', projectId);
    expect(stored).toMatchObject({ state: 'submitted', boughtWhileFull: true });
    expect(stored).not.toHaveProperty('overflow');
  });

  it('an order and a project bought from an open editor read as not full, and the project takes a slot', async () => {
    const { orderId, projectId } = await orderStoredAsBefore(OPEN_EDITOR);
    expect(await storedRecord('projects', projectId)).toMatchObject({ overflow: false });
    expect((await ordersRepo().get(orderId))!.editor.full).toBe(false);

    const start = await slotsOf(OPEN_EDITOR);
    const project = await getProject(projectId);
    expect(project.boughtWhileFull).toBe(false);
    expect((await submitText(parties.customer.idToken, project)).status).toBe(200);
    expect(await slotsOf(OPEN_EDITOR)).toBe(start - 1);
  });

  it('an order changed after the rename is stored with the new name only', async () => {
    const { orderId } = await orderStoredAsBefore(FULL_EDITOR);
    await ordersRepo().change(orderId, (order) => ({ ...order, updatedAt: new Date().toISOString() }));
    const editor = (await storedRecord('orders', orderId)).editor;
    expect(editor).toMatchObject({ full: true });
    expect(editor).not.toHaveProperty('overbooked');
  });

  it('a backup holding them restores them as stored, and they read with the new meaning', async () => {
    const { orderId, projectId } = await orderStoredAsBefore(FULL_EDITOR);
    // Backups begun now: their base copies the records as they are stored.
    await Promise.all(['backups', 'journal'].map(clearStore));
    const summary = await exportBackup({ now: new Date('2026-11-26T03:00:00.000Z') });
    expect(summary.state).toBe('complete');
    await Promise.all(['orders', 'projects'].map(clearStore));

    const result = await restoreBackup(undefined, { merge: true });
    expect(result).toHaveProperty('restored');
    expect(await storedRecord('orders', orderId)).toMatchObject({ editor: { overbooked: true } });
    expect(await storedRecord('projects', projectId)).toMatchObject({ overflow: true });
    expect((await ordersRepo().get(orderId))!.editor.full).toBe(true);
    const project = (await projectsRepo().get(projectId))!;
    expect(project.boughtWhileFull).toBe(true);
    expect(project).not.toHaveProperty('overflow');
  });
});
