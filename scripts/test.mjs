#!/usr/bin/env node
// `npm test`: installs what the tests need, then runs every check CI runs, in order, and prints
// one summary line. Plain JavaScript on purpose: it must run before `npm install` has.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

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

ensureDependencies();
ensureChromium();

const reports = mkdtempSync(path.join(tmpdir(), 'concierge-test-'));
const totals = { passed: 0, failed: 0, skipped: 0 };
const failedSteps = [];

function vitestStep(project) {
  return () => {
    const file = path.join(reports, `${project}.json`);
    const status = run('npx', [
      'vitest',
      'run',
      '--project',
      project,
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
    return status !== 0 ? status : counts.failed > 0 ? 1 : 0;
  };
}

const steps = [
  ['lint', () => run('npx', ['eslint', '.', '--max-warnings', '0'])],
  ['format', () => run('npx', ['prettier', '--check', '--log-level', 'warn', '.'])],
  ['typecheck', () => run('npx', ['tsc', '-p', 'tsconfig.json', '--noEmit'])],
  ['functions (deno check)', () => run('node', ['scripts/deno-check.mjs'])],
  ['generated types are fresh', () => run('npx', ['tsx', 'scripts/gen-types.ts', '--check'])],
  ['build', () => run('npm', ['run', 'build'])],
  ['unit tests', vitestStep('unit')],
  ['integration tests', vitestStep('integration')],
  ['end-to-end tests', vitestStep('e2e')],
];

const started = Date.now();
for (const [name, step] of steps) {
  if (only && !only.some((o) => name.startsWith(o))) continue;
  log(name);
  const t0 = Date.now();
  const status = step();
  const seconds = ((Date.now() - t0) / 1000).toFixed(1);
  if (status !== 0) {
    failedSteps.push(name);
    console.log(`\x1b[31m✗ ${name} failed (${seconds}s)\x1b[0m`);
  } else {
    console.log(`\x1b[32m✓ ${name} (${seconds}s)\x1b[0m`);
  }
}
rmSync(reports, { recursive: true, force: true });

const minutes = ((Date.now() - started) / 60000).toFixed(1);
if (failedSteps.length) console.log(`\nFailed steps: ${failedSteps.join(', ')} (${minutes} min)`);
else console.log(`\nAll steps passed (${minutes} min)`);
// The one summary line; a failed step that is not a test runner (lint, build...) counts as one.
const failed = totals.failed + failedSteps.filter((step) => !step.endsWith('tests')).length;
console.log(`tests: ${totals.passed} passed, ${failed} failed, ${totals.skipped} skipped`);
process.exit(failedSteps.length ? 1 : 0);
