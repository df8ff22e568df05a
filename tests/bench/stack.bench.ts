/**
 * `npm run bench:stack [-- --seconds 5 --concurrency 16]`: figures for the embedded stack's budgets.
 * 1. Cold start to ready of `scripts/stack.ts` in a child process, on a fresh data dir and on the
 *    existing one (budget ≤ 6 s).
 * 2. Over HTTP on loopback, 16 concurrent clients for N seconds each, as a signed-in user with RLS:
 *    single-row select, filtered list of 20 rows with one embed, insert — requests/s, p50, p99
 *    (budget ≥ 800 selects/s, p99 ≤ 50 ms on 2 cores). Needs /rest/v1 (supabase/local/rest).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { signJwt } from '../../supabase/local/core/jwt.ts';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const FIXTURE = fileURLToPath(new URL('./fixture/', import.meta.url));
const BENCH_USER = '11111111-1111-4111-8111-111111111111';

const { values } = parseArgs({
  options: { seconds: { type: 'string', default: '5' }, concurrency: { type: 'string', default: '16' } },
});
const seconds = Math.min(Math.max(Number(values.seconds) || 5, 1), 60);
const concurrency = Math.min(Math.max(Number(values.concurrency) || 16, 1), 64);

interface StackProcess {
  child: ChildProcess;
  url: string;
  readyMs: number;
  startupMs: number;
  /** The data dir's own keys, as scripts/stack.ts prints them. */
  anonKey: string;
  jwtSecret: string;
}

/** Runs scripts/stack.ts on the data dir; resolves when it prints its ready line. */
function runStack(dataDir: string): Promise<StackProcess> {
  const started = performance.now();
  const child = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      path.join(ROOT, 'scripts/stack.ts'),
      '--project-dir',
      FIXTURE,
      '--data-dir',
      dataDir,
      '--port',
      '0',
      '--quiet',
    ],
    {
      cwd: ROOT,
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  return new Promise((resolve, reject) => {
    let out = '';
    let err = '';
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`stack did not start within 120 s\n${out}\n${err}`));
    }, 120_000);
    child.stderr!.on('data', (c) => (err += c));
    child.stdout!.on('data', (c) => {
      out += c;
      const url = /Local stack ready: (\S+)/.exec(out)?.[1];
      const startupMs = /started in:\s+(\d+) ms/.exec(out)?.[1];
      const anonKey = /anon key:\s+(\S+)/.exec(out)?.[1];
      const jwtSecret = /JWT secret:\s+(\S+)/.exec(out)?.[1];
      if (url && startupMs && anonKey && jwtSecret) {
        clearTimeout(timer);
        resolve({
          child,
          url,
          readyMs: Math.round(performance.now() - started),
          startupMs: Number(startupMs),
          anonKey,
          jwtSecret,
        });
      }
    });
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`stack exited (${code}) before ready\n${out}\n${err}`));
    });
  });
}

async function stopStack(stack: StackProcess): Promise<void> {
  if (stack.child.exitCode !== null) return;
  stack.child.removeAllListeners('exit');
  const exited = new Promise((resolve) => stack.child.once('exit', resolve));
  stack.child.kill('SIGTERM');
  await exited;
}

interface Scenario {
  name: string;
  request(i: number): { path: string; init: RequestInit; expect: number };
}

async function load(url: string, scenario: Scenario) {
  const latencies: number[] = [];
  let errors = 0;
  let firstError = '';
  let counter = 0;
  // One second of the same traffic first, discarded: JIT, prepared statements and the schema
  // cache warm up, as they are on a server that has been running for a while.
  const warmUntil = performance.now() + 1000;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (performance.now() < warmUntil) {
        const { path: p, init } = scenario.request(counter++);
        await (await fetch(url + p, init)).arrayBuffer().catch(() => undefined);
      }
    }),
  );
  const deadline = performance.now() + seconds * 1000;
  const worker = async () => {
    while (performance.now() < deadline) {
      const { path: p, init, expect } = scenario.request(counter++);
      const t0 = performance.now();
      try {
        const res = await fetch(url + p, init);
        await res.arrayBuffer();
        if (res.status !== expect) {
          errors++;
          firstError ||= `HTTP ${res.status} for ${p}`;
        }
      } catch (error) {
        errors++;
        firstError ||= String(error);
      }
      latencies.push(performance.now() - t0);
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: concurrency }, worker));
  const elapsed = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const pct = (p: number) => latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))] ?? NaN;
  return {
    name: scenario.name,
    rps: latencies.length / elapsed,
    p50: pct(50),
    p99: pct(99),
    count: latencies.length,
    errors,
    firstError,
  };
}

async function main(): Promise<number> {
  const dataRoot = await mkdtemp(path.join(tmpdir(), 'concierge-bench-'));
  const dataDir = path.join(dataRoot, 'data');
  let stack: StackProcess | undefined;
  try {
    const fresh = await runStack(dataDir);
    await stopStack(fresh);
    stack = await runStack(dataDir);
    console.log('cold start to ready (child process, incl. Node + tsx start-up; stack-internal time in brackets)');
    console.log(`  fresh data dir:    ${fresh.readyMs} ms  [${fresh.startupMs} ms]`);
    console.log(
      `  existing data dir: ${stack.readyMs} ms  [${stack.startupMs} ms]  budget ≤ 6000 ms: ${stack.readyMs <= 6000 ? 'OK' : 'OVER'}`,
    );

    const health = (await (await fetch(`${stack.url}/_local/health`)).json()) as { services?: { rest?: boolean } };
    if (!existsSync(path.join(ROOT, 'supabase/local/rest/index.ts')) || !health.services?.rest) {
      console.error(
        '\nbench:stack: /rest/v1 is not mounted (supabase/local/rest/index.ts is absent in this branch); HTTP benchmarks skipped.',
      );
      return 1;
    }

    const token = await signJwt(
      { sub: BENCH_USER, role: 'authenticated', aud: 'authenticated' },
      stack.jwtSecret,
      3600,
    );
    const headers = { apikey: stack.anonKey, authorization: `Bearer ${token}` };
    // Post ids 2, 4, … 4000 belong to the bench user (seed.sql).
    const scenarios: Scenario[] = [
      {
        name: 'single-row select',
        request: (i) => ({
          path: `/rest/v1/posts?select=id,title,status,created_at&id=eq.${2 + ((i * 2) % 4000)}`,
          init: { headers: { ...headers, accept: 'application/vnd.pgrst.object+json' } },
          expect: 200,
        }),
      },
      {
        name: 'list 20 + embed',
        request: () => ({
          path: '/rest/v1/posts?select=id,title,created_at,author:authors(name)&status=eq.published&order=created_at.desc&limit=20',
          init: { headers },
          expect: 200,
        }),
      },
      {
        name: 'insert',
        request: (i) => ({
          path: '/rest/v1/posts',
          init: {
            method: 'POST',
            headers: { ...headers, 'content-type': 'application/json', prefer: 'return=minimal' },
            body: JSON.stringify({ author_id: 1 + (i % 20), title: `bench ${i}`, status: 'published' }),
          },
          expect: 201,
        }),
      },
    ];
    console.log(`\nHTTP, ${concurrency} concurrent clients, ${seconds} s each, loopback, authenticated with RLS`);
    console.log('  scenario              req/s     p50 ms   p99 ms   requests  errors');
    let failed = false;
    for (const scenario of scenarios) {
      const r = await load(stack.url, scenario);
      console.log(
        `  ${r.name.padEnd(20)} ${r.rps.toFixed(0).padStart(6)}   ${r.p50.toFixed(1).padStart(7)}  ${r.p99.toFixed(1).padStart(7)}   ${String(r.count).padStart(8)}  ${r.errors}${r.firstError ? ` (${r.firstError})` : ''}`,
      );
      if (r.errors > 0) failed = true;
    }
    return failed ? 1 : 0;
  } finally {
    if (stack) await stopStack(stack);
    await rm(dataRoot, { recursive: true, force: true });
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(`bench:stack failed: ${(error as Error)?.stack ?? String(error)}`);
    process.exit(1);
  },
);
