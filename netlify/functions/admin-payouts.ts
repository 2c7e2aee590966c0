/**
 * /api/admin/payouts (admin): GET every editor's pending, payable and paid balance, the newest payout
 * runs and the rates (`?taxYear=2026`: that year's payouts per editor for the 1099s, `&format=csv` the
 * export); POST `{ requestId, reference, byHand }` records a run that pays every payable balance,
 * through Stripe to a connected bank account or by hand (a bank transfer outside the product, those
 * the admin confirmed in `byHand`); PUT sets the rates, for the projects that end from then
 * on. Both audited. The same run request sent again finds its run.
 */
import type { Config } from '@netlify/functions';
import { PAYOUT_LIMITS, type PayoutsView } from '#features/payouts/payouts';
import { payoutRunSchema, ratesSchema, taxYearQuerySchema } from '#features/payouts/payouts.schema';
import { taxRows, taxYear } from '#features/payouts/server/tax-year';
import { toCsv } from '#server/core/csv';
import { ratesRepo } from '#features/payouts/server/rates';
import { balancesByEditor, recentRuns, recordPayoutRun } from '#features/payouts/server/payout-runs';
import { editorsRepo } from '#features/editors/server/editors.repo';
import { audited } from '#server/core/audit-log';
import { requireAdmin, requireOwner } from '#server/core/auth';
import { parse, privateJson, readBody, route } from '#server/core/http';
import type { DeployInfo } from '#server/storage/stores';

async function view(now: Date, info: DeployInfo): Promise<PayoutsView> {
  const [balances, runs, editors, rates] = await Promise.all([
    balancesByEditor(now, info),
    recentRuns(PAYOUT_LIMITS.runsShown, info),
    editorsRepo(info).list({ fresh: true }),
    ratesRepo(info).current(),
  ]);
  const byId = new Map(editors.map((editor) => [editor.id, editor]));
  const name = (id: string) => byId.get(id)?.name ?? id;
  return {
    asOf: now.toISOString(),
    rates: rates.rates,
    ratesSetAt: rates.setAt,
    editors: balances.map(({ editorId, balances }) => ({
      editorId,
      name: name(editorId),
      balances,
      throughStripe: byId.get(editorId)?.payoutAccount?.state === 'ready',
    })),
    runs: runs.map((run) => ({
      ...run,
      // The account and the transfer stay on the server: our team reads them in Stripe's dashboard.
      payouts: run.payouts.map(({ editorId, cents, via, failed }) => ({
        editorId,
        name: name(editorId),
        cents,
        ...(via && { via }),
        ...(failed && { failed }),
      })),
    })),
  };
}

export default route({
  GET: async (req, context) => {
    await requireAdmin(req, context);
    const url = new URL(req.url);
    const query = parse(taxYearQuerySchema, {
      taxYear: url.searchParams.get('taxYear') ?? undefined,
      format: url.searchParams.get('format') ?? undefined,
    });
    if (query.taxYear === undefined) return privateJson(await view(new Date(), context));
    const year = await taxYear(query.taxYear, context);
    if (query.format === 'json') return privateJson(year);
    return new Response(toCsv(taxRows(year)), {
      headers: {
        'Content-Type': 'text/csv; charset=utf-8',
        'Content-Disposition': `attachment; filename="1099-nec-${year.year}.csv"`,
        'Cache-Control': 'private, no-store',
      },
    });
  },
  POST: async (req, context) => {
    const caller = requireOwner(await requireAdmin(req, context));
    const { requestId, reference, byHand } = await readBody(req, payoutRunSchema);
    const now = new Date();
    await audited(
      context,
      caller,
      {
        action: 'payout-recorded',
        subject: { kind: 'payout', id: requestId },
        before: null,
        after: { reference },
      },
      () => recordPayoutRun({ id: requestId, reference, by: caller.email, byHand }, now, context),
    );
    return privateJson(await view(now, context));
  },
  PUT: async (req, context) => {
    const caller = requireOwner(await requireAdmin(req, context));
    const rates = await readBody(req, ratesSchema);
    const now = new Date();
    const repo = ratesRepo(context);
    const before = (await repo.current()).rates;
    await audited(
      context,
      caller,
      { action: 'payout-rates-changed', subject: { kind: 'payout-rates', id: 'rates' }, before, after: rates },
      () => repo.set(rates, caller.email, now),
    );
    return privateJson(await view(now, context));
  },
});

export const config: Config = { path: '/api/admin/payouts' };
