#!/usr/bin/env node
// pgvector for the machine's PostgreSQL 15, which the hosted-migrations integration test loads.
// Debian 12 ships PostgreSQL 15 but no pgvector package (postgresql-15-pgvector exists only in the
// PostgreSQL project's own apt repository), so when apt has no such package this builds the
// extension from Debian's own pgvector source package, taken from the release that first packages
// pgvector 0.8 (the version with iterative index scans, as hosted Supabase has), against the
// installed server's headers. apt checks the source's signature and checksums as for any package.
// Plain JavaScript: `npm test` runs it before `npm install` has. Run alone (as root) it installs.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

export const PGVECTOR_CONTROL = '/usr/share/postgresql/15/extension/vector.control';
export const PGVECTOR_PACKAGE = 'postgresql-15-pgvector';
const PG_CONFIG = '/usr/lib/postgresql/15/bin/pg_config';
/** The first Debian release whose pgvector package is 0.8 or later. */
const SOURCE_SUITE = 'trixie';

/**
 * The Debian archive this machine's apt already fetches its own release's main component from,
 * read from `apt-cache policy` output (lines like ` 500 <archive> <codename>/main amd64 Packages`).
 */
export function debianArchive(policyOutput, codename) {
  for (const line of policyOutput.split('\n')) {
    const match = /^\s*-?\d+\s+(\S+)\s+(\S+)\/main\s/.exec(line);
    if (match && match[2] === codename) return match[1];
  }
  return undefined;
}

function sh(cmd, args, options = {}) {
  const result = spawnSync(cmd, args, {
    stdio: options.capture ? ['ignore', 'pipe', 'pipe'] : 'inherit',
    encoding: 'utf8',
    cwd: options.cwd,
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
  return { status: result.status ?? 1, stdout: result.stdout ?? '' };
}

function codename() {
  if (!existsSync('/etc/os-release')) return '';
  return /^VERSION_CODENAME=(\S+)$/m.exec(readFileSync('/etc/os-release', 'utf8'))?.[1] ?? '';
}

/** Builds and installs pgvector from Debian's source package. Returns whether it is installed. */
export function buildPgvectorFromDebianSource() {
  const server = sh('dpkg-query', ['-W', '-f=${Version}', 'postgresql-15'], { capture: true }).stdout.trim();
  if (!server) {
    console.error('pgvector: PostgreSQL 15 (postgresql-15) must be installed first.');
    return false;
  }
  const archive = debianArchive(sh('apt-cache', ['policy'], { capture: true }).stdout, codename());
  if (!archive) {
    console.error("pgvector: could not find this machine's Debian archive in `apt-cache policy`.");
    return false;
  }
  // Headers of exactly the installed server, so apt does not upgrade the server on the way.
  if (
    sh('apt-get', [
      'install',
      '-y',
      '-qq',
      '--no-upgrade',
      `postgresql-server-dev-15=${server}`,
      'gcc',
      'make',
      'dpkg-dev',
    ]).status !== 0
  ) {
    return false;
  }
  const work = mkdtempSync(path.join(tmpdir(), 'pgvector-'));
  try {
    const lists = path.join(work, 'lists');
    mkdirSync(path.join(lists, 'partial'), { recursive: true });
    const sources = path.join(work, 'sources.list');
    writeFileSync(sources, `deb-src ${archive} ${SOURCE_SUITE} main\n`);
    // A private source list and index: the machine's own apt configuration is left untouched.
    const apt = [
      '-o',
      `Dir::Etc::sourcelist=${sources}`,
      '-o',
      'Dir::Etc::sourceparts=-',
      '-o',
      `Dir::State::Lists=${lists}`,
      '-o',
      'Dir::Cache::pkgcache=',
      '-o',
      'Dir::Cache::srcpkgcache=',
      '-o',
      'APT::Sandbox::User=root',
    ];
    if (sh('apt-get', [...apt, 'update', '-qq']).status !== 0) return false;
    if (sh('apt-get', [...apt, 'source', '-qq', 'pgvector'], { cwd: work }).status !== 0) return false;
    const tree = readdirSync(work, { withFileTypes: true }).find(
      (e) => e.isDirectory() && e.name.startsWith('pgvector-'),
    );
    if (!tree) return false;
    const dir = path.join(work, tree.name);
    if (sh('make', ['-s', '-C', dir, `PG_CONFIG=${PG_CONFIG}`]).status !== 0) return false;
    if (sh('make', ['-s', '-C', dir, `PG_CONFIG=${PG_CONFIG}`, 'install']).status !== 0) return false;
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
  return existsSync(PGVECTOR_CONTROL);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  if (existsSync(PGVECTOR_CONTROL)) {
    console.log(`pgvector is already installed (${PGVECTOR_CONTROL}).`);
  } else if (!buildPgvectorFromDebianSource()) {
    console.error('pgvector could not be installed; see the output above.');
    process.exit(1);
  }
}
