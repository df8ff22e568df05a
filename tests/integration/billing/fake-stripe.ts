import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A loopback stand-in for Stripe's Checkout Sessions endpoint that records what it was sent. */
export interface FakeStripe {
  url: string;
  requests: { path: string; authorization: string | undefined; form: URLSearchParams }[];
  /** The next answer's status (200 by default). */
  failNextWith(status: number, message: string): void;
  stop(): Promise<void>;
}

export async function startFakeStripe(): Promise<FakeStripe> {
  const requests: FakeStripe['requests'] = [];
  let failure: { status: number; message: string } | null = null;
  let counter = 0;
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const form = new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
      requests.push({ path: req.url ?? '', authorization: req.headers.authorization, form });
      res.setHeader('content-type', 'application/json');
      if (failure) {
        res.statusCode = failure.status;
        res.end(JSON.stringify({ error: { type: 'invalid_request_error', message: failure.message } }));
        failure = null;
        return;
      }
      if (req.method !== 'POST' || req.url !== '/v1/checkout/sessions') {
        res.statusCode = 404;
        res.end(JSON.stringify({ error: { message: 'Unrecognized request URL' } }));
        return;
      }
      counter += 1;
      const id = `cs_test_${counter}`;
      res.end(JSON.stringify({ id, object: 'checkout.session', url: `https://checkout.stripe.test/c/pay/${id}` }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    failNextWith(status, message) {
      failure = { status, message };
    },
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
