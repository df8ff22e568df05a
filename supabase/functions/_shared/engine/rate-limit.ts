/**
 * Token-bucket rate limiting for public `agent-chat` traffic: one bucket per visitor and one per
 * agent (so a crowd cannot drain an owner's credits faster than planned). The arithmetic is pure;
 * where buckets live (memory, a Postgres table, a KV store) is the caller's choice.
 */

export interface BucketPolicy {
  /** Burst size: requests allowed at once from a full bucket. */
  capacity: number;
  /** Sustained rate. */
  refillPerSecond: number;
}

export interface BucketState {
  tokens: number;
  /** Epoch milliseconds of the last update. */
  updatedAt: number;
}

export interface TakeResult {
  allowed: boolean;
  state: BucketState;
  /** When refused: how long until one token is back (for Retry-After). */
  retryAfterMs: number;
}

/** Refills by elapsed time, then takes `cost` tokens if there are enough. Never mutates `state`. */
export function takeToken(state: BucketState | null, policy: BucketPolicy, now: number, cost = 1): TakeResult {
  const previous = state ?? { tokens: policy.capacity, updatedAt: now };
  // A clock that went backwards must not mint tokens.
  const elapsedMs = Math.max(0, now - previous.updatedAt);
  const tokens = Math.min(policy.capacity, previous.tokens + (elapsedMs / 1000) * policy.refillPerSecond);
  if (tokens >= cost) {
    return { allowed: true, state: { tokens: tokens - cost, updatedAt: now }, retryAfterMs: 0 };
  }
  const missing = cost - tokens;
  const retryAfterMs = policy.refillPerSecond > 0 ? Math.ceil((missing / policy.refillPerSecond) * 1000) : Infinity;
  return { allowed: false, state: { tokens, updatedAt: now }, retryAfterMs };
}

/** Where buckets are kept. Implementations must be atomic per key if shared between processes. */
export interface BucketStore {
  update(key: string, change: (state: BucketState | null) => BucketState): Promise<void> | void;
  get(key: string): Promise<BucketState | null> | BucketState | null;
}

/**
 * In-process store with a bounded number of keys (oldest evicted first), for the local stack and
 * a single edge worker. Evicting a bucket only ever makes a client's bucket full again.
 */
export class MemoryBucketStore implements BucketStore {
  private readonly buckets = new Map<string, BucketState>();
  constructor(private readonly maxKeys = 10_000) {}

  get(key: string): BucketState | null {
    return this.buckets.get(key) ?? null;
  }

  update(key: string, change: (state: BucketState | null) => BucketState): void {
    const next = change(this.buckets.get(key) ?? null);
    this.buckets.delete(key);
    this.buckets.set(key, next);
    while (this.buckets.size > this.maxKeys) {
      const oldest = this.buckets.keys().next().value;
      if (oldest === undefined) break;
      this.buckets.delete(oldest);
    }
  }

  get size(): number {
    return this.buckets.size;
  }
}

export interface ChatRateLimits {
  perVisitor: BucketPolicy;
  perAgent: BucketPolicy;
}

/** Defaults: a visitor may burst 10 messages then 1 per 3 s; an agent 120 then 2 per second. */
export const DEFAULT_CHAT_RATE_LIMITS: ChatRateLimits = {
  perVisitor: { capacity: 10, refillPerSecond: 1 / 3 },
  perAgent: { capacity: 120, refillPerSecond: 2 },
};

export type RateLimitVerdict = { allowed: true } | { allowed: false; scope: 'visitor' | 'agent'; retryAfterMs: number };

/**
 * Checks both buckets; a turn is charged to both only when both allow it, so a visitor refused by
 * the agent-wide limit does not also lose a visitor token.
 */
export class ChatRateLimiter {
  constructor(
    private readonly store: BucketStore,
    private readonly limits: ChatRateLimits = DEFAULT_CHAT_RATE_LIMITS,
    private readonly now: () => number = Date.now,
  ) {}

  async check(agentId: string, visitorKey: string): Promise<RateLimitVerdict> {
    const now = this.now();
    const visitorBucket = `visitor:${agentId}:${visitorKey}`;
    const agentBucket = `agent:${agentId}`;
    const visitor = takeToken(await this.store.get(visitorBucket), this.limits.perVisitor, now);
    if (!visitor.allowed) return { allowed: false, scope: 'visitor', retryAfterMs: visitor.retryAfterMs };
    const agent = takeToken(await this.store.get(agentBucket), this.limits.perAgent, now);
    if (!agent.allowed) return { allowed: false, scope: 'agent', retryAfterMs: agent.retryAfterMs };
    // Re-run the arithmetic inside update() so concurrent checks on a shared store stay exact.
    await this.store.update(visitorBucket, (state) => takeToken(state, this.limits.perVisitor, now).state);
    await this.store.update(agentBucket, (state) => takeToken(state, this.limits.perAgent, now).state);
    return { allowed: true };
  }
}
