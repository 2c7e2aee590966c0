/**
 * /api/test-connect?account=acct_test_...: test mode's stand-in for Stripe's hosted onboarding (GET: a
 * page with one button; POST: the account is ready, and the editor goes back to their earnings). Only
 * in test mode: with Stripe keys set, and always in the production deploy context, it does not exist
 * (404).
 */
import type { Config, Context } from '@netlify/functions';
import { z } from '#lib/zod';
import { CONNECT_RETURN_PATH, connectMessages as words } from '#features/payouts/connect';
import { finishTestOnboarding, TEST_ACCOUNT_PATTERN } from '#features/payouts/server/connect';
import { plainPage, readForm, seeOther } from '#server/core/form-post';
import { HttpError, parse, route } from '#server/core/http';
import { escapeHtml } from '#server/core/mail';
import { paymentsMode } from '#server/core/stripe';

const accountSchema = z.string().regex(TEST_ACCOUNT_PATTERN, 'account is not a test account');

function testMode(context: Context) {
  if (paymentsMode(context).kind !== 'test') throw new HttpError(404, 'Not found');
}

export default route({
  GET: async (req, context) => {
    testMode(context);
    const account = parse(accountSchema, new URL(req.url).searchParams.get('account') ?? '');
    const e = escapeHtml;
    return plainPage(
      200,
      words.testHeading,
      `<p>${e(words.testBody)}</p>
<form method="post" action="/api/test-connect?account=${e(account)}">
<button class="back" type="submit">${e(words.testFinish)}</button>
</form>`,
    );
  },
  POST: async (req, context) => {
    testMode(context);
    const account = parse(accountSchema, new URL(req.url).searchParams.get('account') ?? '');
    await readForm(req);
    if (!(await finishTestOnboarding(account, context))) throw new HttpError(404, 'No such test account');
    return seeOther(CONNECT_RETURN_PATH);
  },
});

export const config: Config = {
  path: '/api/test-connect',
  // Open, as Stripe's page is to whoever holds the link: no more than a person clicks.
  rateLimit: { windowLimit: 30, windowSize: 60, aggregateBy: ['ip', 'domain'] },
};
