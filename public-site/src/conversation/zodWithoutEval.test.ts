import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { z as mini } from 'zod/mini';
import './zodWithoutEval.ts';

describe('zodWithoutEval', () => {
  it('turns off the eval probe both apps would otherwise trip over (CSP without unsafe-eval)', () => {
    expect(z.config().jitless).toBe(true);
    expect(mini.config().jitless).toBe(true);
  });

  it('parses objects without ever calling the Function constructor', () => {
    const original = globalThis.Function;
    let constructed = 0;
    globalThis.Function = new Proxy(original, {
      construct(target, args) {
        constructed += 1;
        return Reflect.construct(target, args) as object;
      },
    });
    try {
      const schema = z.object({ name: z.string(), tags: z.array(z.string()) });
      expect(schema.parse({ name: 'demo', tags: ['a'] })).toEqual({ name: 'demo', tags: ['a'] });
    } finally {
      globalThis.Function = original;
    }
    expect(constructed).toBe(0);
  });
});
