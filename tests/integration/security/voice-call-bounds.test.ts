import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VOICE_CALL_BOUND_COLUMNS } from '@contracts/voice-call-bounds.ts';
import { startCast, type Cast } from './support/actors.ts';

/**
 * The contract's voice call bounds (@contracts/voice-call-bounds.ts) are exactly the database's:
 * a new agent gets each default, an owner's write at each end passes, and one second outside is
 * refused with a check violation.
 */
let cast: Cast;
let agentId: string;

beforeAll(async () => {
  cast = await startCast();
  const { data, error } = await cast.owner.client
    .from('agents')
    .insert({ user_id: cast.owner.id, name: 'Bounds' })
    .select('id, voice_max_call_seconds, voice_idle_seconds')
    .single();
  if (error || !data) throw new Error(`agent insert: ${error?.message}`);
  agentId = (data as { id: string }).id;
  defaults = data as unknown as Record<string, number>;
});
afterAll(async () => {
  await cast?.stack.stop();
});
let defaults: Record<string, number>;

async function updateAgent(patch: Record<string, unknown>) {
  return cast.owner.client.from('agents').update(patch).eq('id', agentId).select('id');
}

describe('voice call bounds: the console and the database agree', () => {
  it.each(Object.entries(VOICE_CALL_BOUND_COLUMNS))('agents.%s: a new agent gets the default', (column, bound) => {
    expect(defaults[column]).toBe(bound.default);
  });

  it.each(Object.entries(VOICE_CALL_BOUND_COLUMNS))(
    'agents.%s: both ends pass, one second outside is refused',
    async (column, bound) => {
      for (const ok of [bound.min, bound.max]) {
        expect((await updateAgent({ [column]: ok })).error, `${column} = ${ok}`).toBeNull();
      }
      for (const refused of [bound.min - 1, bound.max + 1]) {
        expect((await updateAgent({ [column]: refused })).error?.code, `${column} = ${refused}`).toBe('23514');
      }
      await updateAgent({ [column]: bound.default });
    },
  );
});
