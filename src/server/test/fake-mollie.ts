import { randomBytes } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { startHttpsStub } from './https-stub.ts';

export interface FakeMolliePayment {
  id: string;
  status: string;
  amount: { currency: string; value: string };
  description: string;
  method: string | null;
  redirectUrl: string;
  webhookUrl: string;
  metadata: unknown;
  refunds: { currency: string; value: string }[];
  /** Set by chargeBack: what the card holder's bank took back. */
  amountChargedBack?: { currency: string; value: string };
}

/**
 * A local stand-in for the few endpoints of Mollie's HTTP API that Vonk uses (create and get a payment,
 * create a refund; a chargeback shows on the payment), on loopback with its own certificate, so the real @mollie/api-client is tested
 * without the network. The client trusts only its own bundled CAs, so the test that uses this fake lets
 * this process accept the fake's self-signed certificate (NODE_TLS_REJECT_UNAUTHORIZED, restored after).
 */
export async function startFakeMollie(apiKey: string) {
  const payments = new Map<string, FakeMolliePayment>();
  const requests: { method: string; path: string; body: unknown }[] = [];
  let base = '';

  const body = (req: IncomingMessage) =>
    new Promise<unknown>((resolve) => {
      let raw = '';
      req.on('data', (c) => {
        raw += c;
      });
      req.on('end', () => resolve(raw ? JSON.parse(raw) : null));
    });

  const present = (p: FakeMolliePayment) => ({
    resource: 'payment',
    id: p.id,
    mode: 'test',
    createdAt: new Date().toISOString(),
    status: p.status,
    amount: p.amount,
    description: p.description,
    method: p.method,
    metadata: p.metadata,
    redirectUrl: p.redirectUrl,
    webhookUrl: p.webhookUrl,
    ...(p.amountChargedBack ? { amountChargedBack: p.amountChargedBack } : {}),
    profileId: 'pfl_fake',
    sequenceType: 'oneoff',
    _links: {
      self: { href: `${base}payments/${p.id}`, type: 'application/hal+json' },
      checkout: { href: `https://www.mollie.com/checkout/test-mode?id=${p.id}`, type: 'text/html' },
    },
  });

  const server = await startHttpsStub(async (req, res) => {
    const send = (status: number, data: unknown) => {
      res.writeHead(status, { 'content-type': 'application/hal+json' });
      res.end(JSON.stringify(data));
    };
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    const data = req.method === 'POST' ? await body(req) : null;
    requests.push({ method: req.method ?? '', path, body: data });
    if (req.headers.authorization !== `Bearer ${apiKey}`) {
      return send(401, { status: 401, title: 'Unauthorized Request', detail: 'Missing authentication' });
    }
    const notFound = () =>
      send(404, { status: 404, title: 'Not Found', detail: 'No payment exists with token' });
    if (req.method === 'POST' && path === '/v2/payments') {
      const input = data as FakeMolliePayment;
      const id = `tr_${randomBytes(6).toString('hex')}`;
      const p: FakeMolliePayment = {
        id,
        status: 'open',
        amount: input.amount,
        description: input.description,
        method: input.method ?? null,
        redirectUrl: input.redirectUrl,
        webhookUrl: input.webhookUrl,
        metadata: input.metadata,
        refunds: [],
      };
      payments.set(id, p);
      return send(201, present(p));
    }
    const one = path.match(/^\/v2\/payments\/([^/]+)$/);
    if (req.method === 'GET' && one) {
      const p = payments.get(one[1] ?? '');
      return p ? send(200, present(p)) : notFound();
    }
    const refund = path.match(/^\/v2\/payments\/([^/]+)\/refunds$/);
    if (req.method === 'POST' && refund) {
      const p = payments.get(refund[1] ?? '');
      if (!p) return notFound();
      const amount = (data as { amount: { currency: string; value: string } }).amount;
      p.refunds.push(amount);
      return send(201, {
        resource: 'refund',
        id: `re_${randomBytes(5).toString('hex')}`,
        amount,
        status: 'pending',
        paymentId: p.id,
        createdAt: new Date().toISOString(),
        _links: { self: { href: `${base}payments/${p.id}/refunds`, type: 'application/hal+json' } },
      });
    }
    return notFound();
  });
  base = `${server.origin}/v2/`;
  return {
    url: base,
    payments,
    requests,
    setStatus(id: string, status: string) {
      const p = payments.get(id);
      if (p) p.status = status;
    },
    /** A chargeback as Mollie shows it: the payment stays "paid" and gains amountChargedBack. */
    chargeBack(id: string) {
      const p = payments.get(id);
      if (p) p.amountChargedBack = { ...p.amount };
    },
    close: server.close,
  };
}
