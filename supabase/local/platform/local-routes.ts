import { timingSafeEqual } from 'node:crypto';
import type { CapturedEmail, HttpService, StackContext } from '../core/contracts.ts';
import { effectiveBearer } from '../core/gateway.ts';
import { verifyJwt } from '../core/jwt.ts';

/**
 * Platform-only routes under `/_local` (never part of hosted Supabase):
 * - `GET /health` readiness and which services are mounted;
 * - `GET /inbox` captured emails as JSON, newest first (`?to=` filters by recipient);
 *   a browser (Accept: text/html) gets the HTML page, as does `GET /inbox.html`;
 * - `DELETE /inbox` empties it (tests);
 * - `POST /inbox` `{to, subject, html?, text?}` captures an email sent by a function: the local
 *   stand-in for the platform's mail provider (functions get EMAIL_API_URL pointing here, the
 *   same JSON an HTTP email API such as Resend accepts), so product mail lands in the inbox.
 *
 * The inbox holds sign-up and password-reset links, so it answers only a caller holding the
 * service role key (apikey/Authorization, as tests and scripts have it) or the inbox key
 * (`Authorization: Bearer <inboxKey>` for functions, `?key=<inboxKey>` for the page `npm start`
 * prints). Other local users and web pages on the machine get a 401.
 */
export function createLocalService(ctx: StackContext, health: () => Record<string, unknown>): HttpService {
  return {
    async handle(request) {
      const url = new URL(request.url);
      const path = url.pathname.replace(/\/+$/, '') || '/';
      if (path === '/health' && (request.method === 'GET' || request.method === 'HEAD')) {
        return Response.json({ status: 'ok', ...health() });
      }
      if (path === '/inbox' || path === '/inbox.html') {
        if (!(await mayReadInbox(ctx, request, url))) return inboxRefused(path === '/inbox.html');
        if (request.method === 'DELETE' && path === '/inbox') {
          const removed = await ctx.mailer.clear();
          return Response.json({ removed });
        }
        if (request.method === 'POST' && path === '/inbox') return captureEmail(ctx, request);
        if (request.method !== 'GET' && request.method !== 'HEAD') {
          return Response.json(
            { error: { code: 'method_not_allowed', message: `${request.method} is not allowed here` } },
            { status: 405, headers: { Allow: 'GET, HEAD, POST, DELETE' } },
          );
        }
        const to = url.searchParams.get('to')?.toLowerCase();
        const emails = (await ctx.mailer.list()).filter((e) => !to || e.to.toLowerCase() === to);
        const wantsHtml = path === '/inbox.html' || prefersHtml(request.headers.get('accept'));
        if (wantsHtml) {
          return new Response(renderInbox(emails, url.searchParams.get('key') ?? ''), { headers: INBOX_PAGE_HEADERS });
        }
        return Response.json(emails);
      }
      return Response.json({ error: { code: 'not_found', message: `No local route ${path}` } }, { status: 404 });
    },
  };
}

/** The page shows untrusted email HTML (sandboxed frames): no script, no framing, no referrer. */
const INBOX_PAGE_HEADERS = {
  'Content-Type': 'text/html; charset=utf-8',
  'Content-Security-Policy':
    "default-src 'none'; style-src 'unsafe-inline'; img-src data:; frame-ancestors 'none'; base-uri 'none'; form-action 'none'",
  'Referrer-Policy': 'no-referrer',
  'Cache-Control': 'no-store',
};

function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

async function mayReadInbox(ctx: StackContext, request: Request, url: URL): Promise<boolean> {
  const { inboxKey, jwtSecret } = ctx.config;
  const key = url.searchParams.get('key');
  if (key !== null && sameSecret(key, inboxKey)) return true;
  const bearer = effectiveBearer(request.headers, ctx.config);
  if (!bearer) return false;
  if (sameSecret(bearer, inboxKey)) return true;
  const verified = await verifyJwt(bearer, jwtSecret);
  return verified.ok && verified.claims.role === 'service_role';
}

function inboxRefused(page: boolean): Response {
  const message =
    'The local inbox needs its key: open the inbox address `npm start` prints, or send the service role key.';
  return page
    ? new Response(`<!doctype html><title>Local inbox</title><p>${message}</p>`, {
        status: 401,
        headers: INBOX_PAGE_HEADERS,
      })
    : Response.json({ error: { code: 'inbox_key_required', message } }, { status: 401 });
}

const MAX_EMAIL_BYTES = 1024 * 1024;

async function captureEmail(ctx: StackContext, request: Request): Promise<Response> {
  const bad = (message: string) => Response.json({ error: { code: 'invalid_email', message } }, { status: 400 });
  const raw = await request.text();
  if (raw.length > MAX_EMAIL_BYTES) return bad('The email is larger than 1 MB.');
  let body: unknown;
  try {
    body = JSON.parse(raw);
  } catch {
    return bad('The body must be JSON {to, subject, html?, text?}.');
  }
  const field = (key: string) =>
    body && typeof body === 'object' ? (body as Record<string, unknown>)[key] : undefined;
  const to = field('to');
  const subject = field('subject');
  const html = field('html') ?? '';
  const text = field('text') ?? '';
  if (typeof to !== 'string' || !/^[^\s@]+@[^\s@]+$/.test(to)) return bad('to must be one email address.');
  if (typeof subject !== 'string' || typeof html !== 'string' || typeof text !== 'string') {
    return bad('subject, html and text must be strings.');
  }
  const captured = await ctx.mailer.send({ to, subject, html, text });
  return Response.json({ id: captured.id }, { status: 201 });
}

/** True when text/html is asked for explicitly before any JSON type (browsers navigating). */
function prefersHtml(accept: string | null): boolean {
  if (!accept) return false;
  const types = accept.split(',').map((t) => t.split(';')[0]!.trim().toLowerCase());
  const html = types.indexOf('text/html');
  const json = types.findIndex((t) => t === 'application/json');
  return html !== -1 && (json === -1 || html < json);
}

const escapeHtml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');

/** The local inbox page: each email with its links clickable and its HTML body in a sandboxed frame. */
export function renderInbox(emails: CapturedEmail[], key = ''): string {
  const items = emails
    .map((e) => {
      const links = e.links.map((l) => `<li><a href="${escapeHtml(l)}">${escapeHtml(l)}</a></li>`).join('');
      return `<article>
  <h2>${escapeHtml(e.subject)}</h2>
  <p class="meta">To <strong>${escapeHtml(e.to)}</strong> · <time datetime="${escapeHtml(e.createdAt)}">${escapeHtml(e.createdAt)}</time></p>
  ${links ? `<ul class="links">${links}</ul>` : ''}
  <details><summary>Message</summary>
    <iframe sandbox="" srcdoc="${escapeHtml(e.html)}" title="${escapeHtml(e.subject)}"></iframe>
    <pre>${escapeHtml(e.text)}</pre>
  </details>
</article>`;
    })
    .join('\n');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Local inbox (${emails.length})</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
<style>
body{font:15px/1.45 system-ui,sans-serif;max-width:900px;margin:2rem auto;padding:0 1rem;color:#1c2127}
article{border:1px solid #d3d8de;border-radius:6px;padding:.75rem 1rem;margin:0 0 1rem}
h2{font-size:1.1rem;margin:.2rem 0}.meta{color:#5f6b7c;margin:.2rem 0}
.links a{word-break:break-all}iframe{width:100%;height:320px;border:1px solid #e5e8eb}pre{white-space:pre-wrap}
</style></head>
<body><h1>Local inbox</h1>
<p>Emails the local stack would have sent, newest first. <a href="?key=${encodeURIComponent(key)}">Refresh</a></p>
${emails.length ? items : '<p><em>No emails yet.</em></p>'}
</body></html>`;
}
