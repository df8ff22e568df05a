/**
 * `npm run bench:insights`: one owner with 1,000,000 phone calls (plus
 * 50,000 browser voice calls), 1,000,000 messages (100,000 conversations) over a year on ten
 * agents, and 100,000 contacts, seeded once; then p95 of the console's reads as that owner:
 *   main dashboard 30d ≤ 250 ms · per-agent dashboard ≤ 150 ms · call history first page ≤ 50 ms
 *   · call history deep page (keyset cursor half-way in) ≤ 50 ms · contacts search ≤ 100 ms.
 * Exits 1 when a figure is over its budget. Options: `-- --calls=N --messages=N --contacts=N
 * --runs=N --only=dashboards,history,contacts`. Run it on an idle machine.
 */
import { startTestStack } from '../integration/support/stack.ts';
import { formatMeasures, isOver, runInsightsBench, type MeasureGroup } from './support/insights-run.ts';

function arg(name: string): string | undefined {
  return process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1];
}
const number = (name: string, fallback: number) => Number(arg(name) ?? fallback);

const calls = number('calls', 1_000_000);
const messages = number('messages', 1_000_000);
const contacts = number('contacts', 100_000);
const only = arg('only')?.split(',') as MeasureGroup[] | undefined;

const stack = await startTestStack({ log: () => {} });
try {
  console.log(
    `seeding ${calls.toLocaleString('en')} calls, ${messages.toLocaleString('en')} messages and ` +
      `${contacts.toLocaleString('en')} contacts…`,
  );
  const { seedSeconds, measures } = await runInsightsBench(stack, {
    calls,
    messages,
    contacts,
    runs: number('runs', 50),
    ...(only ? { only } : {}),
    onProgress: (what, done) => process.stdout.write(`\r  ${what}: ${done.toLocaleString('en')}        `),
  });
  console.log(`\nseeded in ${seedSeconds.toFixed(0)} s\n`);
  console.log(formatMeasures(measures));
  const over = measures.filter(isOver);
  if (over.length > 0) {
    console.log(`\nover budget: ${over.map((m) => m.label).join(', ')}`);
    process.exitCode = 1;
  }
} finally {
  await stack.stop();
}
