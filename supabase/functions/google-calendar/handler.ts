/**
 * `POST /functions/v1/google-calendar` (signed-in owners): connects
 * an agent to its owner's Google Calendar so the calendar tool mirrors bookings there.
 *   {action: 'status', agentId}            → {configured, connected, calendarId, connectedAt}
 *   {action: 'start', agentId, redirectUri} → {url}: Google's consent page; `state` is signed and
 *        expires (15 min), carrying the agent, the caller and the redirect URI.
 *   {action: 'exchange', code, state}      → {connected: true, agentId}: checks the state and that
 *        the caller still owns the agent, trades the code for tokens, stores them ONLY in
 *        agent_secrets and enables the google_calendar integration ({calendar_id: 'primary'}).
 *   {action: 'disconnect', agentId}        → {connected: false}: forgets the tokens, disables.
 * Without GOOGLE_CLIENT_ID, start and exchange answer 503 `google_not_configured`.
 * Everything acts as the caller (RLS on agents and agent_integrations) except the tokens:
 * agent_secrets has no client grants, so storing and forgetting them uses the service role.
 */
import { z } from 'zod';
import type { DbClient } from '../_shared/platform/env.ts';
import { toJsonObject } from '../_shared/platform/json.ts';
import { integrationConfigSchema, readIntegrationConfig } from '../_shared/contracts/integrations.ts';
import { googleConfig, isGoogleConfigured, type GoogleConfig } from '../_shared/google/config.ts';
import { GoogleApiError, consentUrl, exchangeCode } from '../_shared/google/oauth.ts';
import { STATE_TTL_MS, signState, verifyState } from '../_shared/google/state.ts';
import {
  HttpError,
  createFunctionApp,
  jsonResponse,
  parseJsonBody,
  requireEnv,
  requireOwnAgent,
  unionSummary,
  type Caller,
  type FunctionEnv,
} from '../_shared/platform/index.ts';

export type { FunctionEnv };

const agentId = z.guid({ error: 'agentId must be a UUID.' });
const redirectUri = z
  .string()
  .max(2048)
  .refine((value) => {
    try {
      const url = new URL(value);
      return (url.protocol === 'https:' || url.protocol === 'http:') && url.hash === '';
    } catch {
      return false;
    }
  }, 'redirectUri must be an http(s) URL without a fragment.');

const input = z.discriminatedUnion('action', [
  z.object({ action: z.literal('status'), agentId }).strict(),
  z.object({ action: z.literal('start'), agentId, redirectUri }).strict(),
  z
    .object({
      action: z.literal('exchange'),
      code: z.string({ error: 'code is required.' }).trim().min(1, 'code is required.').max(2048),
      state: z.string({ error: 'state is required.' }).min(1, 'state is required.').max(4096),
    })
    .strict(),
  z.object({ action: z.literal('disconnect'), agentId }).strict(),
]);

const summary = unionSummary('action must be status, start, exchange or disconnect.');

const json = (body: unknown, status = 200) => jsonResponse(body, status);

const notConfigured = () =>
  new HttpError(
    503,
    'google_not_configured',
    'Google Calendar is not configured on this server (GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET).',
  );

export function makeHandler(env: FunctionEnv, fetcher: typeof fetch = fetch): (request: Request) => Promise<Response> {
  const fn = createFunctionApp('google-calendar', env, { browser: true });
  const config: GoogleConfig = googleConfig(env);
  const stateSecret = env.get('GOOGLE_OAUTH_STATE_SECRET')?.trim() || requireEnv(env, 'SUPABASE_SERVICE_ROLE_KEY');

  async function status(caller: Caller, id: string): Promise<Response> {
    const db = fn.asCaller(caller);
    await requireOwnAgent(db, caller.userId, id);
    const { data, error } = await db
      .from('agent_integrations')
      .select('enabled, config, connected_at')
      .eq('agent_id', id)
      .eq('kind', 'google_calendar')
      .maybeSingle<{ enabled: boolean; config: unknown; connected_at: string | null }>();
    if (error) throw new Error(`reading the integration failed: ${error.message}`);
    return json({
      configured: isGoogleConfigured(config),
      connected: data?.enabled ?? false,
      calendarId: data ? readIntegrationConfig('google_calendar', data.config).calendar_id : null,
      connectedAt: data?.connected_at ?? null,
    });
  }

  async function exchange(caller: Caller, code: string, rawState: string): Promise<Response> {
    const { userId } = caller;
    const db = fn.asCaller(caller);
    const checked = await verifyState(rawState, stateSecret, Date.now());
    if (!checked.ok) {
      throw new HttpError(
        400,
        'invalid_state',
        checked.reason === 'expired'
          ? 'The Google connection took too long. Start it again.'
          : 'The Google connection request is not valid. Start it again.',
      );
    }
    const { state } = checked;
    if (state.userId !== userId) {
      throw new HttpError(403, 'state_mismatch', 'This Google connection was started by another account.');
    }
    await requireOwnAgent(db, caller.userId, state.agentId);
    if (!isGoogleConfigured(config)) throw notConfigured();
    let tokens;
    try {
      tokens = await exchangeCode(config, code, state.redirectUri, fetcher, new Date());
    } catch (error) {
      if (!(error instanceof GoogleApiError)) throw error;
      console.warn('google-calendar: code exchange failed', error.message);
      // Google refusing the code (used, expired, wrong redirect) is the caller's request going bad.
      const refused = error.status >= 400 && error.status < 500;
      throw new HttpError(refused ? 400 : 502, 'code_exchange_failed', 'Failed to exchange code for tokens');
    }
    const now = new Date().toISOString();
    // Service role: agent_secrets has no client grants (tokens never reach a browser).
    const secrets = await fn
      .service()
      .from('agent_secrets')
      .upsert(
        {
          agent_id: state.agentId,
          google_calendar_access_token: tokens.accessToken,
          google_calendar_token_expires_at: tokens.expiresAt.toISOString(),
          // Google omits the refresh token when it already issued one; keep the stored one then.
          ...(tokens.refreshToken ? { google_calendar_refresh_token: tokens.refreshToken } : {}),
        },
        { onConflict: 'agent_id' },
      );
    if (secrets.error) throw new Error(`storing the tokens failed: ${secrets.error.message}`);
    await enableIntegration(db, { agentId: state.agentId, userId, connectedAt: now });
    return json({ connected: true, agentId: state.agentId, calendarId: 'primary' });
  }

  /** Enables the integration as the caller: the column grants allow changing only its state. */
  async function enableIntegration(
    db: DbClient,
    row: { agentId: string; userId: string; connectedAt: string },
  ): Promise<void> {
    const change = {
      enabled: true,
      config: toJsonObject(integrationConfigSchema('google_calendar').parse({ calendar_id: 'primary' })),
      connected_at: row.connectedAt,
      disconnected_at: null,
    };
    const updated = await db
      .from('agent_integrations')
      .update(change)
      .eq('agent_id', row.agentId)
      .eq('kind', 'google_calendar')
      .select('agent_id');
    if (updated.error) throw new Error(`enabling the integration failed: ${updated.error.message}`);
    if (updated.data.length > 0) return;
    const inserted = await db
      .from('agent_integrations')
      .insert({ agent_id: row.agentId, user_id: row.userId, kind: 'google_calendar', ...change });
    if (inserted.error) throw new Error(`enabling the integration failed: ${inserted.error.message}`);
  }

  async function disconnect(caller: Caller, id: string): Promise<Response> {
    const db = fn.asCaller(caller);
    await requireOwnAgent(db, caller.userId, id);
    // Service role: agent_secrets has no client grants.
    const secrets = await fn
      .service()
      .from('agent_secrets')
      .update({
        google_calendar_access_token: null,
        google_calendar_refresh_token: null,
        google_calendar_token_expires_at: null,
      })
      .eq('agent_id', id);
    if (secrets.error) throw new Error(`forgetting the tokens failed: ${secrets.error.message}`);
    const integration = await db
      .from('agent_integrations')
      .update({ enabled: false, disconnected_at: new Date().toISOString() })
      .eq('agent_id', id)
      .eq('kind', 'google_calendar');
    if (integration.error) throw new Error(`disabling the integration failed: ${integration.error.message}`);
    return json({ connected: false, agentId: id });
  }

  fn.post('/', async (c) => {
    const caller = await fn.auth.requireOwner(c.req.raw);
    const command = await parseJsonBody(c.req.raw, input, { summary });
    const userId = caller.userId;
    switch (command.action) {
      case 'status':
        return status(caller, command.agentId);
      case 'start': {
        await requireOwnAgent(fn.asCaller(caller), caller.userId, command.agentId);
        if (!isGoogleConfigured(config)) throw notConfigured();
        const state = await signState(
          {
            agentId: command.agentId,
            userId,
            redirectUri: command.redirectUri,
            expiresAt: Date.now() + STATE_TTL_MS,
          },
          stateSecret,
        );
        return json({ url: consentUrl(config, command.redirectUri, state) });
      }
      case 'exchange':
        return exchange(caller, command.code, command.state);
      case 'disconnect':
        return disconnect(caller, command.agentId);
    }
  });

  return fn.handler();
}
