/**
 * GET /api/editor/earnings: the signed-in editor's own money: pending (with the date each earning
 * clears), payable, paid, this year's payouts, and every entry of their ledger (`?format=csv`: the
 * same entries as a statement to download). 403 for anyone who is not an editor.
 */
import type { Config } from '@netlify/functions';
import { statementFormatSchema } from '#features/payouts/payouts.schema';
import { earningsOf, statementRows } from '#features/payouts/server/statement';
import { editorOf } from '#features/editors/server/signed-in-editor';
import { authenticate } from '#server/core/auth';
import { toCsv } from '#server/core/csv';
import { HttpError, parse, privateJson, route } from '#server/core/http';

export default route({
  GET: async (req, context) => {
    const caller = await authenticate(req, context);
    const format = parse(statementFormatSchema, new URL(req.url).searchParams.get('format') ?? undefined);
    const editor = await editorOf(caller, context);
    if (!editor) throw new HttpError(403, 'Editors only');
    const earnings = await earningsOf(editor.id, new Date(), context);
    if (format === 'json') return privateJson(earnings);
    return new Response(toCsv(statementRows(earnings.entries)), {
      headers: {
        'Cache-Control': 'private, no-store',
        'Content-Type': 'text/csv; charset=utf-8',
        'Content-Disposition': `attachment; filename="earnings-${editor.id}.csv"`,
      },
    });
  },
});

export const config: Config = { path: '/api/editor/earnings' };
