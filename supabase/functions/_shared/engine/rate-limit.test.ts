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
      { perVisitor: { capacity: 2, refillPerSecond: 0.5 }, perAgent: { capacity: 3, refillPerSecond: 1 } },
      () => now,
    );
    expect(await limiter.check('agent', 'alice')).toEqual({ allowed: true });
    expect(await limiter.check('agent', 'alice')).toEqual({ allowed: true });
    expect(await limiter.check('agent', 'alice')).toEqual({ allowed: false, scope: 'visitor', retryAfterMs: 2_000 });
    expect(await limiter.check('agent', 'bob')).toEqual({ allowed: true });
    expect(await limiter.check('agent', 'carol')).toEqual({ allowed: false, scope: 'agent', retryAfterMs: 1_000 });
    // carol was refused by the agent bucket, so her own bucket is still full
    now = 1_000;
    expect(await limiter.check('agent', 'carol')).toEqual({ allowed: true });
    expect(await limiter.check('other-agent', 'alice')).toEqual({ allowed: true });
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
