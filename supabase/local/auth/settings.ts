import type { StackContext, SupabaseConfig } from '../core/contracts.ts';
import { createRateLimiter } from './rate-limit.ts';

export type AuthConfig = SupabaseConfig['auth'];

/** What every handler needs: the stack context plus values derived from config.toml [auth]. */
export interface AuthEnv {
  ctx: StackContext;
  config: AuthConfig;
  /** GoTrue's MAILER_AUTOCONFIRM = !enable_confirmations. */
  autoconfirm: boolean;
  /** Smallest gap between two emails of one kind to one user (max_frequency), in ms. */
  maxFrequencyMs: number;
  /** `<apiUrl>/auth/v1`, read at request time: the port is only known once the server listens. */
  externalUrl(): string;
  /** Per-address sign-in/sign-up, refresh and verification limits. */
  limiter: ReturnType<typeof createRateLimiter>;
}

/** Parses Go durations as config.toml writes them: "1s", "60s", "1m0s", "1h30m", "500ms". */
export function parseGoDuration(value: string): number {
  const text = value.trim();
  if (/^\d+$/.test(text)) return Number(text) * 1000;
  let total = 0;
  let rest = text;
  const unit = /^(\d+(?:\.\d+)?)(ms|s|m|h)/;
  while (rest) {
    const match = unit.exec(rest);
    if (!match) throw new Error(`Invalid duration: ${value}`);
    const n = Number(match[1]);
    total += n * { ms: 1, s: 1000, m: 60_000, h: 3_600_000 }[match[2] as 'ms' | 's' | 'm' | 'h'];
    rest = rest.slice(match[0].length);
  }
  return total;
}

export function createAuthEnv(ctx: StackContext): AuthEnv {
  const config = ctx.config.supabaseConfig.auth;
  return {
    ctx,
    config,
    autoconfirm: !config.email.enable_confirmations,
    maxFrequencyMs: parseGoDuration(config.email.max_frequency || '0s'),
    externalUrl: () => `${ctx.config.apiUrl}/auth/v1`,
    limiter: createRateLimiter(ctx.config.authRateLimit),
  };
}
