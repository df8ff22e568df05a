import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import './zodWithoutEval.ts';

describe('zodWithoutEval', () => {
  it('turns off the eval probe both apps would otherwise trip over (CSP without unsafe-eval)', () => {
    expect(z.config().jitless).toBe(true);
  });
});
