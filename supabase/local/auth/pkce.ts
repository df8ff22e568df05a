import { createHash, randomUUID } from 'node:crypto';
import type { Queryable } from '../core/db.ts';
import { AuthError, badRequest, notFound, validationFailed } from './errors.ts';
import { optString, type Json } from './http.ts';

/** GoTrue's flow state lifetime (5 minutes) between issuing an auth code and its exchange. */
const FLOW_STATE_TTL_MS = 5 * 60 * 1000;

export interface PkceParams {
  codeChallenge: string;
  method: 's256' | 'plain';
}

/** Reads code_challenge/code_challenge_method from a body or query; null = implicit flow. */
export function readPkce(source: Json | URLSearchParams): PkceParams | null {
  const get = (key: string) =>
    source instanceof URLSearchParams ? (source.get(key) ?? undefined) : optString(source, key);
  const challenge = get('code_challenge');
  const method = get('code_challenge_method');
  if (!challenge && !method) return null;
  if (!challenge || !method) throw validationFailed('PKCE flow requires code_challenge_method and code_challenge');
  const normalized = method.toLowerCase();
  if (normalized !== 's256' && normalized !== 'plain')
    throw validationFailed(`code challenge method not supported: ${method}`);
  if (challenge.length < 43 || challenge.length > 128)
    throw validationFailed('code challenge has to be between 43 and 128 characters');
  return { codeChallenge: challenge, method: normalized };
}

export interface FlowStateRow {
  id: string;
  user_id: string | null;
  auth_code: string;
  code_challenge_method: 's256' | 'plain';
  code_challenge: string;
  provider_type: string;
  provider_access_token: string | null;
  provider_refresh_token: string | null;
  authentication_method: string;
  created_at: Date;
  auth_code_issued_at: Date | null;
  referrer: string | null;
}

export async function createFlowState(
  q: Queryable,
  pkce: PkceParams,
  input: { userId?: string | null; providerType: string; method: string; referrer?: string },
): Promise<FlowStateRow> {
  const { rows } = await q.query<FlowStateRow>(
    `insert into auth.flow_state (id, user_id, auth_code, code_challenge_method, code_challenge, provider_type,
       created_at, updated_at, authentication_method, referrer)
     values ($1, $2, $3, $4, $5, $6, now(), now(), $7, $8) returning *`,
    [
      randomUUID(),
      input.userId ?? null,
      randomUUID(),
      pkce.method,
      pkce.codeChallenge,
      input.providerType,
      input.method,
      input.referrer ?? null,
    ],
  );
  return rows[0]!;
}

/** The newest flow state of a user for a method (what the e-mail link's PKCE token belongs to). */
export async function latestFlowState(q: Queryable, userId: string, method: string): Promise<FlowStateRow | undefined> {
  const { rows } = await q.query<FlowStateRow>(
    'select * from auth.flow_state where user_id = $1 and authentication_method = $2 order by created_at desc limit 1',
    [userId, method],
  );
  return rows[0];
}

export async function markCodeIssued(q: Queryable, flowId: string): Promise<void> {
  await q.query('update auth.flow_state set auth_code_issued_at = now(), updated_at = now() where id = $1', [flowId]);
}

function challengeOf(verifier: string, method: 's256' | 'plain'): string {
  return method === 'plain' ? verifier : createHash('sha256').update(verifier).digest('base64url');
}

/** grant_type=pkce: finds the flow by auth_code, checks expiry and the verifier, consumes it. */
export async function consumeFlowState(q: Queryable, authCode: string, verifier: string): Promise<FlowStateRow> {
  const { rows } = await q.query<FlowStateRow>('select * from auth.flow_state where auth_code = $1', [authCode]);
  const flow = rows[0];
  if (!flow) throw notFound('flow_state_not_found', 'invalid flow state, no valid flow state found');
  const issuedAt = new Date(flow.auth_code_issued_at ?? flow.created_at).getTime();
  if (Date.now() > issuedAt + FLOW_STATE_TTL_MS) {
    await q.query('delete from auth.flow_state where id = $1', [flow.id]);
    throw new AuthError(422, 'flow_state_expired', 'invalid flow state, flow state has expired');
  }
  if (challengeOf(verifier, flow.code_challenge_method) !== flow.code_challenge) {
    throw badRequest('bad_code_verifier', 'code challenge does not match previously saved code verifier');
  }
  if (!flow.user_id) throw notFound('flow_state_not_found', 'invalid flow state, no valid flow state found');
  await q.query('delete from auth.flow_state where id = $1', [flow.id]);
  return flow;
}
