/**
 * `npm run bench:history` (issue 18 acceptance): one owner with 1,000,000 phone calls (plus
 * 50,000 browser calls) and 100,000 contacts, seeded with generate_series straight into the
 * stack's database, then the console's reads through PostgREST as that owner:
 *   - call history first page (20 rows)                       budget p95 ≤ 50 ms
 *   - call history deep page (keyset cursor ~500,000 rows in)  budget p95 ≤ 50 ms
 *   - contacts search over 100,000 contacts                    budget p95 ≤ 100 ms
 * Run it on an idle machine; `-- --samples N` changes the number of timed requests (default 60).
 */
import { randomUUID } from 'node:crypto';
import { parseArgs } from 'node:util';
import { startTestStack } from '../integration/support/stack.ts';

const { values } = parseArgs({ options: { samples: { type: 'string', default: '60' } } });
const SAMPLES = Number(values.samples);
const CALLS = 1_000_000;
const VOICE_CALLS = 50_000;
const CONTACTS = 100_000;
const BATCH = 100_000;

const percentile = (samples: number[], p: number) => {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
};
const ms = (value: number) => `${value.toFixed(1)} ms`;
const verdicts: string[] = [];

const stack = await startTestStack();
try {
  const ownerId = randomUUID();
  const db = stack.db;
  const seedStarted = performance.now();
  await db.query(
    `insert into auth.users (id, email, aud, role, raw_user_meta_data, email_confirmed_at)
     values ($1, 'bench-history@example.com', 'authenticated', 'authenticated', '{}', now())`,
    [ownerId],
  );
  const agents: string[] = [];
  for (const name of ['Accueil', 'Réservations', 'Support', 'Ventes']) {
    const { rows } = await db.query<{ id: string }>(
      `insert into public.agents (user_id, name) values ($1, $2) returning id`,
      [ownerId, name],
    );
    agents.push(rows[0]!.id);
  }
  // Calls over the last 400 days, one every ~35 s, on four agents; 1 in 10 not completed.
  for (let start = 0; start < CALLS; start += BATCH) {
    await db.query(
      `insert into public.calls (user_id, assigned_agent, from_number, to_number, status, duration, "timestamp")
       select $1, ($2::uuid[])[1 + g % 4], '+3361' || lpad((g % 9000000)::text, 7, '0'), '+33100000000',
              case when g % 10 = 0 then 'failed' else 'completed' end, 20 + g % 600,
              now() - (g * interval '35 seconds')
         from generate_series($3::int, $4::int) g`,
      [ownerId, agents, start + 1, Math.min(CALLS, start + BATCH)],
    );
  }
  await db.query(
    `insert into public.voice_calls (user_id, agent_id, status, duration, created_at, storage_path, mime_type)
     select $1, ($2::uuid[])[1 + g % 4], 'completed', 30 + g % 300, now() - (g * interval '700 seconds'),
            $4 || '/voice/' || g || '.webm', 'audio/webm'
       from generate_series(1, $3::int) g`,
    [ownerId, agents, VOICE_CALLS, ownerId],
  );
  await db.query(
    `insert into public.contacts (user_id, phone, first_name, last_name, favorite, last_contact_date)
     select $1, '3370' || lpad(g::text, 7, '0'),
            (array['Marie','Jean','Sophie','Luc','Emma','Hugo','Léa','Paul'])[1 + g % 8],
            (array['Martin','Bernard','Dubois','Thomas','Robert','Richard','Petit','Durand','Leroy','Moreau'])[1 + (g / 8) % 10]
              || '-' || g,
            g % 50 = 0, now() - (g * interval '5 minutes')
       from generate_series(1, $2::int) g`,
    [ownerId, CONTACTS],
  );
  await db.exec('analyze public.calls; analyze public.voice_calls; analyze public.contacts; analyze public.agents');
  console.log(
    `seeded ${CALLS.toLocaleString('en')} calls, ${VOICE_CALLS.toLocaleString('en')} browser calls and ` +
      `${CONTACTS.toLocaleString('en')} contacts in ${((performance.now() - seedStarted) / 1000).toFixed(1)} s`,
  );

  const owner = await stack.clientAs(await stack.signUserToken({ sub: ownerId }));
  const { rows: deep } = await db.query<{ at: string; id: string }>(
    `select "timestamp" as at, id from public.calls where user_id = $1 and status = 'completed'
      order by "timestamp" desc, id desc offset 450000 limit 1`,
    [ownerId],
  );
  const cursor = deep[0]!;

  async function measure(label: string, budget: number, run: (i: number) => Promise<{ error: unknown; rows: number }>) {
    const samples: number[] = [];
    for (let i = 0; i < SAMPLES + 5; i++) {
      const started = performance.now();
      const { error, rows } = await run(i);
      const took = performance.now() - started;
      if (error) throw new Error(`${label}: ${JSON.stringify(error)}`);
      if (rows === 0) throw new Error(`${label}: no rows (the figure would mean nothing)`);
      if (i >= 5) samples.push(took);
    }
    const p95 = percentile(samples, 95);
    const verdict = `${label}: p50 ${ms(percentile(samples, 50))}  p95 ${ms(p95)}  (budget ≤ ${budget} ms: ${p95 <= budget ? 'PASS' : 'OVER'})`;
    verdicts.push(verdict);
    console.log(verdict);
  }

  await measure('call history, first page', 50, async () => {
    const { data, error } = await owner.rpc('call_history', { page_size: 20 });
    return { error, rows: data?.length ?? 0 };
  });
  await measure('call history, one agent, first page', 50, async (i) => {
    const { data, error } = await owner.rpc('call_history', { agent: agents[i % 4]!, page_size: 20 });
    return { error, rows: data?.length ?? 0 };
  });
  await measure('call history, deep page (~500,000 in)', 50, async () => {
    const { data, error } = await owner.rpc('call_history', {
      before_at: cursor.at,
      before_id: cursor.id,
      page_size: 20,
    });
    return { error, rows: data?.length ?? 0 };
  });
  const searches = ['dubois-4', 'marie', 'léa petit', '+33 70 00 12', 'robert-99'];
  await measure('contacts search (100,000 contacts)', 100, async (i) => {
    const { data, error } = await owner.rpc('contact_cards', { search: searches[i % searches.length]!, page_size: 24 });
    return { error, rows: data?.length ?? 0 };
  });
  await measure('contacts, favourites only', 100, async () => {
    const { data, error } = await owner.rpc('contact_cards', { favorites_only: true, page_size: 24 });
    return { error, rows: data?.length ?? 0 };
  });
  console.log('\nsummary');
  for (const line of verdicts) console.log(`  ${line}`);
} finally {
  await stack.stop();
}
