import { readFile } from 'node:fs/promises';
import { protocol } from 'electron';
import { APP_HOST, APP_SCHEME, mimeTypeFor, resolveAppRequest } from './appPaths.ts';

/**
 * Must run before `app.whenReady()`: a standard, secure scheme gets a real origin
 * (app://concierge), so cookies, localStorage, fetch and the microphone's secure-context checks
 * behave as on https.
 */
export function registerAppSchemePrivileges(): void {
  protocol.registerSchemesAsPrivileged([
    {
      scheme: APP_SCHEME,
      privileges: {
        standard: true,
        secure: true,
        supportFetchAPI: true,
        corsEnabled: false,
        stream: true,
        codeCache: true,
      },
    },
  ]);
}

export interface AppProtocolOptions {
  rendererDir: string;
  /** The body of /concierge.config.json (backend URL and anon key), resolved once the backend is up. */
  runtimeConfig: () => Promise<unknown>;
  /** The CSP of an HTML file (preview.html has its own: the console frames it). */
  contentSecurityPolicy: (filePath: string) => Promise<string>;
  /** The offline recordings library's audio (`/library-media/<id>`, with Range), when present. */
  libraryMedia?: { pathPrefix: string; respond: (request: Request) => Promise<Response> };
}

const baseHeaders = {
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
  'cross-origin-opener-policy': 'same-origin',
};

/** Serves the built console from disk under app://concierge/ (after `app.whenReady()`). */
export function handleAppProtocol(options: AppProtocolOptions): void {
  protocol.handle(APP_SCHEME, async (request) => {
    const media = options.libraryMedia;
    if (media && new URL(request.url).pathname.startsWith(media.pathPrefix)) return media.respond(request);
    const target = resolveAppRequest(request.url, options.rendererDir);
    switch (target.kind) {
      case 'forbidden':
        return new Response(`Forbidden: ${target.reason}`, { status: 403, headers: baseHeaders });
      case 'not-found':
        return new Response('Not found', { status: 404, headers: baseHeaders });
      case 'runtime-config':
        return new Response(JSON.stringify(await options.runtimeConfig()), {
          headers: { ...baseHeaders, 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' },
        });
      case 'file': {
        try {
          const body = await readFile(target.filePath);
          const headers: Record<string, string> = { ...baseHeaders, 'content-type': mimeTypeFor(target.filePath) };
          if (target.filePath.endsWith('.html'))
            headers['content-security-policy'] = await options.contentSecurityPolicy(target.filePath);
          return new Response(new Uint8Array(body), { headers });
        } catch (error) {
          if (
            (error as NodeJS.ErrnoException).code === 'ENOENT' ||
            (error as NodeJS.ErrnoException).code === 'EISDIR'
          ) {
            return new Response('Not found', { status: 404, headers: baseHeaders });
          }
          throw error;
        }
      }
    }
  });
}

export const APP_START_URL = `${APP_SCHEME}://${APP_HOST}/`;
