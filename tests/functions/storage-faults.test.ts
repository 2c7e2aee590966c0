/**
 * Storage that fails at any write (docs/decisions/024-one-store-wrapper.md): for each flow, every
 * fault of the stand-in is walked over every write the flow makes (tests/helpers/fault-walk.ts).
 * What must hold: the caller hears 503 (the provider: a 5xx, so it retries) unless the work is all
 * stored; nothing half made is visible, or what is visible the next retry or timer run completes;
 * and one retry completes the work with one effect: one subscriber, one listed order, one payment
 * with its projects, add-ons and three e-mails, never an order both paid and expired, one uploaded
 * draft with its text.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import adminOrderRefunds from '../../netlify/functions/admin-order-refunds';
import consultBookings from '../../netlify/functions/consult-bookings';
import consultCancel from '../../netlify/functions/consult-cancel';
import createSession from '../../netlify/functions/create-payment-session';
import webhook from '../../netlify/functions/stripe-webhook';
import studentAccess from '../../netlify/functions/student-access';
import subscribeHandler from '../../netlify/functions/subscribe';
import { attentionRepo } from '../../netlify/server/core/attention';
import { bookingIdForToken, freeSlots } from '../../src/features/consults/server/consult-booking';
import { setConsultLink, updateAvailability } from '../../src/features/consults/server/consult-admin';
import { sendDueReminders } from '../../src/features/consults/server/consult-reminders';
import { consultsRepo, reminderDue } from '../../src/features/consults/server/consults.repo';
import { customersRepo } from '../../src/features/orders/server/customers.repo';
import { projectsRepo } from '../../src/features/projects/server/projects.repo';
import { draftTextsRepo } from '#features/essay/server/draft-texts.repo';
import { runDueTimers } from '#server/jobs/timers';
import { editorsRepo, forgetEditorLists } from '../../src/features/editors/server/editors.repo';
import { listOutbox } from '../../netlify/server/core/mail';
import { ordersRepo, type Order } from '../../src/features/orders/server/orders.repo';
import { LOCAL_WEBHOOK_SECRET } from '../../netlify/server/core/stripe';
import { seedDemoEditors } from '../../src/features/editors/server/seed';
import { openStore } from '../../netlify/server/storage/stores';
import { completedEvent, declinedEvent } from '../../src/features/orders/server/test-checkout';
import { site } from '../../src/lib/site';
import { timersRepo } from '../../netlify/server/core/timers';
import { expireIfDue } from '../../src/features/orders/server/unpaid-orders';
import { signWebhookPayload } from '../../src/features/orders/server/webhook-signature';
import { DEFAULT_AVAILABILITY } from '../../src/features/consults/consult-availability';
import { localDate } from '../../src/features/consults/consult-format';
import { consultMessages } from '../../src/features/consults/consult-messages';
import { BUSINESS_TIME_ZONE } from '../../src/features/consults/consult-rules';
import { storageMessages } from '../../src/lib/messages';
import { useAtomicBlobsServer } from '../helpers/atomic-blobs-server';
import { testTokens } from '../helpers/admin-access';
import { bearer, createUser } from '../helpers/auth-emulator';
import { bookingRequest, cancelTokenFor, mailsTo } from '../helpers/consults';
import { walkFaults } from '../helpers/fault-walk';
import { call, context, postForm } from '../helpers/functions';
import { selection, student } from '../helpers/orders';
import { act, paidOrder, submitText, upload } from '../helpers/projects';
import { docx, paragraph } from '../helpers/docx';

const blobs = useAtomicBlobsServer();

type Answer = Awaited<ReturnType<typeof call>>;

/** The caller was told the work was not stored, and may try again. */
function expectToldToRetry(res: Answer) {
  expect(res.status, JSON.stringify(res.body)).toBe(503);
  expect(res.body.error).toBe(storageMessages.saveFailed);
  expect(res.headers.get('retry-after')).not.toBeNull();
}

const FAR_FUTURE = new Date('2100-01-01T00:00:00Z');
const timerKinds = async (subjectId: string) =>
  (await timersRepo().due(FAR_FUTURE)).filter((t) => t.subjectId === subjectId).map((t) => t.kind);

let user: Awaited<ReturnType<typeof createUser>>;
beforeAll(async () => {
  user = await createUser();
  // Each failure is logged with its reference; hundreds of them would bury the test's own output.
  vi.spyOn(console, 'error').mockImplementation(() => {});
});
afterAll(() => vi.restoreAllMocks());

async function seedEditors() {
  forgetEditorLists();
  await seedDemoEditors();
}

/** The family places a test-mode order, with storage well; answers it as stored. */
async function placeOrder(overrides: Parameters<typeof selection>[0] = {}) {
  const res = await call(createSession, '/api/stripe/create-payment-session', {
    method: 'POST',
    json: selection(overrides),
    headers: bearer(user.idToken),
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return (await ordersRepo().get(res.body.orderId))!;
}

const deliverEvent = (payload: string) =>
  call(webhook, '/api/stripe/webhook', {
    method: 'POST',
    body: payload,
    headers: { 'stripe-signature': signWebhookPayload(payload, LOCAL_WEBHOOK_SECRET) },
  });

/** Right after a fault: the work is all done, or the caller was told to try again. */
const doneOrToldToRetry = (expectDone: () => Promise<void>) => async (res: Answer) =>
  res.status === 200 ? expectDone() : expectToldToRetry(res);

describe('the newsletter sign-up', () => {
  const email = 'reader@example.com';
  const subscribers = async () => (await openStore('subscribers').list()).blobs.map((b) => b.key);

  it('is stored when it says so, and one retry stores it once, pending, with the link mailed', async () => {
    const writes = await walkFaults(blobs, {
      arrange: async () => {},
      act: () => call(subscribeHandler, '/api/database/subscribe', { method: 'POST', json: { email } }),
      async afterFault(res) {
        if (res.status === 200) expect(await subscribers()).toEqual([encodeURIComponent(email)]);
        else expectToldToRetry(res);
      },
      async afterRetry(res) {
        expect(res.status).toBe(200);
        expect(await subscribers()).toEqual([encodeURIComponent(email)]);
        expect(await openStore('subscribers').get(encodeURIComponent(email), { type: 'json' })).toMatchObject({
          email,
          enabled: false,
          pending: true,
        });
        // Each sign-up that got as far as the mail asked for a link: one, or two if the first landed.
        const links = (await listOutbox()).filter((m) => m.value.to === email);
        expect(links.length).toBeGreaterThanOrEqual(1);
        expect(links.length).toBeLessThanOrEqual(2);
      },
    });
    // The address's mail count, the subscriber, then the mail with the link (their index keys are
    // walked by list-index.test.ts).
    expect(writes).toBe(3);
  });

  it('posted as a form before the script runs, answers a page with 503, and nothing is stored', async () => {
    blobs.reset();
    blobs.setFaults({ fault: 503, at: 1 });
    const res = await postForm(subscribeHandler, '/api/database/subscribe', { email });
    blobs.setFaults(null);
    expect(res.status).toBe(503);
    expect(res.headers.get('content-type')).toMatch(/text\/html/);
    expect(await subscribers()).toEqual([]);
  });
});

describe('placing an order (create-payment-session, test mode)', () => {
  const place = () =>
    call(createSession, '/api/stripe/create-payment-session', {
      method: 'POST',
      json: selection({ addOns: ['community'] }),
      headers: bearer(user.idToken),
    });

  /** Every order the family sees is whole: stored, pending, its checkout recorded, and an expiry timer set. */
  async function expectListedOrdersWhole() {
    const listed = await ordersRepo().listForCustomer(user.uid);
    for (const order of listed) {
      expect(order.status).toBe('pending');
      expect(order.payment.sessionIds).toHaveLength(1);
      expect(await timerKinds(order.id)).toEqual(['expire']);
    }
    return listed;
  }

  /** Every order stored at all, listed or not, expires by its timer if nobody pays it. */
  async function expectEveryStoredOrderExpires() {
    const page = await ordersRepo().page({ limit: 100 });
    for (const order of page.items) expect(await timerKinds(order.id)).toEqual(['expire']);
  }

  it('lists an order only when it is whole, and one retry places one', async () => {
    const writes = await walkFaults(blobs, {
      arrange: seedEditors,
      act: place,
      async afterFault(res, step) {
        const listed = await expectListedOrdersWhole();
        await expectEveryStoredOrderExpires();
        if (res.status === 200) {
          expect(listed.map((o) => o.id)).toEqual([res.body.orderId]);
          return;
        }
        expectToldToRetry(res);
        // Only when the very last write landed and its answer was lost can the family see the order:
        // whole, payable from Your Orders, and expiring by itself.
        if (!step.startsWith('lost-answer')) expect(listed).toEqual([]);
      },
      async afterRetry(res) {
        expect(res.status, JSON.stringify(res.body)).toBe(200);
        const listed = await expectListedOrdersWhole();
        expect(listed.map((o) => o.id)).toContain(res.body.orderId);
        expect(listed.length).toBeLessThanOrEqual(2);
        await expectEveryStoredOrderExpires();
      },
    });
    expect(writes).toBeGreaterThanOrEqual(5);
  });
});

describe('a paid checkout (the payment webhook)', () => {
  let order: Order;
  let payload = '';
  const deliver = () => deliverEvent(payload);
  const SERVICES = [
    { id: 'common-app-essay', quantity: 1 },
    { id: 'supplement-small', quantity: 2 },
  ];

  /** Everything payment brings is there, once. */
  async function expectFulfilled() {
    const stored = (await ordersRepo().get(order.id))!;
    expect(stored.status).toBe('paid');
    expect((await projectsRepo().listForCustomer(user.uid)).map((p) => p.id).sort()).toEqual(
      [1, 2, 3].map((unit) => `${order.id}-${unit}`),
    );
    expect((await customersRepo().get(user.uid)).ownedAddOns.community).toBe(true);
    const mails = (await listOutbox()).map((m) => m.value);
    expect(mails.map((m) => [m.to].flat()[0]).sort()).toEqual([
      'maya@example.test',
      'pat@example.com',
      'sam@example.com',
    ]);
    // Paid is final: its expiry timer, when it fires, changes nothing.
    expect(await expireIfDue(order.id, undefined, FAR_FUTURE)).toBe(false);
    expect((await ordersRepo().get(order.id))!.status).toBe('paid');
  }

  it('answers 2xx only when everything is stored, and a retry completes it with one effect', async () => {
    const writes = await walkFaults(blobs, {
      async arrange() {
        await seedEditors();
        order = await placeOrder({ services: SERVICES, addOns: ['community'] });
        payload = JSON.stringify(completedEvent(order, `cs_test_local_${'b'.repeat(32)}`));
      },
      act: deliver,
      // Stripe retries any 5xx; we say 503 so that it does.
      afterFault: doneOrToldToRetry(expectFulfilled),
      async afterRetry(res) {
        expect(res.status, JSON.stringify(res.body)).toBe(200);
        // 'duplicate' only where the event's mark landed and its answer was lost: the work was all done.
        expect(['paid', 'already-settled', 'duplicate']).toContain(res.body.result);
        await expectFulfilled();
        // Handled now: another delivery of the same event changes nothing.
        expect((await deliver()).body.result).toBe('duplicate');
        await expectFulfilled();
      },
    });
    expect(writes).toBeGreaterThanOrEqual(10);
  }, 300_000);
});

describe('a declined card (the payment webhook)', () => {
  let order: Order;
  let payload = '';
  const deliver = () => deliverEvent(payload);

  /** The order stays payable, marked declined, and the owner is told once. */
  async function expectDeclined() {
    const stored = (await ordersRepo().get(order.id))!;
    expect(stored).toMatchObject({ status: 'pending', declined: { reason: 'Your card was declined.' } });
    const told = (await listOutbox()).map((m) => m.value).filter((m) => [m.to].flat().includes(site.email));
    expect(told.map((m) => m.subject)).toEqual([`Payment declined: order ${order.id}`]);
    expect((await attentionRepo().page({ limit: 10 })).items.map((item) => item.kind)).toEqual(['payment-declined']);
  }

  it('answers 2xx only when the decline is stored and told, and a retry tells the owner once', async () => {
    const writes = await walkFaults(blobs, {
      async arrange() {
        await seedEditors();
        order = await placeOrder({ services: [{ id: 'supplement-small', quantity: 1 }] });
        payload = JSON.stringify(declinedEvent(order));
      },
      act: deliver,
      afterFault: doneOrToldToRetry(expectDeclined),
      async afterRetry(res) {
        expect(res.status, JSON.stringify(res.body)).toBe(200);
        expect(['declined', 'duplicate']).toContain(res.body.result);
        await expectDeclined();
        expect((await deliver()).body.result).toBe('duplicate');
        await expectDeclined();
      },
    });
    expect(writes).toBeGreaterThanOrEqual(4);
  }, 300_000);
});

describe('an admin refund', () => {
  let order: Order;
  const REQUEST = crypto.randomUUID();
  const refund = async () =>
    call(adminOrderRefunds, `/api/admin/orders/${order.id}/refunds`, {
      method: 'POST',
      params: { id: order.id },
      headers: bearer((await testTokens()).admin),
      json: { requestId: REQUEST, amountCents: 5_000, reason: 'Goodwill', projectIds: [] },
    });

  /** One refund of $50, gone through, and one e-mail that says so. */
  async function expectRefundedOnce() {
    const stored = (await ordersRepo().get(order.id))!;
    expect(stored.refunds?.map((r) => [r.id, r.amountCents, r.state])).toEqual([
      [`admin-${REQUEST}`, 5_000, 'succeeded'],
    ]);
    const mails = (await listOutbox())
      .map((m) => m.value)
      .filter((m) => m.subject === `A refund for your order ${order.id}`);
    expect(mails).toHaveLength(1);
  }

  it('answers 2xx only when the refund is recorded and told, and a retry refunds once', async () => {
    const writes = await walkFaults(blobs, {
      async arrange() {
        await seedEditors();
        const pending = await placeOrder();
        const paid = await deliverEvent(JSON.stringify(completedEvent(pending, `cs_test_local_${'c'.repeat(32)}`)));
        expect(paid.body.result).toBe('paid');
        order = (await ordersRepo().get(pending.id))!;
      },
      act: refund,
      afterFault: doneOrToldToRetry(expectRefundedOnce),
      async afterRetry(res) {
        expect(res.status, JSON.stringify(res.body)).toBe(200);
        await expectRefundedOnce();
      },
    });
    expect(writes).toBeGreaterThanOrEqual(3);
  }, 300_000);
});

describe('the free consult', () => {
  const email = 'pat@example.com';
  /** Whoever holds a slot in the two weeks on offer. */
  const holders = async () => consultsRepo().heldBookings(new Date(), new Date(Date.now() + 15 * 86_400_000));
  const reminderKeys = async () => (await openStore('consults').list({ prefix: 'reminders/' })).blobs.map((b) => b.key);
  const mailsAbout = async (subject: RegExp) =>
    (await listOutbox(undefined, 200)).map((m) => m.value).filter((m) => subject.test(m.subject));

  describe('booking', () => {
    let slot: string;
    const requestId = crypto.randomUUID();
    const bookIt = () =>
      call(consultBookings, '/api/consult/bookings', {
        method: 'POST',
        json: bookingRequest(slot, { email, requestId }),
      });

    /** The visitor holds the slot, has one confirmation whose cancel link names the booking, and a reminder if one is due. */
    async function expectBookedOnce(id: string) {
      expect((await holders()).map((b) => [b.id, b.email, b.start])).toEqual([[id, email, slot]]);
      expect(await mailsTo(email)).toHaveLength(1);
      expect(await mailsAbout(/^New consult: /)).toHaveLength(1);
      expect(await bookingIdForToken(await cancelTokenFor(email), {})).toBe(id);
      const due = reminderDue({ start: slot }) > new Date();
      expect(await reminderKeys()).toHaveLength(due ? 1 : 0);
    }

    it('answers 201 only when the visitor holds the slot and was told; a retry with the same request completes it once', async () => {
      const writes = await walkFaults(blobs, {
        async arrange() {
          slot = (await freeSlots({})).slots.at(-1)!;
        },
        act: bookIt,
        async afterFault(res) {
          if (res.status === 201) return expectBookedOnce(res.body.id);
          expectToldToRetry(res);
          // What is held is the visitor's own booking (the retry finishes it), never anyone else's.
          for (const held of await holders()) expect(held.email).toBe(email);
        },
        async afterRetry(res) {
          expect(res.status, JSON.stringify(res.body)).toBe(201);
          await expectBookedOnce(res.body.id);
        },
      });
      expect(writes).toBeGreaterThanOrEqual(5);
    }, 300_000);

    it('a request id used for another booking is refused, and the first booking stands', async () => {
      blobs.reset();
      slot = (await freeSlots({})).slots.at(-1)!;
      const first = await bookIt();
      expect(first.status).toBe(201);
      const other = (await freeSlots({})).slots[0];
      const reused = await call(consultBookings, '/api/consult/bookings', {
        method: 'POST',
        json: bookingRequest(other, { email: 'sam@example.com', requestId }),
      });
      expect(reused.status).toBe(409);
      expect((await holders()).map((b) => b.id)).toEqual([first.body.id]);
    });
  });

  describe('cancelling with the e-mailed link', () => {
    let booked: { id: string; start: string; token: string };
    const cancelIt = () =>
      call(consultCancel, '/api/consult/cancel', { method: 'POST', json: { token: booked.token } });

    /** Cancelled, the slot free again, no reminder left, and one cancellation e-mail to the visitor. */
    async function expectCancelledOnce() {
      expect((await consultsRepo().get(booked.id))!.value.status).toBe('cancelled');
      expect(await holders()).toEqual([]);
      expect((await freeSlots({})).slots).toContain(booked.start);
      expect(await reminderKeys()).toEqual([]);
      expect((await mailsTo(email)).filter((m) => m.icalEvent?.method === 'CANCEL')).toHaveLength(1);
    }

    it('answers 200 only when all is done; a retry frees the slot and tells the visitor once', async () => {
      const writes = await walkFaults(blobs, {
        async arrange() {
          // The last slot on offer is more than a day ahead: it has a reminder to forget.
          const start = (await freeSlots({})).slots.at(-1)!;
          const res = await call(consultBookings, '/api/consult/bookings', {
            method: 'POST',
            json: bookingRequest(start, { email }),
          });
          expect(res.status, JSON.stringify(res.body)).toBe(201);
          booked = { id: res.body.id, start, token: await cancelTokenFor(email) };
          expect(await reminderKeys()).toHaveLength(1);
        },
        act: cancelIt,
        async afterFault(res) {
          if (res.status === 200) return expectCancelledOnce();
          expectToldToRetry(res);
        },
        async afterRetry(res) {
          // The first attempt's cancel may have stood: then the retry says so, having finished the rest.
          if (res.status === 409) expect(res.body.error).toBe(consultMessages.alreadyCancelled);
          else expect(res.status, JSON.stringify(res.body)).toBe(200);
          await expectCancelledOnce();
        },
      });
      expect(writes).toBeGreaterThanOrEqual(4);
    }, 300_000);
  });

  describe('the reminder run', () => {
    let id: string;
    let runAt: Date;
    const run = () => sendDueReminders({}, runAt).catch((error: Error) => error);

    it('a run that failed midway is finished by the next, and the visitor gets one reminder', async () => {
      const writes = await walkFaults(blobs, {
        async arrange() {
          const start = (await freeSlots({})).slots.at(-1)!;
          const res = await call(consultBookings, '/api/consult/bookings', {
            method: 'POST',
            json: bookingRequest(start, { email }),
          });
          expect(res.status, JSON.stringify(res.body)).toBe(201);
          id = res.body.id;
          runAt = new Date(reminderDue({ start }).getTime() + 60_000);
        },
        act: run,
        afterFault: () => {},
        async afterRetry(result) {
          expect(result).toEqual({ sent: expect.any(Number) });
          expect(await mailsAbout(/^Reminder/)).toHaveLength(1);
          expect(await reminderKeys()).toEqual([]);
          expect((await consultsRepo().get(id))!.value.history.filter((e) => e.type === 'reminder-sent')).toHaveLength(
            1,
          );
        },
      });
      expect(writes).toBeGreaterThanOrEqual(3);
    }, 300_000);
  });
  describe('the admin saves a day off over a booked consult, with a new meeting link', () => {
    const LINK = 'https://meet.example.com/faults';
    let onDayOff: string;
    let other: string;
    let dayOff: string;
    const save = () =>
      updateAvailability(
        { ...DEFAULT_AVAILABILITY, daysOff: [dayOff], meetingLink: LINK },
        [onDayOff],
        'boss@example.test',
        {},
      ).catch((error: Error) => error);
    const bookAs = async (start: string, address: string) => {
      const res = await call(consultBookings, '/api/consult/bookings', {
        method: 'POST',
        json: bookingRequest(start, { email: address }),
      });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      return res.body.id as string;
    };

    it('never leaves a booked consult on a saved day off; a retry finishes it, each visitor told once', async () => {
      const writes = await walkFaults(blobs, {
        async arrange() {
          const { slots } = await freeSlots({});
          dayOff = localDate(slots.at(-1)!, BUSINESS_TIME_ZONE);
          onDayOff = await bookAs(slots.at(-1)!, 'dayoff@example.com');
          other = await bookAs(
            slots.find((slot) => localDate(slot, BUSINESS_TIME_ZONE) !== dayOff)!,
            'other@example.com',
          );
        },
        act: save,
        async afterFault() {
          const { availability } = await consultsRepo().availability();
          if (availability.daysOff.includes(dayOff))
            expect((await consultsRepo().get(onDayOff))!.value.status).toBe('cancelled');
        },
        async afterRetry(result) {
          expect(result).toMatchObject({ saved: { availability: { daysOff: [dayOff], meetingLink: LINK } } });
          expect((await consultsRepo().get(onDayOff))!.value.status).toBe('cancelled');
          expect((await mailsTo('dayoff@example.com')).map((m) => m.subject)).toEqual([
            expect.stringMatching(/is booked/),
            expect.stringMatching(/is cancelled$/),
          ]);
          const told = (await mailsTo('other@example.com')).filter((m) => m.subject.startsWith('The link to join'));
          expect(told.map((m) => m.text.includes(LINK))).toEqual([true]);
          expect((await consultsRepo().get(other))!.value.history.filter((e) => e.type === 'link-sent')).toHaveLength(
            1,
          );
        },
      });
      expect(writes).toBeGreaterThanOrEqual(6);
    }, 600_000);
  });

  describe("the admin sets a consult's own meeting link", () => {
    const LINK = 'https://meet.example.com/own';
    let id: string;
    const setIt = () => setConsultLink(id, LINK, {}).catch((error: Error) => error);

    it('a retry finishes it, and the visitor is told once', async () => {
      const writes = await walkFaults(blobs, {
        async arrange() {
          const res = await call(consultBookings, '/api/consult/bookings', {
            method: 'POST',
            json: bookingRequest((await freeSlots({})).slots.at(-1)!, { email }),
          });
          expect(res.status, JSON.stringify(res.body)).toBe(201);
          id = res.body.id;
        },
        act: setIt,
        afterFault: () => {},
        async afterRetry(result) {
          expect(result).toMatchObject({ id, meetingLink: LINK, joinLink: LINK });
          expect((await mailsTo(email)).filter((m) => m.subject.startsWith('The link to join'))).toHaveLength(1);
        },
      });
      expect(writes).toBeGreaterThanOrEqual(2);
    }, 300_000);
  });
});

describe('a step on a project (the family submits a first draft)', () => {
  let projectId: string;
  let slotsBefore: number;
  const submit = () => submitText(user.idToken, { id: projectId, version: 1 });
  const newDraftMails = async () =>
    (await listOutbox(undefined, 200)).map((m) => m.value).filter((m) => m.subject.includes('New draft: '));

  it('answers 200 only when the step is stored; a retry or the next timer run completes it, with one notice to the editor', async () => {
    const writes = await walkFaults(blobs, {
      async arrange() {
        await seedEditors();
        ({
          projectIds: [projectId],
        } = await paidOrder(user.idToken, selection({ services: [{ id: 'supplement-small', quantity: 1 }] })));
        slotsBefore = (await editorsRepo().get('maya-chen'))!.slotsOpen;
      },
      act: submit,
      async afterFault(res) {
        // 200: the step is stored (its notice goes now, or with the notice timer should sending fail).
        if (res.status === 200) expect((await projectsRepo().get(projectId))!.state).toBe('submitted');
        else expectToldToRetry(res);
      },
      async afterRetry(res) {
        // The first attempt's step may have stood: then the retry is stale, and the family reloads to see it.
        if (res.status === 409) expect(res.body.error).toMatch(/changed/i);
        else expect(res.status, JSON.stringify(res.body)).toBe(200);
        // The timers due in the next minutes (the notice's and the slots' check) run.
        const run = await runDueTimers(context(), new Date(Date.now() + 3 * 60_000));
        expect(run.failed).toBe(0);
        const project = (await projectsRepo().get(projectId))!;
        expect(project.state).toBe('submitted');
        expect(project.rounds).toHaveLength(1);
        expect(await newDraftMails()).toHaveLength(1);
        // The draft takes one of Maya's slots, once.
        expect((await editorsRepo().get('maya-chen'))!.slotsOpen).toBe(slotsBefore - 1);
      },
    });
    expect(writes).toBeGreaterThanOrEqual(3);
  }, 600_000);
});

describe('the parent invites the student (two projects, one e-mail)', () => {
  let orderId: string;
  let projectIds: string[];
  const studentEmail = 'sam-faults@example.test';
  const invite = () =>
    call(studentAccess, `/api/student-access/${orderId}`, {
      method: 'POST',
      params: { orderId },
      headers: bearer(user.idToken),
    });
  const invitations = async () =>
    (await listOutbox(undefined, 200))
      .map((m) => m.value)
      .filter((m) => m.to === studentEmail && m.subject.includes('invited you'));
  const listed = async () => (await openStore('projects').list({ prefix: 'by-student/' })).blobs.length;

  it('answers 200 only when every project is shared; a retry shares each once and e-mails once', async () => {
    const writes = await walkFaults(blobs, {
      async arrange() {
        await seedEditors();
        ({ orderId, projectIds } = await paidOrder(
          user.idToken,
          selection({ services: [{ id: 'supplement-small', quantity: 2 }], student: { ...student, studentEmail } }),
        ));
      },
      act: invite,
      async afterFault(res) {
        if (res.status !== 200) return expectToldToRetry(res);
        for (const id of projectIds) expect((await projectsRepo().get(id))!.studentAccess).toBeDefined();
        expect(await invitations()).toHaveLength(1);
      },
      async afterRetry(res) {
        expect(res.status, JSON.stringify(res.body)).toBe(200);
        for (const id of projectIds) {
          const project = (await projectsRepo().get(id))!;
          expect(project.studentAccess).toBeDefined();
          expect(project.history.filter((e) => e.type === 'student_invited')).toHaveLength(1);
        }
        // A shared project is always listed for the student.
        expect(await listed()).toBe(projectIds.length);
        expect(await invitations()).toHaveLength(1);
      },
    });
    expect(writes).toBeGreaterThanOrEqual(5);
  }, 600_000);
});

describe('the family cancels a project (with its refund)', () => {
  let projectId: string;
  let orderId: string;
  let slotsBefore: number;
  const cancel = () => act(user.idToken, projectId, 'cancel', { version: 2 });
  const cancelMails = async () =>
    (await listOutbox(undefined, 200)).map((m) => m.value).filter((m) => m.subject.startsWith('Cancelled: '));

  it('answers 200 only when the cancel is stored; a retry or the next timer run refunds once, frees the slot and tells both sides once', async () => {
    const writes = await walkFaults(blobs, {
      async arrange() {
        await seedEditors();
        ({
          orderId,
          projectIds: [projectId],
        } = await paidOrder(user.idToken, selection({ services: [{ id: 'supplement-small', quantity: 1 }] })));
        slotsBefore = (await editorsRepo().get('maya-chen'))!.slotsOpen;
        expect((await submitText(user.idToken, { id: projectId, version: 1 })).body.version).toBe(2);
      },
      act: cancel,
      async afterFault(res) {
        if (res.status === 200) expect((await projectsRepo().get(projectId))!.state).toBe('cancelled');
        else expectToldToRetry(res);
      },
      async afterRetry(res) {
        if (res.status === 409) expect(res.body.error).toMatch(/changed|cancelled/i);
        else expect(res.status, JSON.stringify(res.body)).toBe(200);
        const run = await runDueTimers(context(), new Date(Date.now() + 3 * 60_000));
        expect(run.failed).toBe(0);
        expect((await projectsRepo().get(projectId))!.state).toBe('cancelled');
        const refunds = (await ordersRepo().get(orderId))!.refunds ?? [];
        expect(refunds.map((r) => [r.id, r.state])).toEqual([[`cancel-${projectId}`, 'succeeded']]);
        expect((await editorsRepo().get('maya-chen'))!.slotsOpen).toBe(slotsBefore);
        expect(await cancelMails()).toHaveLength(2);
        // The owner hears of the family's own cancel once, and it waits to be seen once.
        expect(
          (await listOutbox(undefined, 200)).filter((m) => m.value.subject.startsWith('A family cancelled')),
        ).toHaveLength(1);
        expect((await attentionRepo().page({ limit: 10 })).unseen).toBe(1);
      },
    });
    expect(writes).toBeGreaterThanOrEqual(4);
  }, 900_000);
});

describe('an uploaded draft (the family uploads a .docx, converted to text)', () => {
  let projectId: string;
  const ESSAY = docx(paragraph('My grandmother kept bees.') + paragraph('I kept them too.'));
  const send = () => upload(user.idToken, projectId, ESSAY, 'bees.docx');
  const expectText = async (fileId: string) =>
    expect(await draftTextsRepo().get(projectId, fileId)).toMatchObject({
      status: 'ready',
      blocks: [
        { kind: 'p', text: 'My grandmother kept bees.' },
        { kind: 'p', text: 'I kept them too.' },
      ],
    });

  it('answers 201 only when the file and its text are stored; a retry stores both', async () => {
    const writes = await walkFaults(blobs, {
      async arrange() {
        await seedEditors();
        ({
          projectIds: [projectId],
        } = await paidOrder(user.idToken, selection({ services: [{ id: 'supplement-small', quantity: 1 }] })));
      },
      act: send,
      async afterFault(res) {
        if (res.status === 201) await expectText(res.body.id);
        else expectToldToRetry(res);
      },
      async afterRetry(res) {
        expect(res.status, JSON.stringify(res.body)).toBe(201);
        await expectText(res.body.id);
      },
    });
    expect(writes).toBeGreaterThanOrEqual(3);
  }, 300_000);
});
