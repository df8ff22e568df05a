import type { HttpService, StackContext } from '../core/contracts.ts';
import { AuthError, errorResponse } from './errors.ts';
import { json } from './http.ts';
import { bucketFor, clientAddressOf } from './rate-limit.ts';
import { admin, invite } from './routes/admin.ts';
import { otp, recover, resend } from './routes/email.ts';
import { authorize, callback } from './routes/oauth.ts';
import { signup } from './routes/signup.ts';
import { token } from './routes/token.ts';
import { getUser, logout, updateUser } from './routes/user.ts';
import { verifyLink, verifyOtp } from './routes/verify.ts';
import { createAuthEnv, type AuthEnv } from './settings.ts';

type Handler = (env: AuthEnv, request: Request) => Promise<Response>;

/** `METHOD path` -> handler, for the fixed routes (admin routes carry ids and route themselves). */
const ROUTES: Record<string, Handler> = {
  'GET /health': async (_env, request) =>
    json(request, {
      version: 'v2.189.0-local',
      name: 'GoTrue',
      description: 'GoTrue is a user registration and authentication API',
    }),
  'GET /settings': async (env, request) => json(request, settings(env)),
  'GET /.well-known/jwks.json': async (_env, request) => json(request, { keys: [] }),
  'POST /signup': signup,
  'POST /token': token,
  'GET /user': getUser,
  'PUT /user': updateUser,
  'POST /logout': logout,
  'GET /verify': verifyLink,
  'POST /verify': verifyOtp,
  'POST /resend': resend,
  'POST /recover': recover,
  'POST /otp': otp,
  'POST /magiclink': otp,
  'GET /authorize': authorize,
  'GET /callback': callback,
  'POST /callback': callback,
  'POST /invite': invite,
};

function settings(env: AuthEnv) {
  const external: Record<string, boolean> = {
    anonymous_users: env.config.enable_anonymous_sign_ins,
    email: env.config.email.enable_signup,
    phone: false,
  };
  // Enabled but without credentials cannot work, so it is reported as off (the console hides it).
  for (const [name, provider] of Object.entries(env.config.external)) {
    external[name] = provider.enabled && (!!provider.client_id || !!provider.url);
  }
  return {
    external,
    disable_signup: !env.config.enable_signup,
    mailer_autoconfirm: env.autoconfirm,
    phone_autoconfirm: false,
    sms_provider: '',
    saml_enabled: false,
    saml_private_key_next_configured: false,
    passkeys_enabled: false,
  };
}

/**
 * The local GoTrue: `/auth/v1/*` with the prefix already stripped by the server. State lives in
 * the `auth` schema (bootstrap/10_auth.sql); every failure answers GoTrue's error JSON.
 */
export async function createAuthService(ctx: StackContext): Promise<HttpService> {
  const env = createAuthEnv(ctx);
  return {
    async handle(request: Request): Promise<Response> {
      const url = new URL(request.url);
      const path = url.pathname.replace(/\/+$/, '') || '/';
      try {
        // Counted before any work (bcrypt, database), as GoTrue's router does.
        const bucket = bucketFor(request.method, path, url.searchParams.get('grant_type'));
        if (bucket) env.limiter.hit(bucket, clientAddressOf(request));
        const handler = ROUTES[`${request.method} ${path}`];
        if (handler) return await handler(env, request);
        if (path === '/admin' || path.startsWith('/admin/')) return await admin(env, request, path);
        throw new AuthError(404, 'not_found', 'Not Found');
      } catch (error) {
        if (error instanceof AuthError) return errorResponse(request, error);
        // Postgres data exceptions (class 22: bad text encoding, out-of-range values...) come from
        // client input that passed our checks; they are the client's error, not the server's.
        const pgCode = (error as { code?: unknown }).code;
        if (typeof pgCode === 'string' && pgCode.startsWith('22')) {
          return errorResponse(request, new AuthError(400, 'validation_failed', (error as Error).message));
        }
        ctx.log(`auth: ${request.method} ${path} failed: ${(error as Error).stack ?? String(error)}`);
        return errorResponse(
          request,
          new AuthError(500, 'unexpected_failure', 'Unexpected failure, please check server logs for more information'),
        );
      }
    },
  };
}
