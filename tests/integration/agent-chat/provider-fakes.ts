/**
 * A loopback stand-in for the third-party HTTP APIs the tools call (Stripe prices and payment
 * links, Twilio messages, Google geocoding, an email API at /emails): records each request (a form
 * or JSON body) and answers like the real API.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RecordedCall {
  method: string;
  path: string;
  authorization: string | undefined;
  form: Record<string, string>;
}

export interface ProviderFakes {
  url: string;
  calls: RecordedCall[];
  close(): Promise<void>;
}

export async function startProviderFakes(): Promise<ProviderFakes> {
  const calls: RecordedCall[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://fake');
      const raw = Buffer.concat(chunks).toString('utf8');
      const form = req.headers['content-type']?.includes('json')
        ? (JSON.parse(raw || '{}') as Record<string, string>)
        : Object.fromEntries(new URLSearchParams(raw));
      calls.push({ method: req.method ?? 'GET', path: url.pathname, authorization: req.headers.authorization, form });
      const send = (status: number, body: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(body));
      };
      if (url.pathname === '/emails') return send(200, { id: `email_${calls.length}` });
      if (url.pathname === '/v1/prices') return send(200, { id: `price_${calls.length}`, object: 'price' });
      if (url.pathname === '/v1/payment_links')
        return send(200, { id: `plink_${calls.length}`, url: `https://buy.stripe.test/${calls.length}` });
      if (/^\/api\/2010-04-01\/Accounts\/[^/]+\/Messages\.json$/.test(url.pathname))
        return send(201, { sid: `SM${calls.length}`, status: 'queued' });
      if (url.pathname === '/maps/api/geocode/json') {
        return send(200, {
          status: 'OK',
          results: [
            {
              formatted_address: '1 Rue Lepic, 75018 Paris, France',
              geometry: { location: { lat: 48.884, lng: 2.333 } },
            },
          ],
        });
      }
      return send(404, { error: { message: 'unknown fake route' } });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    calls,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
