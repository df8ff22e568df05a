import type { Email } from '../../core/contracts.ts';
import type { Transaction } from '../../core/db.ts';
import { signJwt, verifyJwt } from '../../core/jwt.ts';
import { AuthError, validationFailed } from '../errors.ts';
import { encodeForm, isObject, json, redirect, type Json } from '../http.ts';
import { composeMail, issueToken, sendAll } from '../otp.ts';
import { createFlowState, markCodeIssued, readPkce } from '../pkce.ts';
import { profileFromUserinfo, providerEndpoints, type ProviderEndpoints, type ProviderProfile } from '../providers.ts';
import { resolveRedirect } from '../redirect.ts';
import { issueSession } from '../sessions.ts';
import type { AuthEnv } from '../settings.ts';
import { findUserByEmail, findUserById, insertUser, mergeMetadata, type UserRow } from '../users.ts';
import { databaseError } from './signup.ts';

/** Query parameters GoTrue consumes itself; every other one goes on to the provider (prompt, hd...). */
const OWN_PARAMS = new Set([
  'provider',
  'scopes',
  'redirect_to',
  'code_challenge',
  'code_challenge_method',
  'skip_http_redirect',
  'invite_token',
  'flow_state_id',
]);
const STATE_TTL_SECONDS = 10 * 60;

type CallbackOutcome =
  | { kind: 'error'; code: string; description: string }
  | { kind: 'code'; code: string }
  | { kind: 'session'; session: Json };

interface OAuthState {
  provider: string;
  referrer: string;
  flow_state_id: string;
}

interface EnabledProvider {
  name: string;
  endpoints: ProviderEndpoints;
  clientId: string;
  secret: string;
  redirectUri: string;
}

function enabledProvider(env: AuthEnv, name: string | null): EnabledProvider {
  if (!name) throw validationFailed('Unsupported provider: missing provider');
  const provider = name.toLowerCase();
  const config = env.config.external[provider];
  // A provider without a client id cannot really be reached: treat it as not enabled, as GoTrue
  // does, rather than standing in for it (no pretend sign-in).
  const configured = !!config?.enabled && (!!config.client_id || !!config.url);
  const endpoints = configured ? providerEndpoints(provider, config!.url) : undefined;
  if (!config || !endpoints) throw validationFailed('Unsupported provider: provider is not enabled');
  return {
    name: provider,
    endpoints,
    clientId: config.client_id,
    secret: config.secret,
    redirectUri: config.redirect_uri || `${env.externalUrl()}/callback`,
  };
}

/** GET /authorize: redirects the browser to the provider, with a signed state we check on callback. */
export async function authorize(env: AuthEnv, request: Request): Promise<Response> {
  const params = new URL(request.url).searchParams;
  const provider = enabledProvider(env, params.get('provider'));
  const referrer = resolveRedirect(env, params.get('redirect_to'));
  const pkce = readPkce(params);
  let flowStateId = '';
  if (pkce) {
    const flow = await env.ctx.db.transaction((tx) =>
      createFlowState(tx, pkce, { providerType: provider.name, method: 'oauth', referrer }),
    );
    flowStateId = flow.id;
  }
  const state = await signJwt(
    { provider: provider.name, referrer, flow_state_id: flowStateId, site_url: env.config.site_url },
    env.ctx.config.jwtSecret,
    STATE_TTL_SECONDS,
  );
  const extraScopes = (params.get('scopes') ?? '').split(/[\s,]+/).filter(Boolean);
  const target = new URL(provider.endpoints.authorize);
  target.searchParams.set('client_id', provider.clientId);
  target.searchParams.set('redirect_uri', provider.redirectUri);
  target.searchParams.set('response_type', 'code');
  target.searchParams.set('scope', [...new Set([...provider.endpoints.scopes, ...extraScopes])].join(' '));
  target.searchParams.set('state', state);
  for (const [key, value] of params) if (!OWN_PARAMS.has(key)) target.searchParams.set(key, value);
  if (params.get('skip_http_redirect') === 'true') return json(request, { url: target.toString() });
  return redirect(target.toString(), 302);
}

function errorRedirect(referrer: string, pkce: boolean, error: string, code: string, description: string): Response {
  const values = { error, error_code: code, error_description: description };
  const url = new URL(referrer);
  if (pkce) for (const [k, v] of Object.entries(values)) url.searchParams.set(k, v);
  url.hash = encodeForm(values);
  return redirect(url.toString(), 302);
}

async function readState(env: AuthEnv, raw: string | null): Promise<OAuthState> {
  const invalid = new AuthError(400, 'bad_oauth_state', 'OAuth callback with invalid state');
  if (!raw) throw invalid;
  const verified = await verifyJwt(raw, env.ctx.config.jwtSecret);
  if (!verified.ok) throw invalid;
  const { provider, referrer, flow_state_id: flowStateId } = verified.claims;
  if (typeof provider !== 'string' || typeof referrer !== 'string') throw invalid;
  return { provider, referrer, flow_state_id: typeof flowStateId === 'string' ? flowStateId : '' };
}

/** Exchanges the code at the provider and reads the profile; throws a message for the error redirect. */
async function fetchProfile(
  env: AuthEnv,
  provider: EnabledProvider,
  code: string,
): Promise<{ profile: ProviderProfile; tokens: Json }> {
  const tokenResponse = await fetch(provider.endpoints.token, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', Accept: 'application/json' },
    body: new URLSearchParams({
      grant_type: 'authorization_code',
      code,
      redirect_uri: provider.redirectUri,
      client_id: provider.clientId,
      client_secret: provider.secret,
    }),
  }).catch((error: Error) => {
    throw new Error(`Unable to exchange external code: ${error.message}`);
  });
  const tokens: unknown = await tokenResponse.json().catch(() => null);
  if (!tokenResponse.ok || !isObject(tokens) || typeof tokens.access_token !== 'string') {
    throw new Error(`Unable to exchange external code: ${code}`);
  }
  const infoResponse = await fetch(provider.endpoints.userinfo, {
    headers: { Authorization: `Bearer ${tokens.access_token}`, Accept: 'application/json' },
  }).catch(() => null);
  const info: unknown = infoResponse?.ok ? await infoResponse.json().catch(() => null) : null;
  const profile = isObject(info) ? profileFromUserinfo(provider.endpoints, info) : undefined;
  if (!profile) throw new Error('Error getting user profile from external provider');
  return { profile, tokens };
}

/**
 * GET/POST /callback: the provider sends the browser back here. Finds the identity, links it to an
 * existing account with the same (provider-verified) e-mail, or creates the user, then redirects
 * with the session (implicit) or a PKCE code.
 */
export async function callback(env: AuthEnv, request: Request): Promise<Response> {
  const params = new URL(request.url).searchParams;
  if (request.method === 'POST') {
    const form = new URLSearchParams(await request.text());
    for (const [k, v] of form) params.set(k, v);
  }
  const state = await readState(env, params.get('state'));
  const pkce = !!state.flow_state_id;
  const referrer = resolveRedirect(env, state.referrer);
  const providerError = params.get('error');
  if (providerError) {
    return errorRedirect(
      referrer,
      pkce,
      providerError,
      'provider_error',
      params.get('error_description') ?? providerError,
    );
  }
  const code = params.get('code');
  if (!code)
    return errorRedirect(
      referrer,
      pkce,
      'invalid_request',
      'bad_oauth_callback',
      'OAuth callback with missing authorization code',
    );
  let provider: EnabledProvider;
  try {
    provider = enabledProvider(env, state.provider);
  } catch {
    return errorRedirect(
      referrer,
      pkce,
      'invalid_request',
      'oauth_provider_not_supported',
      'Unsupported provider: provider is not enabled',
    );
  }
  let fetched: Awaited<ReturnType<typeof fetchProfile>>;
  try {
    fetched = await fetchProfile(env, provider, code);
  } catch (error) {
    return errorRedirect(referrer, pkce, 'server_error', 'unexpected_failure', (error as Error).message);
  }
  const { profile, tokens } = fetched;
  if (!profile.email)
    return errorRedirect(
      referrer,
      pkce,
      'server_error',
      'unexpected_failure',
      'Error getting user email from external provider',
    );
  const providerToken = String(tokens.access_token);
  const providerRefresh = typeof tokens.refresh_token === 'string' ? tokens.refresh_token : undefined;

  const mails: Email[] = [];
  const outcome = await env.ctx.db
    .transaction(async (tx): Promise<CallbackOutcome> => {
      const user = await findOrCreateUser(env, tx, provider.name, profile);
      if (user.banned_until && new Date(user.banned_until) > new Date())
        return { kind: 'error' as const, code: 'user_banned', description: 'User is banned' };
      if (!user.email_confirmed_at) {
        // Provider did not vouch for the address and confirmations are on: confirm by e-mail first.
        const token = await issueToken(env, tx, user, 'confirmation');
        mails.push(
          composeMail(env, 'signup', user.email ?? profile.email, token, referrer, undefined, user.raw_user_meta_data),
        );
        return {
          kind: 'error' as const,
          code: 'provider_email_needs_verification',
          description: `Unverified email with ${provider.name}. A confirmation email has been sent to your ${provider.name} email`,
        };
      }
      if (pkce) {
        const { rows } = await tx.query<{ auth_code: string }>(
          `update auth.flow_state set user_id = $2, provider_access_token = $3, provider_refresh_token = $4, updated_at = now()
         where id = $1 returning auth_code`,
          [state.flow_state_id, user.id, providerToken, providerRefresh ?? null],
        );
        if (!rows[0])
          return {
            kind: 'error' as const,
            code: 'flow_state_not_found',
            description: 'invalid flow state, no valid flow state found',
          };
        await markCodeIssued(tx, state.flow_state_id);
        return { kind: 'code' as const, code: rows[0].auth_code };
      }
      const session = await issueSession(env, tx, user.id, 'oauth', {
        request,
        provider: provider.name,
        extras: {
          provider_token: providerToken,
          ...(providerRefresh ? { provider_refresh_token: providerRefresh } : {}),
        },
      });
      return { kind: 'session' as const, session };
    })
    .catch((error: unknown): CallbackOutcome => {
      // Failures after the provider round trip go back to the app, as GoTrue redirects them.
      if (error instanceof AuthError) return { kind: 'error', code: error.code, description: error.message };
      throw error;
    });
  await sendAll(env, mails);

  if (outcome.kind === 'error')
    return errorRedirect(referrer, pkce, 'access_denied', outcome.code, outcome.description);
  const url = new URL(referrer);
  if (outcome.kind === 'code') {
    url.searchParams.set('code', outcome.code);
    return redirect(url.toString(), 302);
  }
  const s = outcome.session;
  const fragment: Record<string, string> = {
    access_token: String(s.access_token),
    expires_at: String(s.expires_at),
    expires_in: String(s.expires_in),
    provider_token: providerToken,
    refresh_token: String(s.refresh_token),
    token_type: 'bearer',
  };
  if (providerRefresh) fragment.provider_refresh_token = providerRefresh;
  url.hash = encodeForm(fragment);
  return redirect(url.toString(), 302);
}

async function findOrCreateUser(
  env: AuthEnv,
  tx: Transaction,
  providerName: string,
  profile: ProviderProfile,
): Promise<UserRow> {
  const identity = (
    await tx.query<{ user_id: string }>(
      'select user_id from auth.identities where provider_id = $1 and provider = $2',
      [profile.id, providerName],
    )
  ).rows[0];
  if (identity) {
    await tx.query(
      `update auth.identities set identity_data = $3, updated_at = now() where provider_id = $1 and provider = $2`,
      [profile.id, providerName, profile.claims],
    );
    const user = (await findUserById(tx, identity.user_id))!;
    await tx.query('update auth.users set raw_user_meta_data = $2, updated_at = now() where id = $1', [
      user.id,
      mergeMetadata(user.raw_user_meta_data, profile.claims),
    ]);
    return (await findUserById(tx, user.id))!;
  }
  const existing = await findUserByEmail(tx, profile.email);
  if (existing) {
    if (!profile.emailVerified) {
      throw new AuthError(422, 'email_exists', 'A user with this email address has already been registered');
    }
    // Linking by verified e-mail, as GoTrue's automatic identity linking does.
    await tx.query(
      `insert into auth.identities (provider_id, user_id, identity_data, provider, last_sign_in_at, created_at, updated_at)
       values ($1, $2, $3, $4, now(), now(), now())`,
      [profile.id, existing.id, profile.claims, providerName],
    );
    const app = existing.raw_app_meta_data ?? {};
    const providers = Array.isArray(app.providers) ? (app.providers as unknown[]).map(String) : [];
    if (!providers.includes(providerName)) providers.push(providerName);
    await tx.query(
      `update auth.users set raw_app_meta_data = $2, raw_user_meta_data = $3, email_confirmed_at = coalesce(email_confirmed_at, now()),
         updated_at = now() where id = $1`,
      [existing.id, { ...app, providers }, mergeMetadata(existing.raw_user_meta_data, profile.claims)],
    );
    return (await findUserById(tx, existing.id))!;
  }
  if (!env.config.enable_signup) throw new AuthError(422, 'signup_disabled', 'Signups not allowed for this instance');
  try {
    return await insertUser(tx, {
      email: profile.email,
      encryptedPassword: null,
      confirmed: profile.emailVerified || env.autoconfirm,
      provider: providerName,
      userMetadata: {},
      identity: { providerId: profile.id, data: profile.claims },
    });
  } catch (error) {
    databaseError(env, error);
  }
}
