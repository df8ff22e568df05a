import { describe, expect, it } from 'vitest';
import { AppError } from '../../../errors/appError.ts';
import { PACK_LIMIT_CODE, packLimitError, packLimitMax } from './packLimit.ts';

// What supabase-js returns when private.enforce_agent_limit() refuses the insert.
const refused = {
  code: 'PT403',
  message: 'Your Free pack allows 1 agent(s). Delete an agent or upgrade your pack to create another.',
  hint: 'pack_limit_reached',
  details: '{"max": 1, "pack": "free", "limit": "max_agents"}',
};

describe('pack limit refusal', () => {
  it('becomes an AppError with the wizard message key and the allowed number', () => {
    const error = packLimitError(refused);
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({
      code: PACK_LIMIT_CODE,
      messageKey: 'agents:wizard.packLimitReached',
      params: { max: '1', pack: 'free' },
      status: 403,
    });
    expect(packLimitMax(error)).toBe(1);
  });

  it.each([
    ['another database error', { code: '23505', message: 'duplicate', hint: null, details: 'Key exists' }],
    ['the hint without numbers', { ...refused, details: 'not json' }],
    ['another limit', { ...refused, details: '{"limit": "users", "max": 1, "pack": "free"}' }],
    ['a network failure', new TypeError('Failed to fetch')],
    ['nothing', undefined],
  ])('leaves %s to the generic handling', (_, error) => {
    expect(packLimitError(error)).toBeNull();
    expect(packLimitMax(error)).toBeNull();
  });
});
