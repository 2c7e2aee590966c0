/**
 * Editors' bank accounts through Stripe Connect (docs/decisions/085): each editor is a v2 Account with
 * the recipient configuration, which Stripe's hosted flow onboards; the account is ready once Stripe
 * can send it transfers. In test mode (no Stripe keys; never in production) a stand-in keeps accounts
 * in the ledger store and onboards on a local page (netlify/functions/test-connect.ts), so the editor's
 * whole way runs without Stripe.
 */
import type Stripe from 'stripe';
import type { PayoutAccount, PayoutAccountState } from '#features/editors/invitation';
import type { EditorRecord } from '#features/editors/server/editors.repo';
import { editorsRepo } from '#features/editors/server/editors.repo';
import { serverEnv, type ServerEnv } from '#server/core/env';
import { HttpError } from '#server/core/http';
import { configuredPayments, PROVIDER_UNREACHABLE, stripeClient, type ConfiguredPayments } from '#server/core/stripe';
import { openStore, type DeployInfo } from '#server/storage/stores';
import { CONNECT_REFRESH_PATH, CONNECT_RETURN_PATH, type PayoutAccountView } from '../connect';
import { payoutEntryId } from '../earnings';

interface ConnectProvider {
  /** Makes the editor's account; the same one however often asked (keyed by the editor's id). */
  createAccount(editor: { id: string; name: string; email: string }): Promise<string>;
  /** A link into the hosted onboarding, good for a few minutes. */
  onboardingLink(accountId: string, urls: { refresh: string; back: string }): Promise<string>;
  /** Whether the account can be sent transfers now. */
  ready(accountId: string): Promise<boolean>;
  /** Sends `cents` to the account: one transfer per run and editor, however often asked. */
  transfer(payout: { accountId: string; cents: number; runId: string; editorId: string }): Promise<string>;
}

function stripeConnect(mode: Extract<ConfiguredPayments, { kind: 'stripe' }>): ConnectProvider {
  const client = () => stripeClient(mode);
  return {
    async createAccount(editor) {
      const params: Stripe.V2.Core.AccountCreateParams = {
        contact_email: editor.email,
        display_name: editor.name,
        // Stripe hosts the onboarding and the editor's own payout settings.
        dashboard: 'express',
        identity: { country: 'us' },
        configuration: { recipient: { capabilities: { stripe_balance: { stripe_transfers: { requested: true } } } } },
        // The platform owns refunds and disputes, so it owns losses; Stripe then has it collect fees.
        defaults: { responsibilities: { fees_collector: 'application', losses_collector: 'application' } },
        metadata: { editorId: editor.id },
      };
      const account = await (
        await client()
      ).v2.core.accounts.create(params, { idempotencyKey: `payout-account-${editor.id}` });
      return account.id;
    },
    async onboardingLink(accountId, urls) {
      const link = await (
        await client()
      ).v2.core.accountLinks.create({
        account: accountId,
        use_case: {
          type: 'account_onboarding',
          account_onboarding: { refresh_url: urls.refresh, return_url: urls.back },
        },
      });
      return link.url;
    },
    async ready(accountId) {
      const account = await (
        await client()
      ).v2.core.accounts.retrieve(accountId, { include: ['configuration.recipient'] });
      return account.configuration?.recipient?.capabilities?.stripe_balance?.stripe_transfers?.status === 'active';
    },
    async transfer({ accountId, cents, runId, editorId }) {
      const stripe = await client();
      // Stripe keeps an idempotency key for a day; a run finished later finds its transfer by its group.
      const made = await stripe.transfers.list({ transfer_group: `payout-${runId}`, limit: 100 });
      const found = made.data.find((t) => t.metadata?.editorId === editorId);
      if (found) return found.id;
      const transfer = await stripe.transfers.create(
        {
          amount: cents,
          currency: 'usd',
          destination: accountId,
          transfer_group: `payout-${runId}`,
          // What it pays: the run, and the ledger entry the run writes for it (payout-runs.ts).
          metadata: { runId, editorId, ledgerEntry: payoutEntryId(runId) },
        },
        // The SDK's own keys cover only its retries: a run finished again must find the same transfer.
        { idempotencyKey: transferKey(runId, editorId) },
      );
      return transfer.id;
    },
  };
}

const transferKey = (runId: string, editorId: string) => `payout-${runId}-${editorId}`;

/** Test mode's accounts: `test-connect/<id>` in the ledger store, ready once the local page says so. */
const TEST_PREFIX = 'test-connect/';
export const TEST_ACCOUNT_PATTERN = /^acct_test_[0-9a-f]{32}$/;

interface TestAccount {
  editorId: string;
  ready: boolean;
}

function testConnect(info: DeployInfo | undefined, env: ServerEnv): ConnectProvider {
  const store = openStore('ledger', info);
  return {
    async createAccount(editor) {
      const id = `acct_test_${crypto.randomUUID().replace(/-/g, '')}`;
      await store.setJSON(`${TEST_PREFIX}${id}`, { editorId: editor.id, ready: false } satisfies TestAccount);
      return id;
    },
    onboardingLink: async (accountId) => `${env.URL}/api/test-connect?account=${accountId}`,
    async ready(accountId) {
      const account = (await store.get(`${TEST_PREFIX}${accountId}`, { type: 'json' })) as TestAccount | null;
      return account?.ready ?? false;
    },
    async transfer({ accountId, cents, runId, editorId }) {
      const key = `${TEST_PREFIX}transfers/${transferKey(runId, editorId)}`;
      const made = { id: `tr_test_${crypto.randomUUID().replace(/-/g, '')}`, accountId, cents };
      if (await store.setJSON(key, made, { onlyIfNew: true })) return made.id;
      return ((await store.get(key, { type: 'json' })) as typeof made).id;
    },
  };
}

/** Test mode's stand-in for Stripe's onboarding: the account is ready. False for an unknown account. */
export async function finishTestOnboarding(accountId: string, info?: DeployInfo): Promise<boolean> {
  const store = openStore('ledger', info);
  const key = `${TEST_PREFIX}${accountId}`;
  const account = (await store.get(key, { type: 'json' })) as TestAccount | null;
  if (!account) return false;
  await store.setJSON(key, { ...account, ready: true } satisfies TestAccount);
  return true;
}

const providerFor = (mode: ConfiguredPayments, info: DeployInfo | undefined, env: ServerEnv) =>
  mode.kind === 'stripe' ? stripeConnect(mode) : testConnect(info, env);

/** Stripe answered with an error or not at all: the caller may try again; the log says what happened. */
function unreachable(what: string, error: unknown): never {
  console.error(`Stripe Connect: ${what} failed:`, error instanceof Error ? error.message : error);
  throw new HttpError(502, PROVIDER_UNREACHABLE);
}

async function askingStripe<T>(what: string, ask: () => Promise<T>): Promise<T> {
  try {
    return await ask();
  } catch (error) {
    if (error instanceof HttpError) throw error;
    unreachable(what, error);
  }
}

const viewOf = (account: PayoutAccount | undefined): PayoutAccountView =>
  account ? { state: account.state, checkedAt: account.checkedAt } : { state: 'none', checkedAt: null };

/**
 * The editor's account (made on the first call, kept on their record) and a fresh link into the hosted
 * onboarding. A cut between making the account and keeping it is harmless: Stripe answers the same
 * account to the same idempotency key.
 */
export async function onboardingLinkFor(
  editor: EditorRecord,
  /** The address the editor signed in with, verified: Stripe's contact for the account. */
  email: string,
  now: Date,
  info?: DeployInfo,
  env: ServerEnv = serverEnv(),
): Promise<string> {
  const provider = providerFor(configuredPayments(info), info, env);
  let account = editor.payoutAccount;
  if (!account) {
    const id = await askingStripe('making an account', () =>
      provider.createAccount({ id: editor.id, name: editor.name, email }),
    );
    const at = now.toISOString();
    const kept = await editorsRepo(info).setPayoutAccount(
      editor.id,
      (current) => (current ? null : { id, state: 'onboarding', createdAt: at, checkedAt: at }),
      now,
    );
    account = kept?.payoutAccount;
    if (!account) throw new HttpError(404, 'No such editor');
  }
  const { id } = account;
  return askingStripe('making an onboarding link', () =>
    provider.onboardingLink(id, {
      refresh: `${env.URL}${CONNECT_REFRESH_PATH}`,
      back: `${env.URL}${CONNECT_RETURN_PATH}`,
    }),
  );
}

/** The editor's account as it stands, read from Stripe again (and kept) when its state may have moved. */
export async function payoutAccountOf(editor: EditorRecord, now: Date, info?: DeployInfo): Promise<PayoutAccountView> {
  const account = editor.payoutAccount;
  if (!account) return viewOf(account);
  const provider = providerFor(configuredPayments(info), info, serverEnv());
  const ready = await askingStripe('reading an account', () => provider.ready(account.id));
  const state: PayoutAccountState = ready ? 'ready' : 'onboarding';
  if (state === account.state) return { state, checkedAt: now.toISOString() };
  // Written only when it moved: the editor's record feeds the public list, whose cache a write clears.
  const kept = await editorsRepo(info).setPayoutAccount(
    editor.id,
    (current) =>
      current?.id === account.id && current.state !== state
        ? { ...current, state, checkedAt: now.toISOString() }
        : null,
    now,
  );
  return viewOf(kept?.payoutAccount);
}

/** What became of a payout sent through Stripe: its transfer, or why Stripe refused it. */
export type SentPayout = { transferId: string } | { failed: string };

/**
 * Pays `cents` to the editor's account for run `runId`. Stripe's refusal (the platform's balance too
 * low, the account no longer able to receive) is answered, for the run to say and the balance to stay
 * payable; Stripe out of reach throws, and finishing the run again sends the same transfer.
 */
export async function sendPayout(
  payout: { accountId: string; cents: number; runId: string; editorId: string },
  info?: DeployInfo,
): Promise<SentPayout> {
  const provider = providerFor(configuredPayments(info), info, serverEnv());
  try {
    return { transferId: await provider.transfer(payout) };
  } catch (error) {
    const refused = (error as { type?: string }).type === 'StripeInvalidRequestError';
    if (!refused) unreachable('sending a transfer', error);
    return { failed: error instanceof Error ? error.message : String(error) };
  }
}
