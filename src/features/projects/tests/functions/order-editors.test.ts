/** After a reassignment, every order the admin or the family reads names who edits each project now. */
import { describe, expect, it } from 'vitest';
import adminOrdersHandler from '#functions/admin-orders';
import orderHandler from '#functions/order';
import ordersHandler from '#functions/orders';
import { seedDemoEditors } from '#features/editors/server/seed';
import { currentEditors, type Order } from '#features/orders/order';
import { asAdmin, testTokens } from '#tests/admin-access';
import { bearer, createUser } from '#tests/auth-emulator';
import { call, clearStore } from '#tests/functions';
import { selection } from '#tests/orders';
import { act, paidOrder } from '#tests/projects';

describe("each project's current editor beside its order", () => {
  it("is shown by the admin list, the family's list and the single order, while the order keeps the editor it was bought with", async () => {
    await Promise.all([clearStore('projects'), clearStore('editors')]);
    await seedDemoEditors();
    const family = await createUser();
    const { orderId, projectIds } = await paidOrder(
      family.idToken,
      selection({ editorId: 'maya-chen', services: [{ id: 'supplement-small', quantity: 2 }] }),
    );
    expect(
      (await act((await testTokens()).admin, projectIds[1], 'reassign', { version: 1, editorId: 'sofia-ramirez' }))
        .status,
    ).toBe(200);

    const adminPage = (await call(adminOrdersHandler, '/api/admin/orders', { headers: await asAdmin() })).body as {
      items: Order[];
    };
    const familyList = (await call(ordersHandler, '/api/orders', { headers: bearer(family.idToken) })).body as Order[];
    const single = (
      await call(orderHandler, `/api/orders/${orderId}`, { params: { id: orderId }, headers: bearer(family.idToken) })
    ).body as Order;
    for (const order of [
      adminPage.items.find((o) => o.id === orderId)!,
      familyList.find((o) => o.id === orderId)!,
      single,
    ]) {
      expect(order.editor.name).toBe('Maya Chen');
      expect(order.projectEditors).toEqual([
        { projectId: projectIds[0], service: expect.any(String), editor: { id: 'maya-chen', name: 'Maya Chen' } },
        {
          projectId: projectIds[1],
          service: expect.any(String),
          editor: { id: 'sofia-ramirez', name: 'Sofia Ramirez' },
        },
      ]);
      expect(currentEditors(order)).toEqual({ label: 'Editors', names: 'Maya Chen, Sofia Ramirez' });
    }
  });

  it('names the editor bought with while an order has no projects (unpaid)', () => {
    const order = { editor: { id: 'maya-chen', name: 'Maya Chen' } } as Order;
    expect(currentEditors(order)).toEqual({ label: 'Editor', names: 'Maya Chen' });
  });
});
