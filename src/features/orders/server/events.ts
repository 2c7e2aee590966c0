/**
 * The payment provider's events as delivered: read only when signed with this deploy's webhook secret
 * and shaped as an event, and handled once each. Checkout events (fulfilment.ts) and refund events
 * (refunds.ts) both pass here.
 */
import type Stripe from 'stripe';
import { z } from '#lib/zod';
import { HttpError } from '#server/core/http';
import { configuredPayments, webhookSecretOf } from '#server/core/stripe';
import { openStore, type DeployInfo } from '#server/storage/stores';
import { isValidWebhookSignature } from './webhook-signature';

/** Stripe's events are far below this; anything larger is not from Stripe. */
const MAX_EVENT_BYTES = 512 * 1024;

/** The envelope every Stripe event has; the handlers parse their own `data.object`. */
const eventSchema = z.object({
  id: z.string().min(1),
  type: z.string(),
  /** When the provider made it, in seconds: the same for every delivery of it. */
  created: z.number().int().nonnegative().optional(),
  data: z.object({ object: z.unknown() }),
});

/** 503 when this deploy has no webhook secret, 400 unless the signature is valid and fresh and the body an event. */
export function readEvent(payload: string, signature: string, info?: DeployInfo): Stripe.Event {
  if (payload.length > MAX_EVENT_BYTES) throw new HttpError(400, 'Event too large');
  const secret = webhookSecretOf(configuredPayments(info));
  if (!isValidWebhookSignature(payload, signature, secret)) throw new HttpError(400, 'Invalid signature');
  let event: unknown;
  try {
    event = JSON.parse(payload);
  } catch {
    throw new HttpError(400, 'Malformed event');
  }
  const parsed = eventSchema.safeParse(event);
  if (!parsed.success) throw new HttpError(400, 'Malformed event');
  return parsed.data as unknown as Stripe.Event;
}

/**
 * Handles `work` for an event not handled before, and marks the event handled once the work is done.
 * The work is safe to repeat: a delivery that failed half way (and was answered 5xx) is completed by
 * the provider's retry, and deliveries at once both do it with one effect.
 */
export async function once<R extends string>(
  event: Stripe.Event,
  info: DeployInfo | undefined,
  work: () => Promise<R>,
): Promise<R | 'duplicate'> {
  const events = openStore('events', info);
  if (await events.get(event.id, { type: 'json' })) return 'duplicate';
  const result = await work();
  await events.setJSON(event.id, { type: event.type, receivedAt: new Date().toISOString(), result });
  return result;
}
