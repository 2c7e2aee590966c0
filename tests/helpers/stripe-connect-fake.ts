/**
 * Stripe Connect, offline: a local server the SDK talks to (STRIPE_API_URL) that keeps v2 accounts as
 * Stripe does (one per idempotency key, links only for accounts it holds, the transfers capability
 * inactive until `activate`) and the platform's money as Stripe's rules do (a transfer only to an
 * active account and within the available balance, the same transfer again for the same idempotency
 * key), and records every request's shape for the tests to check.
 */
import { createServer, type Server } from 'node:http';

export interface RecordedRequest {
  method: string;
  path: string;
  idempotencyKey: string | undefined;
  /** JSON for v2, the form's fields for v1. */
  body: Record<string, unknown> | null;
}

interface FakeTransfer {
  id: string;
  amount: number;
  destination: string;
  idempotencyKey: string | undefined;
  group: string;
  metadata: Record<string, string>;
}

interface FakeAccount {
  id: string;
  status: 'pending' | 'active';
}

export function stripeConnectFake() {
  const recorded: RecordedRequest[] = [];
  const accounts = new Map<string, FakeAccount>();
  const byKey = new Map<string, string>();
  const transfers: FakeTransfer[] = [];
  const transferByKey = new Map<string, { status: number; body: unknown }>();
  let availableCents = 1_000_000;
  let server: Server;
  let failing = false;

  const account = (a: FakeAccount) => ({
    id: a.id,
    object: 'v2.core.account',
    configuration: {
      recipient: { capabilities: { stripe_balance: { stripe_transfers: { status: a.status } } } },
    },
  });
  const error = (status: number, message: string) => ({
    status,
    body: { error: { type: 'invalid_request_error', code: 'resource_missing', message } },
  });

  function transfer(
    body: Record<string, unknown>,
    idempotencyKey: string | undefined,
  ): { status: number; body: unknown } {
    const amount = Number(body.amount);
    const destination = String(body.destination ?? '');
    if (accounts.get(destination)?.status !== 'active')
      return {
        status: 400,
        body: { error: { type: 'invalid_request_error', message: `Account ${destination} cannot receive transfers.` } },
      };
    if (!(amount > 0) || amount > availableCents)
      return {
        status: 400,
        body: {
          error: {
            type: 'invalid_request_error',
            code: 'balance_insufficient',
            message: 'You have insufficient available funds in your Stripe account.',
          },
        },
      };
    availableCents -= amount;
    const made = { id: `tr_fake_${transfers.length + 1}`, amount, destination };
    const metadata = Object.fromEntries(
      Object.entries(body).flatMap(([key, value]) => {
        const name = /^metadata\[(.+)\]$/.exec(key)?.[1];
        return name ? [[name, String(value)]] : [];
      }),
    );
    transfers.push({ ...made, idempotencyKey, group: String(body.transfer_group ?? ''), metadata });
    return { status: 200, body: { object: 'transfer', currency: 'usd', ...made } };
  }

  function answer(req: RecordedRequest): { status: number; body: unknown } {
    if (failing) return { status: 500, body: { error: { type: 'api_error', message: 'Something went wrong' } } };
    if (req.method === 'POST' && req.path === '/v2/core/accounts') {
      const known = req.idempotencyKey && byKey.get(req.idempotencyKey);
      if (known) return { status: 200, body: account(accounts.get(known)!) };
      const id = `acct_fake_${accounts.size + 1}`;
      accounts.set(id, { id, status: 'pending' });
      if (req.idempotencyKey) byKey.set(req.idempotencyKey, id);
      return { status: 200, body: account(accounts.get(id)!) };
    }
    if (req.method === 'POST' && req.path === '/v2/core/account_links') {
      const id = String(req.body?.account ?? '');
      if (!accounts.has(id)) return error(404, `No such account: '${id}'`);
      return {
        status: 200,
        body: { object: 'v2.core.account_link', account: id, url: `https://connect.stripe.test/setup/${id}` },
      };
    }
    if (req.method === 'POST' && req.path === '/v1/transfers') {
      const known = req.idempotencyKey && transferByKey.get(req.idempotencyKey);
      if (known) return known;
      const reply = transfer(req.body ?? {}, req.idempotencyKey);
      if (req.idempotencyKey) transferByKey.set(req.idempotencyKey, reply);
      return reply;
    }
    if (req.method === 'GET' && req.path.startsWith('/v1/transfers?')) {
      const group = new URL(req.path, 'http://fake').searchParams.get('transfer_group');
      const data = transfers
        .filter((t) => t.group === group)
        .map(({ id, amount, destination, metadata }) => ({ object: 'transfer', id, amount, destination, metadata }));
      return { status: 200, body: { object: 'list', data, has_more: false, url: '/v1/transfers' } };
    }
    const retrieve = /^\/v2\/core\/accounts\/([^/?]+)/.exec(req.path);
    if (req.method === 'GET' && retrieve) {
      const found = accounts.get(retrieve[1]);
      return found ? { status: 200, body: account(found) } : error(404, `No such account: '${retrieve[1]}'`);
    }
    return error(404, `Unrecognized request URL (${req.method}: ${req.path})`);
  }

  return {
    recorded,
    /** Stripe has what it needs: the account can be sent transfers. */
    activate: (id: string) => void (accounts.get(id)!.status = 'active'),
    accountIds: () => [...accounts.keys()],
    transfers,
    /** The platform's available balance, in cents. */
    setAvailable: (cents: number) => void (availableCents = cents),
    /** Stripe forgets idempotency keys after a day: a request with one seen before makes a new object. */
    forgetKeys: () => transferByKey.clear(),
    /** Every request answers 500 until set back. */
    fail: (on: boolean) => void (failing = on),
    async start(): Promise<string> {
      server = createServer((req, res) => {
        const chunks: Buffer[] = [];
        req.on('data', (c: Buffer) => chunks.push(c));
        req.on('end', () => {
          const raw = Buffer.concat(chunks).toString();
          const request: RecordedRequest = {
            method: req.method!,
            path: req.url!,
            idempotencyKey: req.headers['idempotency-key'] as string | undefined,
            body: !raw
              ? null
              : req.headers['content-type']?.includes('json')
                ? (JSON.parse(raw) as Record<string, unknown>)
                : Object.fromEntries(new URLSearchParams(raw)),
          };
          recorded.push(request);
          const reply = answer(request);
          res.writeHead(reply.status, { 'content-type': 'application/json' }).end(JSON.stringify(reply.body));
        });
      });
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      return `http://127.0.0.1:${(server.address() as { port: number }).port}`;
    },
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
