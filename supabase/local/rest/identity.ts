import type { LocalStackConfig } from '../core/contracts.ts';
import type { RequestIdentity } from '../core/db.ts';
import { effectiveBearer } from '../core/gateway.ts';
import { verifyJwt, type JwtClaims } from '../core/jwt.ts';
import { RestError } from './errors.ts';

/**
 * Who a request runs as: the gateway's key translation, then PostgREST's JWT
 * checks. Verified tokens are memoised until they expire, since the same few tokens arrive on
 * every request and HMAC verification is a measurable share of a single-row select.
 */

const ANON_ROLE = 'anon';
const MAX_CACHED = 2000;

export class IdentityResolver {
  private readonly verified = new Map<string, JwtClaims>();

  constructor(private readonly config: LocalStackConfig) {}

  async resolve(headers: Headers): Promise<RequestIdentity> {
    const token = effectiveBearer(headers, this.config);
    if (!token) return { role: ANON_ROLE, claims: { role: ANON_ROLE } };
    const claims = await this.verify(token);
    const role = typeof claims.role === 'string' && claims.role !== '' ? claims.role : ANON_ROLE;
    return { role, claims };
  }

  private async verify(token: string): Promise<JwtClaims> {
    const cached = this.verified.get(token);
    const now = Math.floor(Date.now() / 1000);
    if (cached && (typeof cached.exp !== 'number' || cached.exp > now)) return cached;
    if (cached) this.verified.delete(token);
    const result = await verifyJwt(token, this.config.jwtSecret);
    if (!result.ok) {
      const code = result.kind === 'malformed' || result.kind === 'signature' ? 'PGRST301' : 'PGRST303';
      throw new RestError(401, code, result.message, null, null, {
        'WWW-Authenticate': `Bearer error="invalid_token", error_description="${result.message.replace(/"/g, "'")}"`,
      });
    }
    // Tokens whose `nbf` is in the future are rejected above, so caching until `exp` is safe.
    if (this.verified.size >= MAX_CACHED) this.verified.clear();
    this.verified.set(token, result.claims);
    return result.claims;
  }
}
