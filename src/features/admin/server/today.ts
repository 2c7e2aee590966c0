/**
 * What the Today tab counts (../today.ts). Each count reads what needs a person, never the history:
 * the open inquiries' and applications' key listings, the projects with a round open or a request for
 * help, the orders needing the owner or declined, the few days of abandoned checkouts, the held reviews'
 * own keys and the unseen notices'; the months' figures read kept days (decision 096).
 */
import { localDate } from '#features/consults/consult-format';
import { applicationsRepo } from '#features/applications/server/applications.repo';
import { inquiriesRepo } from '#features/contact/server/inquiries.repo';
import { ordersRepo } from '#features/orders/server/orders.repo';
import { HELP_STATE, openRound, ROUND_OPEN_STATES, unacknowledged } from '#features/projects/process';
import { projectsRepo } from '#features/projects/server/projects.repo';
import { attentionRepo } from '#server/core/attention';
import { DAY_MS } from '#lib/time';
import type { DeployInfo } from '#server/storage/stores';
import { BUSINESS_TIME_ZONE, monthToDatePeriod, sameDaysLastMonth } from '../reports';
import { ABANDONED_DAYS, type TodayFigures, type TodayReport } from '../today';
import { periodFigures } from './reports';

const ALL = { limit: Number.MAX_SAFE_INTEGER };

async function figuresOf(period: { from: string; to: string }, info: DeployInfo, now: Date) {
  const { revenueCents, refundsCents, orders, projectsFinished } = await periodFigures(period, info, now);
  const figures: TodayFigures = { revenueCents, refundsCents, orders, projectsFinished };
  return { ...period, figures };
}

export async function todayReport(info: DeployInfo, now = new Date()): Promise<TodayReport> {
  const today = localDate(now.toISOString(), BUSINESS_TIME_ZONE);
  const orders = ordersRepo(info);
  const projects = projectsRepo(info);
  const everyone = () => true;
  const [inquiries, applications, withRounds, help, needing, declined, abandoned, held, notices, thisMonth, lastMonth] =
    await Promise.all([
      inquiriesRepo(info).count('open'),
      applicationsRepo(info).count('new'),
      projects.pageFiltered(ALL, { states: ROUND_OPEN_STATES }, everyone),
      projects.pageFiltered(ALL, { states: [HELP_STATE] }, everyone),
      orders.pageFiltered(ALL, { needsYou: true }),
      orders.pageFiltered(ALL, { state: 'declined' }),
      orders.createdSince('expired', new Date(now.getTime() - ABANDONED_DAYS * DAY_MS), now),
      projects.withHeldReviews(),
      attentionRepo(info).unseen(),
      figuresOf(monthToDatePeriod(today), info, now),
      figuresOf(sameDaysLastMonth(today), info, now),
    ]);
  return {
    counts: {
      inquiries,
      unacknowledged: withRounds.items.filter((project) => unacknowledged(project, now)).length,
      late: withRounds.items.filter((project) => openRound(project, now)?.late).length,
      help: help.items.length,
      failedRefunds: needing.items.length,
      declined: declined.items.length,
      abandoned: abandoned.length,
      heldReviews: held.length,
      applications,
      notices,
    },
    thisMonth,
    lastMonth,
    timeZone: BUSINESS_TIME_ZONE,
  };
}
