/**
 * Delivery under concurrency, against the in-memory Blobs server with real
 * compare-and-set (the local Blobs server is not atomic): projects created once under a
 * webhook storm, one winner among identical submissions, and slots moved exactly once per project
 * when 50 drafts and then 50 finals of one editor arrive at the same moment.
 */
import { describe, expect, it } from 'vitest';
import webhook from '#functions/stripe-webhook';
import { projectsRepo } from '../../server/projects.repo';
import { editorsRepo } from '#features/editors/server/editors.repo';
import { ordersRepo } from '#features/orders/server/orders.repo';
import { LOCAL_WEBHOOK_SECRET } from '#server/core/stripe';
import { completedEvent } from '#features/orders/server/test-checkout';
import { signWebhookPayload } from '#features/orders/server/webhook-signature';
import { type ProjectView } from '../../project';
import { deliveryMessages } from '../../process';
import { openOrder } from '#tests/api-fixtures';
import { useAtomicBlobsServer } from '#tests/atomic-blobs-server';
import { createUser, tokenOf } from '#tests/auth-emulator';
import { call, clearStore } from '#tests/functions';
import { OPEN_EDITOR, resetOrderingStores, selection } from '#tests/orders';
import { act, paidOrder, submitText } from '#tests/projects';

useAtomicBlobsServer();

const CONCURRENT = 50;

describe('projects are created once', () => {
  it('under a storm of 50 deliveries of the same payment, each unit of the order becomes exactly one project', async () => {
    await resetOrderingStores();
    const customer = await createUser();
    const { orderId } = await openOrder(
      customer.idToken,
      selection({
        services: [
          { id: 'supplement-small', quantity: 3 },
          { id: 'common-app-essay', quantity: 1 },
        ],
      }),
    );
    const order = (await ordersRepo().get(orderId))!;
    const event = completedEvent(order, `cs_test_local_${'a'.repeat(32)}`);
    // The provider retries one event, and a second event id for the same payment arrives too.
    const payloads = [
      ...Array.from({ length: CONCURRENT }, () => JSON.stringify(event)),
      ...Array.from({ length: 10 }, () => JSON.stringify({ ...event, id: `evt_${crypto.randomUUID()}` })),
    ];
    const answers = await Promise.all(
      payloads.map((payload) =>
        call(webhook, '/api/stripe/webhook', {
          method: 'POST',
          body: payload,
          headers: {
            'content-type': 'application/json',
            'stripe-signature': signWebhookPayload(payload, LOCAL_WEBHOOK_SECRET),
          },
        }),
      ),
    );
    expect(answers.every((a) => a.status === 200)).toBe(true);
    expect(answers.filter((a) => a.body.result === 'paid')).toHaveLength(1);
    const projects = await projectsRepo().listForCustomer(customer.uid);
    expect(projects.map((p) => p.id)).toEqual([1, 2, 3, 4].map((unit) => `${orderId}-${unit}`));
    expect(projects.every((p) => p.state === 'awaiting_draft' && p.version === 1)).toBe(true);
  });
});

describe('slots move exactly once per project', () => {
  it('50 identical submissions of one draft: one wins, the rest are stale, one slot is taken', async () => {
    await resetOrderingStores();
    const customer = await createUser();
    const {
      projectIds: [id],
    } = await paidOrder(customer.idToken, selection({ services: [{ id: 'supplement-small', quantity: 1 }] }));
    const before = (await editorsRepo().get(OPEN_EDITOR))!.slotsOpen;
    const project = (await projectsRepo().get(id))!;
    const answers = await Promise.all(Array.from({ length: CONCURRENT }, () => submitText(customer.idToken, project)));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.status === 409).map((a) => a.body.error)).toEqual(
      Array(CONCURRENT - 1).fill(deliveryMessages.stale),
    );
    expect((await projectsRepo().get(id))!.rounds).toHaveLength(1);
    expect((await editorsRepo().get(OPEN_EDITOR))!.slotsOpen).toBe(before - 1);
  });

  it('10 comments saved at once: each one answered 200 is stored, every other is told stale, none twice', async () => {
    await resetOrderingStores();
    const customer = await createUser();
    const {
      projectIds: [id],
    } = await paidOrder(customer.idToken, selection({ services: [{ id: 'supplement-small', quantity: 1 }] }));
    await submitText(customer.idToken, (await projectsRepo().get(id))!, 'My essay, first draft.');
    const editor = await tokenOf('maya@example.test');
    const anchor = { block: 0, start: 3, end: 8, quote: 'essay', prefix: 'My ', suffix: ', first draft.' };
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) => act(editor, id, 'comment', { anchor, text: `Comment ${i}` })),
    );
    const stored = (await projectsRepo().get(id))!.rounds[0].comments ?? [];
    const won = answers.filter((a) => a.status === 200);
    expect(won.length).toBeGreaterThan(0);
    expect(stored.map((c) => c.text).sort()).toEqual(
      won.map((a) => a.body.rounds[0].comments.at(-1).text as string).sort(),
    );
    expect(answers.filter((a) => a.status !== 200).map((a) => [a.status, a.body.error])).toEqual(
      Array(10 - won.length).fill([409, deliveryMessages.stale]),
    );
  });

  it('50 drafts to one editor at once take the open slots and no more; 50 finals at once give back exactly those', async () => {
    await resetOrderingStores();
    const customer = await createUser();
    const editorToken = await tokenOf('maya@example.test');
    const editor = (await editorsRepo().get(OPEN_EDITOR))!;
    await editorsRepo().update(OPEN_EDITOR, { ...editor, slotsOpen: 5, totalSlots: 5 });
    const { projectIds } = await paidOrder(
      customer.idToken,
      selection({ services: [{ id: 'supplement-large', quantity: CONCURRENT }] }),
    );
    const projects = await Promise.all(projectIds.map(async (id) => (await projectsRepo().get(id))!));

    const submitted = await Promise.all(projects.map((p) => submitText(customer.idToken, p)));
    expect(submitted.every((a) => a.status === 200)).toBe(true);
    const afterDrafts = (await editorsRepo().get(OPEN_EDITOR))!;
    expect(afterDrafts.slotsOpen).toBe(0);
    const claims = Object.values(afterDrafts.slotClaims ?? {});
    expect(claims.filter((c) => c === 'held')).toHaveLength(5);
    expect(claims.filter((c) => c === 'none')).toHaveLength(CONCURRENT - 5);

    // A hundred steps a minute is more than one person may take (person-limits.test.ts): not this test's subject.
    await clearStore('limits');
    const returned = await Promise.all(
      submitted.map(({ body }) => act(editorToken, body.id, 'return', { version: body.version, notes: 'Notes' })),
    );
    // Each refusal with its status and words, so that a failure under load says which it was.
    const refused = (answers: { status: number; body: { error?: string } }[]) =>
      answers.filter((a) => a.status !== 200).map((a) => [a.status, a.body.error]);
    expect(refused(returned)).toEqual([]);
    const finals = await Promise.all(
      returned.map(({ body }: { body: ProjectView }) =>
        act(customer.idToken, body.id, 'finalize', { version: body.version }),
      ),
    );
    expect(refused(finals)).toEqual([]);
    const afterFinals = (await editorsRepo().get(OPEN_EDITOR))!;
    expect(afterFinals.slotsOpen).toBe(5);
    expect(Object.values(afterFinals.slotClaims ?? {}).every((c) => c === 'released')).toBe(true);
  });

  it('a withdrawal racing its own draft never leaks a slot, whichever wins', async () => {
    await resetOrderingStores();
    const customer = await createUser();
    const before = (await editorsRepo().get(OPEN_EDITOR))!.slotsOpen;
    const { projectIds } = await paidOrder(
      customer.idToken,
      selection({ services: [{ id: 'supplement-large', quantity: 20 }] }),
    );
    const projects = await Promise.all(projectIds.map(async (id) => (await projectsRepo().get(id))!));
    // Both made against version 1: exactly one of each pair wins.
    const raced = await Promise.all(
      projects.map((p) =>
        Promise.all([submitText(customer.idToken, p), act(customer.idToken, p.id, 'withdraw', { version: p.version })]),
      ),
    );
    expect(raced.every(([a, b]) => [a.status, b.status].sort().join() === '200,409')).toBe(true);
    // Drafts that won are withdrawn now: every slot taken is given back.
    const open = raced.flatMap(([draft]) => (draft.status === 200 ? [draft.body as ProjectView] : []));
    await Promise.all(open.map((p) => act(customer.idToken, p.id, 'withdraw', { version: p.version })));
    expect((await editorsRepo().get(OPEN_EDITOR))!.slotsOpen).toBe(before);
    expect((await projectsRepo().listForCustomer(customer.uid)).every((p) => p.state === 'withdrawn')).toBe(true);
  });
});

describe('cancellations race', () => {
  it('two concurrent cancels of one project: one wins, one refund; a cancel racing Return Feedback: one of them wins, at most one refund', async () => {
    await resetOrderingStores();
    const customer = await createUser();
    const editorToken = await tokenOf('maya@example.test');
    const { orderId, projectIds } = await paidOrder(
      customer.idToken,
      selection({ services: [{ id: 'supplement-large', quantity: 11 }] }),
    );

    const first = (await projectsRepo().get(projectIds[0]))!;
    const twice = await Promise.all([
      act(customer.idToken, first.id, 'cancel', { version: 1 }),
      act(customer.idToken, first.id, 'cancel', { version: 1 }),
    ]);
    expect(twice.map((r) => r.status).sort()).toEqual([200, 409]);

    // Ten projects, each cancelled by the family while the editor returns feedback on it.
    const submitted = await Promise.all(
      projectIds
        .slice(1)
        .map(async (id) => (await submitText(customer.idToken, (await projectsRepo().get(id))!)).body as ProjectView),
    );
    const raced = await Promise.all(
      submitted.map((p) =>
        Promise.all([
          act(customer.idToken, p.id, 'cancel', { version: p.version }),
          act(editorToken, p.id, 'return', { version: p.version, notes: 'Notes' }),
        ]),
      ),
    );
    for (const [cancelled, returned] of raced) expect([cancelled.status, returned.status].sort()).toEqual([200, 409]);

    const order = (await ordersRepo().get(orderId))!;
    const cancelledIds = (await projectsRepo().listForCustomer(customer.uid))
      .filter((p) => p.state === 'cancelled')
      .map((p) => p.id);
    expect(cancelledIds.length).toBe(1 + raced.filter(([c]) => c.status === 200).length);
    // One refund per cancelled project, none for the ones that got their feedback.
    expect(order.refunds!.map((r) => r.projectIds[0]).sort()).toEqual(cancelledIds.sort());
  });
});
