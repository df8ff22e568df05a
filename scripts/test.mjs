#!/usr/bin/env node
// `npm test`: installs what the tests need, then runs every check CI runs and prints one summary
// line. Independent steps run side by side as far as the machine's cores allow (see `schedule`).
// Plain JavaScript on purpose: it must run before `npm install` has.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildPgvectorFromDebianSource, PGVECTOR_CONTROL, PGVECTOR_PACKAGE } from './lib/pgvector.mjs';
import { runSteps } from './lib/run-steps.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
process.chdir(root);
const args = new Set(process.argv.slice(2));
const only = [...args]
  .find((a) => a.startsWith('--only='))
  ?.slice('--only='.length)
  .split(',');

function run(cmd, cmdArgs, options = {}) {
  const result = spawnSync(cmd, cmdArgs, { stdio: 'inherit', env: { ...process.env, ...options.env }, cwd: root });
  return result.status ?? 1;
}

function log(message) {
  process.stdout.write(`\n\x1b[1m== ${message}\x1b[0m\n`);
}

// 1. Dependencies: a fresh clone has no node_modules; a stale one is reinstalled from the lock.
function ensureDependencies() {
  const marker = path.join(root, 'node_modules', '.package-lock.json');
  const lock = path.join(root, 'package-lock.json');
  if (existsSync(marker) && statSync(marker).mtimeMs >= statSync(lock).mtimeMs) return;
  // `npm install`, not `npm ci`: npm 11 leaves other platforms' optional binaries (deno's) out
  // of the lock, which `npm ci` then refuses; install still honours every locked version.
  log('Installing dependencies (npm install)');
  if (run('npm', ['install', '--no-audit', '--no-fund']) !== 0) {
    console.error('npm install failed; see the output above.');
    process.exit(1);
  }
}

// 2. A Chromium for Playwright: system package, installed on Debian/Ubuntu when we are root.
export function findChromium() {
  const candidates = [
    process.env.CHROMIUM_PATH,
    '/usr/bin/chromium',
    '/usr/bin/chromium-browser',
    '/usr/bin/google-chrome',
  ];
  return candidates.find((p) => p && existsSync(p));
}

function ensureChromium() {
  if (findChromium()) return;
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  const hasApt = existsSync('/usr/bin/apt-get');
  if (isRoot && hasApt) {
    log('Installing Chromium for end-to-end tests (apt-get install chromium)');
    const env = { DEBIAN_FRONTEND: 'noninteractive' };
    run('apt-get', ['update', '-qq'], { env });
    if (run('apt-get', ['install', '-y', '-qq', 'chromium'], { env }) === 0 && findChromium()) return;
  }
  console.error(
    'End-to-end tests need Chromium and none was found.\n' +
      '  Debian/Ubuntu: sudo apt-get install -y chromium\n' +
      '  Elsewhere: install Chromium or Chrome and set CHROMIUM_PATH=/path/to/chromium',
  );
  process.exit(1);
}

function countVitest(reportFile) {
  try {
    const report = JSON.parse(readFileSync(reportFile, 'utf8'));
    return {
      passed: report.numPassedTests ?? 0,
      failed: report.numFailedTests ?? 0,
      skipped: (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0),
    };
  } catch {
    return { passed: 0, failed: 1, skipped: 0 };
  }
}

// 3. Debian tools some tests drive for real: callers speak real audio in the phone tests
//    (espeak-ng → sox → μ-law), the contact-matching race runs two sessions on a real PostgreSQL
//    server (PGlite has one connection), and every migration is applied as hosted Supabase's
//    non-superuser `postgres` on a real PostgreSQL with pgvector. A tool whose package this
//    machine's apt does not have is installed by its `fallback` instead.
const DEBIAN_TOOLS = [
  { path: '/usr/bin/espeak-ng', pkg: 'espeak-ng' },
  { path: '/usr/bin/sox', pkg: 'sox' },
  { path: '/usr/lib/postgresql/15/bin/postgres', pkg: 'postgresql-15' },
  { path: PGVECTOR_CONTROL, pkg: PGVECTOR_PACKAGE, fallback: buildPgvectorFromDebianSource },
];
function aptHas(pkg) {
  return spawnSync('apt-cache', ['show', pkg], { stdio: 'ignore' }).status === 0;
}
function ensureDebianTools() {
  const missingTools = () => DEBIAN_TOOLS.filter((tool) => !existsSync(tool.path));
  if (missingTools().length === 0) return;
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (isRoot && existsSync('/usr/bin/apt-get')) {
    const env = { DEBIAN_FRONTEND: 'noninteractive' };
    run('apt-get', ['update', '-qq'], { env });
    const packaged = missingTools().filter((tool) => !tool.fallback || aptHas(tool.pkg));
    if (packaged.length > 0) {
      const pkgs = packaged.map((tool) => tool.pkg);
      log(`Installing tools for the phone and database tests (apt-get install ${pkgs.join(' ')})`);
      run('apt-get', ['install', '-y', '-qq', ...pkgs], { env });
    }
    for (const tool of missingTools().filter((t) => t.fallback)) {
      log(`Installing ${tool.pkg}: not available from this machine's apt, building it instead`);
      tool.fallback();
    }
  }
  const missing = missingTools().map((tool) => tool.pkg);
  if (missing.length === 0) return;
  console.error(
    `The tests need ${missing.join(', ')}.\n  Debian/Ubuntu: sudo apt-get install -y ${missing.join(' ')}` +
      (missing.includes(PGVECTOR_PACKAGE)
        ? `\n  Debian 12 has no ${PGVECTOR_PACKAGE}: sudo node scripts/lib/pgvector.mjs builds it from Debian's source package`
        : ''),
  );
  process.exit(1);
}

ensureDependencies();
ensureChromium();
ensureDebianTools();

const reports = mkdtempSync(path.join(tmpdir(), 'concierge-test-'));
const totals = { passed: 0, failed: 0, skipped: 0 };
const color = process.stdout.isTTY ? { FORCE_COLOR: '1' } : {};

/**
 * Runs a command with its output captured, so that steps running side by side print whole blocks
 * instead of interleaved lines. Resolves with the exit status and the output.
 */
function capture(cmd, cmdArgs) {
  return new Promise((resolve) => {
    const child = spawn(cmd, cmdArgs, {
      cwd: root,
      env: { ...process.env, ...color },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const chunks = [];
    child.stdout.on('data', (chunk) => chunks.push(chunk));
    child.stderr.on('data', (chunk) => chunks.push(chunk));
    child.on('error', (error) => resolve({ status: 1, output: `${error.message}\n` }));
    child.on('close', (code) => resolve({ status: code ?? 1, output: Buffer.concat(chunks).toString() }));
  });
}

function vitestStep(project, { shard, alsoProjects = [] } = {}) {
  return async () => {
    const file = path.join(reports, shard ? `${project}-${shard.replace('/', '-of-')}.json` : `${project}.json`);
    const result = await capture('npx', [
      'vitest',
      'run',
      ...[project, ...alsoProjects].flatMap((name) => ['--project', name]),
      ...(shard ? [`--shard=${shard}`] : []),
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${file}`,
      '--passWithNoTests',
    ]);
    const counts = countVitest(file);
    totals.passed += counts.passed;
    totals.failed += counts.failed;
    totals.skipped += counts.skipped;
    // A failed test fails the step even if the runner's exit code said otherwise.
    return { ...result, status: result.status !== 0 ? result.status : counts.failed > 0 ? 1 : 0 };
  };
}

/**
 * Each step: the cores it keeps busy and the steps it needs. Listed in the order steps start when
 * cores are free: the build and the migrated snapshot first, side by side (the end-to-end tests need
 * both; built once here, the snapshot is not built again by each end-to-end half at its start),
 * then the end-to-end tests in two halves, each against its own product (they spend most of their
 * time waiting on the browser, so both halves take about one core and the static checks fill the
 * other), then the integration tests (two PGlite workers) once the end-to-end halves have ended,
 * so the browser tests never wait on busy cores, then the single-threaded checks, which fill any
 * free core.
 */
const E2E_SHARDS = ['1/2', '2/2'];
const SNAPSHOT = 'migrated snapshot';
const e2eSteps = E2E_SHARDS.map((shard) => ({
  name: `end-to-end tests ${shard}`,
  cores: 0.5,
  needs: ['build', SNAPSHOT],
  run: vitestStep('e2e', { shard }),
}));
const steps = [
  { name: 'build', cores: 1, run: () => capture('npm', ['run', 'build']) },
  { name: SNAPSHOT, cores: 1, run: () => capture('npx', ['tsx', 'tests/support/build-migrated-snapshot.ts']) },
  ...e2eSteps,
  {
    name: 'integration tests',
    cores: 1,
    needs: [SNAPSHOT],
    after: e2eSteps.map((step) => step.name),
    run: vitestStep('integration'),
  },
  { name: 'typecheck', cores: 1, run: () => capture('npx', ['tsc', '-p', 'tsconfig.json', '--noEmit']) },
  { name: 'lint', cores: 1, run: () => capture('npx', ['eslint', '.', '--max-warnings', '0']) },
  // Plain module tests share their workers' modules; those that mock or need a DOM run isolated.
  { name: 'unit tests', cores: 1, run: vitestStep('unit', { alsoProjects: ['unit:isolated'] }) },
  { name: 'format', cores: 1, run: () => capture('npx', ['prettier', '--check', '--log-level', 'warn', '.']) },
  {
    name: 'generated types are fresh',
    cores: 1,
    run: () => capture('npx', ['tsx', 'scripts/gen-types.ts', '--check']),
  },
  { name: 'functions (deno check)', cores: 1, run: () => capture('node', ['scripts/deno-check.mjs']) },
];

// CONCIERGE_TEST_JOBS=1 runs one step at a time (the order above).
const cores = Math.max(1, Number(process.env.CONCIERGE_TEST_JOBS) || availableParallelism());
const selected = steps.filter((step) => !only || only.some((o) => step.name.startsWith(o)));
const seconds = (ms) => `${(ms / 1000).toFixed(1)}s`;
const started = Date.now();

const results = await runSteps(selected, {
  cores,
  onStart: (step) => process.stdout.write(`\x1b[2m▶ ${step.name} (at ${seconds(Date.now() - started)})\x1b[0m\n`),
  // Whole blocks, as each step finishes: the output of steps that ran side by side stays readable.
  onFinish: (step, result) => {
    log(step.name);
    process.stdout.write(result.output);
    if (result.status !== 0) console.log(`\x1b[31m✗ ${step.name} failed (${seconds(result.ms)})\x1b[0m`);
    else console.log(`\x1b[32m✓ ${step.name} (${seconds(result.ms)})\x1b[0m`);
  },
});
rmSync(reports, { recursive: true, force: true });

const wall = Date.now() - started;
const failedSteps = selected.map((step) => step.name).filter((name) => results.get(name)?.status !== 0);
log(`Step times (${cores} cores)`);
for (const step of selected) {
  const result = results.get(step.name);
  const mark = result.status === 0 ? '✓' : '✗';
  const at = seconds(result.startedAt - started).padStart(7);
  console.log(`  ${mark} ${step.name.padEnd(28)} ${seconds(result.ms).padStart(8)}   started at ${at}`);
}
const summed = selected.reduce((sum, step) => sum + results.get(step.name).ms, 0);
console.log(`  steps add up to ${(summed / 60000).toFixed(1)} min; the run took ${(wall / 60000).toFixed(1)} min`);
const minutes = (wall / 60000).toFixed(1);
if (failedSteps.length) console.log(`\nFailed steps: ${failedSteps.join(', ')} (${minutes} min)`);
else console.log(`\nAll steps passed (${minutes} min)`);
// The one summary line; a failed step that is not a test runner (lint, build...) counts as one.
const failed = totals.failed + failedSteps.filter((step) => !step.endsWith('tests')).length;
console.log(`tests: ${totals.passed} passed, ${failed} failed, ${totals.skipped} skipped`);
process.exit(failedSteps.length ? 1 : 0);
