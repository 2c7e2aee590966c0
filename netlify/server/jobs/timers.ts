/**
 * Every feature's timers in one run: each feature owns the kinds it schedules and gives their
 * handlers here, so the timers' store and loop (core) know none of them.
 */
import { mailTimers } from '#server/core/mail';
import { runTimers } from '#server/core/timers';
import { orderTimers } from '#features/orders/server/unpaid-orders';
import { waitlistTimers } from '#features/waitlist/server/waitlist-notify';
import { changedMeanwhile, projectTimers } from '#features/projects/server/scheduler';
import type { StepContext } from '#features/projects/server/steps';

const HANDLERS = { ...projectTimers, ...orderTimers, ...mailTimers, ...waitlistTimers };

/** Every timer due at `now`, each handled by its feature's handler. */
export const runDueTimers = (context: StepContext, now = new Date()) =>
  runTimers(HANDLERS, context, now, changedMeanwhile);
