import type { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CALL_STATUSES, E164, PHONE_VOICE_MODES, callStatusFromTwilio } from '@contracts/phone.ts';
import { openMigratedDatabase } from '../security/support/sql-database.ts';

/**
 * The phone rules of `_shared/contracts/phone.ts` and their SQL twins agree on one table of cases:
 * the E.164 checks (phone_numbers.phone_number, agents.transfer_number), agents.phone_voice_mode
 * and calls.status.
 */
const DEMO_OWNER = 'd0000000-0000-4000-8000-000000000001';
let db: PGlite;
let agentId: string;

beforeAll(async () => {
  db = await openMigratedDatabase();
  const { rows } = await db.query<{ id: string }>(
    "insert into public.agents (user_id, name) values ($1, 'Phone rules') returning id",
    [DEMO_OWNER],
  );
  agentId = rows[0]!.id;
});
afterAll(async () => {
  await db?.close();
});

async function accepts(sql: string, params: unknown[]): Promise<boolean> {
  try {
    await db.query(sql, params);
    return true;
  } catch (error) {
    if ((error as { code?: string }).code === '23514') return false;
    throw error;
  }
}

const numbers = [
  '+14155550100',
  '+442071838750',
  '+33123456789',
  '+1234567',
  '+123456',
  '+012345678',
  '14155550100',
  '+1415555010012345',
  '+1 415 555 0100',
  '',
  '+',
];

describe('E.164: the contract and the database agree', () => {
  it.each(numbers)('agents.transfer_number %j', async (value) => {
    await expect(
      accepts('update public.agents set transfer_number = $1 where id = $2', [value, agentId]),
    ).resolves.toBe(E164.test(value));
  });
  it.each(numbers)('phone_numbers.phone_number %j', async (value) => {
    await expect(
      accepts('insert into public.phone_numbers (phone_number) values ($1) on conflict do nothing', [value]),
    ).resolves.toBe(E164.test(value));
  });
});

describe('voice modes and call statuses', () => {
  it.each([...PHONE_VOICE_MODES, 'realtime', 'ANY_MODEL', ''])('agents.phone_voice_mode %j', async (mode) => {
    await expect(
      accepts('update public.agents set phone_voice_mode = $1 where id = $2', [mode, agentId]),
    ).resolves.toBe((PHONE_VOICE_MODES as readonly string[]).includes(mode));
  });

  it.each([...CALL_STATUSES, 'in-progress', 'ongoing', 'done'])('calls.status %j', async (status) => {
    await expect(
      accepts(
        "insert into public.calls (user_id, from_number, to_number, status) values ($1, '+14155550100', '+14155550101', $2)",
        [DEMO_OWNER, status],
      ),
    ).resolves.toBe((CALL_STATUSES as readonly string[]).includes(status));
  });

  it('maps every Twilio call status onto a status the database accepts', () => {
    const twilio = [
      'queued',
      'initiated',
      'ringing',
      'in-progress',
      'answered',
      'completed',
      'busy',
      'failed',
      'no-answer',
      'canceled',
    ];
    for (const status of twilio) expect(CALL_STATUSES).toContain(callStatusFromTwilio(status));
    expect(callStatusFromTwilio('bogus')).toBeNull();
  });
});
