import { describe, expect, it } from 'vitest';
import { transactionsCsv } from './billingCsv.ts';

const row = {
  id: 'evt_1',
  kind: 'payment' as const,
  processed_at: '2026-11-25T10:00:00+00:00',
  user_email: 'a@example.com',
  user_name: 'Ann, "Boss"',
  pack_name: 'Pro',
  amount_cents: 4990,
  currency: 'usd',
  credits: 500,
  total_count: 1,
};

describe('transactionsCsv', () => {
  it('writes a header and one line per transaction, amounts in major units', () => {
    expect(transactionsCsv([row]).split('\r\n')).toEqual([
      'id,date,kind,email,name,pack,amount,currency,credits',
      'evt_1,2026-11-25T10:00:00+00:00,payment,a@example.com,"Ann, ""Boss""",Pro,49.90,usd,500',
      '',
    ]);
  });

  it('defuses cells a spreadsheet would run as formulas', () => {
    const csv = transactionsCsv([{ ...row, user_name: '=HYPERLINK("x")', amount_cents: null, credits: null }]);
    expect(csv).toContain(`"'=HYPERLINK(""x"")"`);
    expect(csv.split('\r\n')[1]?.endsWith(',,usd,')).toBe(true);
  });
});
