import { describe, expect, it } from 'vitest';
import { ChatRateLimiter, MemoryBucketStore, takeToken } from './rate-limit.ts';

describe('takeToken', () => {
  const policy = { capacity: 3, refillPerSecond: 1 };

  it('allows a burst up to capacity, then refuses with the time to the next token', () => {
    let state = null;
    for (let i = 0; i < 3; i++) {
      const result = takeToken(state, policy, 1_000);
      expect(result.allowed).toBe(true);
      state = result.state;
    }
    const refused = takeToken(state, policy, 1_000);
    expect(refused).toMatchObject({ allowed: false, retryAfterMs: 1_000 });
    expect(takeToken(refused.state, policy, 1_400).retryAfterMs).toBe(600);
    expect(takeToken(refused.state, policy, 2_000).allowed).toBe(true);
  });

  it('refills no further than capacity and ignores clocks going backwards', () => {
    const idle = takeToken({ tokens: 0, updatedAt: 0 }, policy, 1_000_000);
    expect(idle.state.tokens).toBe(2);
    const backwards = takeToken({ tokens: 0, updatedAt: 5_000 }, policy, 1_000);
    expect(backwards.allowed).toBe(false);
  });
});

describe('ChatRateLimiter', () => {
  it('limits each visitor separately and the agent as a whole', async () => {
    let now = 0;
    const limiter = new ChatRateLimiter(
      new MemoryBucketStore(),
      {
        perVisitor: { capacity: 2, refillPerSecond: 0.5 },
        perAddress: { capacity: 10, refillPerSecond: 1 },
        perAgent: { capacity: 3, refillPerSecond: 1 },
        newcomerReserve: 0,
      },
      () => now,
    );
    expect(await limiter.check('agent', 'alice')).toEqual({ allowed: true });
    expect(await limiter.check('agent', 'alice')).toEqual({ allowed: true });
    expect(await limiter.check('agent', 'alice')).toEqual({
      allowed: false,
      scope: 'visitor',
      retryAfterMs: 2_000,
      policy: { capacity: 2, refillPerSecond: 0.5 },
    });
    expect(await limiter.check('agent', 'bob')).toEqual({ allowed: true });
    expect(await limiter.check('agent', 'carol')).toEqual({
      allowed: false,
      scope: 'agent',
      retryAfterMs: 1_000,
      policy: { capacity: 3, refillPerSecond: 1 },
    });
    // carol was refused by the agent bucket, so her own bucket is still full
    now = 1_000;
    expect(await limiter.check('agent', 'carol')).toEqual({ allowed: true });
    expect(await limiter.check('other-agent', 'alice')).toEqual({ allowed: true });
  });

  it('limits one address rotating visitor keys, and keeps a share of the agent for newcomers', async () => {
    let now = 0;
    const limiter = new ChatRateLimiter(
      new MemoryBucketStore(),
      {
        perVisitor: { capacity: 5, refillPerSecond: 1 },
        perAddress: { capacity: 8, refillPerSecond: 0.1 },
        perAgent: { capacity: 20, refillPerSecond: 0.1 },
        newcomerReserve: 0.25,
      },
      () => now,
    );
    const verdicts = [];
    for (let i = 0; i < 50; i++) verdicts.push(await limiter.check('agent', `rotating-${i}`, 'ip-a'));
    expect(verdicts.filter((v) => v.allowed)).toHaveLength(8);
    expect(verdicts[8]).toEqual({
      allowed: false,
      scope: 'address',
      retryAfterMs: 10_000,
      policy: { capacity: 8, refillPerSecond: 0.1 },
    });
    // Two more busy addresses take the agent down to its reserve (5 of 20) and not below (each
    // address's first message, as a newcomer's, may dip into it)...
    for (const address of ['ip-b', 'ip-c']) {
      for (let i = 0; i < 8; i++) await limiter.check('agent', `${address}-${i}`, address);
    }
    expect(await limiter.check('agent', 'late-b', 'ip-b')).toMatchObject({ allowed: false });
    // ...which newcomers (addresses with a full bucket) still reach.
    expect(await limiter.check('agent', 'newcomer-1', 'ip-d')).toEqual({ allowed: true });
    expect(await limiter.check('agent', 'newcomer-1', 'ip-d')).toEqual({
      allowed: false,
      scope: 'agent',
      // 3 tokens left, a known address needs 1 above the reserve of 5: 3 tokens at 0.1/s.
      retryAfterMs: 30_000,
      policy: { capacity: 20, refillPerSecond: 0.1 },
    });
    expect(await limiter.check('agent', 'newcomer-2', 'ip-e')).toEqual({ allowed: true });
    now = 1_000;
    expect(await limiter.check('agent', 'newcomer-3', 'ip-f')).toEqual({ allowed: true });
  });

  it('lets the newcomers of one network take only a slice of the reserve', async () => {
    const limiter = new ChatRateLimiter(
      new MemoryBucketStore(),
      {
        perVisitor: { capacity: 5, refillPerSecond: 1 },
        perAddress: { capacity: 8, refillPerSecond: 0.1 },
        perAgent: { capacity: 40, refillPerSecond: 0.1 },
        newcomerReserve: 0.25,
      },
      () => 0,
    );
    // 80 fresh addresses of one network, one message each: 30 above the reserve of 10, then the
    // network's slice (a quarter of the reserve: 2), then refused.
    const verdicts = [];
    for (let i = 0; i < 80; i++) verdicts.push(await limiter.check('agent', `v-${i}`, `ip-${i}`, 'net-a'));
    expect(verdicts.filter((v) => v.allowed)).toHaveLength(32);
    // A newcomer of another network still reaches what is left of the reserve.
    expect(await limiter.check('agent', 'fresh', 'ip-fresh', 'net-b')).toEqual({ allowed: true });
  });

  it('keeps the memory store bounded', () => {
    const store = new MemoryBucketStore(2);
    store.update('a', () => ({ tokens: 1, updatedAt: 0 }));
    store.update('b', () => ({ tokens: 1, updatedAt: 0 }));
    store.update('c', () => ({ tokens: 1, updatedAt: 0 }));
    expect(store.size).toBe(2);
    expect(store.get('a')).toBeNull();
  });
});
