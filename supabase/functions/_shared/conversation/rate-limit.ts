/**
 * Token-bucket rate limiting for public `agent-chat` traffic: one bucket per visitor, one per client
 * address and one per agent (so a crowd cannot drain an owner's credits faster than planned). A
 * client that rotates visitor keys still shares its address bucket, whose capacity is well under
 * the agent's; and a share of the agent bucket is kept for newcomers (addresses with no recent
 * traffic), so a few busy addresses can never lock an agent's chat for everyone. Fresh addresses
 * are cheap inside one network, so the newcomers of one network (IPv4 /24, IPv6 /48) may take only
 * a slice of that reserve: a burst of new addresses leaves the rest to newcomers from elsewhere.
 * The arithmetic is
 * pure; where buckets live (memory, a Postgres table, a KV store) is the caller's choice.
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

/** The bucket's tokens at `now` (refilled by elapsed time, at most capacity). */
export function tokensAt(state: BucketState | null, policy: BucketPolicy, now: number): number {
  if (!state) return policy.capacity;
  // A clock that went backwards must not mint tokens.
  const elapsedMs = Math.max(0, now - state.updatedAt);
  return Math.min(policy.capacity, state.tokens + (elapsedMs / 1000) * policy.refillPerSecond);
}

/**
 * Refills by elapsed time, then takes `cost` tokens if at least `floor` tokens remain afterwards
 * (the floor is a reserve the caller may not touch). Never mutates `state`.
 */
export function takeToken(
  state: BucketState | null,
  policy: BucketPolicy,
  now: number,
  cost = 1,
  floor = 0,
): TakeResult {
  const tokens = tokensAt(state, policy, now);
  if (tokens - cost >= floor) {
    return { allowed: true, state: { tokens: tokens - cost, updatedAt: now }, retryAfterMs: 0 };
  }
  const missing = cost + floor - tokens;
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
  /** Every visitor key seen from one client address together; keep it well under perAgent. */
  perAddress: BucketPolicy;
  perAgent: BucketPolicy;
  /** Share (0-1) of the agent bucket that only newcomers may use. */
  newcomerReserve: number;
}

/** Share of the newcomer reserve the newcomers of one network may hold at once. */
export const NETWORK_RESERVE_SHARE = 0.25;

/**
 * The bucket of reserve tokens one network's newcomers draw from: a quarter of the reserve (at
 * least one), refilled at the reserve's share of the agent's rate.
 */
export function networkReservePolicy(limits: ChatRateLimits): BucketPolicy {
  const reserve = limits.perAgent.capacity * limits.newcomerReserve;
  return {
    capacity: Math.max(1, Math.floor(reserve * NETWORK_RESERVE_SHARE)),
    refillPerSecond: limits.perAgent.refillPerSecond * limits.newcomerReserve,
  };
}

/**
 * Defaults: a visitor may burst 10 messages then 1 per 3 s; an address (an office behind one NAT,
 * or one client rotating visitor keys) 30 then 1 per 2 s; an agent 120 then 2 per second, of
 * which the last quarter is kept for addresses with no recent traffic.
 */
export const DEFAULT_CHAT_RATE_LIMITS: ChatRateLimits = {
  perVisitor: { capacity: 10, refillPerSecond: 1 / 3 },
  perAddress: { capacity: 30, refillPerSecond: 1 / 2 },
  perAgent: { capacity: 120, refillPerSecond: 2 },
  newcomerReserve: 0.25,
};

export type RateLimitScope = 'visitor' | 'address' | 'agent';
/** A refusal names the bucket that refused and its policy, so the visitor can be told the limit. */
export type RateLimitVerdict =
  { allowed: true } | { allowed: false; scope: RateLimitScope; retryAfterMs: number; policy: BucketPolicy };

/**
 * Checks the buckets; a turn is charged to all of them only when all allow it, so a visitor refused
 * by a wider limit does not also lose a token of their own. A newcomer is an address whose bucket
 * is full (never seen, evicted, or idle long enough to refill): only newcomers may dip into the
 * agent's reserve, so an address that keeps sending is stopped above it.
 */
export class ChatRateLimiter {
  constructor(
    private readonly store: BucketStore,
    private readonly limits: ChatRateLimits = DEFAULT_CHAT_RATE_LIMITS,
    private readonly now: () => number = Date.now,
  ) {}

  async check(
    agentId: string,
    visitorKey: string,
    addressKey?: string,
    networkKey?: string,
  ): Promise<RateLimitVerdict> {
    const now = this.now();
    const { perVisitor, perAddress, perAgent } = this.limits;
    const visitorBucket = `visitor:${agentId}:${visitorKey}`;
    const addressBucket = addressKey ? `address:${agentId}:${addressKey}` : null;
    const networkBucket = networkKey ? `network:${agentId}:${networkKey}` : null;
    const agentBucket = `agent:${agentId}`;
    const networkPolicy = networkReservePolicy(this.limits);
    const visitor = takeToken(await this.store.get(visitorBucket), perVisitor, now);
    if (!visitor.allowed)
      return { allowed: false, scope: 'visitor', retryAfterMs: visitor.retryAfterMs, policy: perVisitor };
    let newcomer = true;
    if (addressBucket) {
      const state = await this.store.get(addressBucket);
      newcomer = tokensAt(state, perAddress, now) >= perAddress.capacity;
      const address = takeToken(state, perAddress, now);
      if (!address.allowed)
        return { allowed: false, scope: 'address', retryAfterMs: address.retryAfterMs, policy: perAddress };
    }
    const reserve = perAgent.capacity * this.limits.newcomerReserve;
    const agentState = await this.store.get(agentBucket);
    // A newcomer whose turn would dip into the reserve spends its network's slice of it.
    const dips = newcomer && tokensAt(agentState, perAgent, now) - 1 < reserve;
    if (dips && networkBucket && !takeToken(await this.store.get(networkBucket), networkPolicy, now).allowed)
      newcomer = false;
    const agent = takeToken(agentState, perAgent, now, 1, newcomer ? 0 : reserve);
    if (!agent.allowed) return { allowed: false, scope: 'agent', retryAfterMs: agent.retryAfterMs, policy: perAgent };
    // Re-run the arithmetic inside update() so concurrent checks on a shared store stay exact.
    await this.store.update(visitorBucket, (state) => takeToken(state, perVisitor, now).state);
    if (addressBucket) await this.store.update(addressBucket, (state) => takeToken(state, perAddress, now).state);
    if (dips && newcomer && networkBucket)
      await this.store.update(networkBucket, (state) => takeToken(state, networkPolicy, now).state);
    await this.store.update(agentBucket, (state) => takeToken(state, perAgent, now).state);
    return { allowed: true };
  }
}
