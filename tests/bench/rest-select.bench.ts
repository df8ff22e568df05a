/**
 * Loopback load test for /rest/v1 (budget: ≥ 800 authenticated single-row selects/s with
 * p99 ≤ 50 ms at 16 concurrent clients). The stack runs in this process; the load generator runs
 * in a child process with 16 keep-alive connections, each issuing requests back to back. The
 * server's CPU time per request is printed too: on a shared machine it is steadier than wall time.
 *
 *   npx tsx tests/bench/rest-select.bench.ts [seconds]
 */
import { spawn } from 'node:child_process';
import { signJwt } from '../../supabase/local/core/jwt.ts';
import { startRestStack } from '../integration/rest/helpers.ts';

const CLIENT = `
const http = require('node:http');
const { url, headers, paths, seconds, concurrency, method, body } = JSON.parse(process.env.BENCH_CONFIG);
const okStatus = method === 'POST' ? 201 : 200;
const agent = new http.Agent({ keepAlive: true, maxSockets: concurrency });
const latencies = [];
let errors = 0;
const end = Date.now() + seconds * 1000;
function one(path) {
  return new Promise((resolve) => {
    const t0 = process.hrtime.bigint();
    const req = http.request(url + path, { agent, headers, method: method || 'GET' }, (res) => {
      res.resume();
      res.on('end', () => {
        if (res.statusCode !== okStatus) errors++;
        latencies.push(Number(process.hrtime.bigint() - t0) / 1e6);
        resolve();
      });
    });
    req.on('error', () => { errors++; resolve(); });
    req.end(body);
  });
}
async function loop(i) {
  let k = i;
  while (Date.now() < end) await one(paths[k++ % paths.length]);
}
Promise.all(Array.from({ length: concurrency }, (_, i) => loop(i))).then(() => {
  process.stdout.write(JSON.stringify({ latencies, errors }));
  agent.destroy();
});
`;

async function run(
  seconds: number,
  url: string,
  headers: Record<string, string>,
  paths: string[],
  concurrency: number,
  method = 'GET',
  body?: string,
) {
  const config = { url, headers, paths, seconds, concurrency, method, body };
  const child = spawn(process.execPath, ['-e', CLIENT], {
    env: { ...process.env, BENCH_CONFIG: JSON.stringify(config) },
  });
  let out = '';
  child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
  const cpuBefore = process.cpuUsage();
  await new Promise((resolve, reject) => {
    child.once('exit', resolve);
    child.once('error', reject);
  });
  const cpu = process.cpuUsage(cpuBefore);
  const result = JSON.parse(out) as { latencies: number[]; errors: number };
  const sorted = result.latencies.sort((a, b) => a - b);
  const pct = (p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
  const cpuMsPerRequest = (cpu.user + cpu.system) / 1000 / Math.max(1, sorted.length);
  return {
    rps: sorted.length / seconds,
    p50: pct(50),
    p99: pct(99),
    errors: result.errors,
    n: sorted.length,
    cpuMsPerRequest,
  };
}

async function main() {
  const seconds = Number(process.argv[2] ?? 10);
  const stack = await startRestStack();
  await stack.db.exec(
    `insert into public.posts (author_id, title, body) select 1 + (g % 2), 'bench ' || g, 'body ' || g from generate_series(1, 2000) g`,
  );
  const token = await signJwt(
    { sub: '00000000-0000-0000-0000-0000000000b1', role: 'authenticated', aud: 'authenticated' },
    stack.config.jwtSecret,
    3600,
  );
  const headers = { apikey: stack.anonKey, authorization: `Bearer ${token}`, 'accept-profile': 'public' };
  const base = `${stack.url}/rest/v1`;
  const single = Array.from({ length: 500 }, (_, i) => `/posts?select=*&id=eq.${((i * 7) % 2000) + 1}`);
  const list = Array.from(
    { length: 50 },
    (_, i) => `/posts?select=id,title,authors(name)&author_id=eq.${1 + (i % 2)}&order=id&limit=20&offset=${i}`,
  );
  await run(2, base, headers, single, 16); // warm-up
  const a = await run(seconds, base, headers, single, 16);
  console.log(
    `single-row select: ${a.rps.toFixed(0)} req/s, p50 ${a.p50.toFixed(1)} ms, p99 ${a.p99.toFixed(1)} ms, errors ${a.errors} (${a.n} requests), server CPU ${a.cpuMsPerRequest.toFixed(3)} ms/req`,
  );
  const b = await run(seconds, base, headers, list, 16);
  console.log(
    `20-row list + embed: ${b.rps.toFixed(0)} req/s, p50 ${b.p50.toFixed(1)} ms, p99 ${b.p99.toFixed(1)} ms, errors ${b.errors} (${b.n} requests), server CPU ${b.cpuMsPerRequest.toFixed(3)} ms/req`,
  );
  const c = await run(
    seconds,
    base,
    { ...headers, 'content-type': 'application/json', 'content-profile': 'public' },
    ['/posts'],
    16,
    'POST',
    JSON.stringify({ title: 'bench insert', author_id: 1 }),
  );
  console.log(
    `insert (return=minimal): ${c.rps.toFixed(0)} req/s, p50 ${c.p50.toFixed(1)} ms, p99 ${c.p99.toFixed(1)} ms, errors ${c.errors} (${c.n} requests), server CPU ${c.cpuMsPerRequest.toFixed(3)} ms/req`,
  );
  await stack.stop();
}

void main();
