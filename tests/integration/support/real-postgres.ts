/**
 * A throwaway real Postgres (the machine's PostgreSQL 15 binaries) for tests that need two
 * sessions at once: the local stack's PGlite has one connection, so a race between two
 * transactions can only be shown here. Each `Session` is a psql process driven through stdin,
 * one statement at a time, so a test decides exactly who runs, blocks and commits when.
 */
import { spawn, spawnSync, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const BIN = '/usr/lib/postgresql/15/bin';

/** Postgres refuses to run as root: run its programs as the `postgres` account then. */
function asDbUser(command: string, args: string[]): [string, string[]] {
  return process.getuid?.() === 0 ? ['runuser', ['-u', 'postgres', '--', command, ...args]] : [command, args];
}

export interface Postgres {
  session(): Session;
  /** Runs SQL in a fresh autocommit session and returns psql's unaligned output. */
  query(sql: string): Promise<string>;
  /** Runs psql once, connected as `user`, with `args` (-f, -c, flags): one connection per call. */
  psql(user: string, args: string[]): Promise<PsqlRun>;
  stop(): void;
}

export interface PsqlRun {
  status: number;
  stdout: string;
  stderr: string;
}

export interface PostgresOptions {
  /** The cluster's bootstrap superuser, the role `session()` and `query()` connect as. */
  superuser?: string;
}

export async function startPostgres({ superuser = 'postgres' }: PostgresOptions = {}): Promise<Postgres> {
  if (!existsSync(join(BIN, 'postgres'))) {
    throw new Error(`PostgreSQL 15 is not installed in ${BIN} (npm test installs it: apt-get install postgresql-15)`);
  }
  const dir = mkdtempSync(join(tmpdir(), 'pg-race-'));
  chmodSync(dir, 0o777);
  const data = join(dir, 'data');
  const port = String(20000 + Math.floor(Math.random() * 20000));
  const init = spawnSync(...asDbUser(join(BIN, 'initdb'), ['-D', data, '-U', superuser, '-A', 'trust']), {
    encoding: 'utf8',
  });
  if (init.status !== 0) throw new Error(`initdb: ${init.stderr}`);
  const server = spawn(
    ...asDbUser(join(BIN, 'postgres'), ['-D', data, '-k', dir, '-p', port, '-c', 'listen_addresses=']),
    { stdio: 'ignore' },
  );
  const address = ['-h', dir, '-p', port, '-d', 'postgres'];
  const connect = ['-X', '-q', '-A', '-t', ...address, '-U', superuser];
  const deadline = Date.now() + 30_000;
  while (spawnSync('psql', [...connect, '-c', 'select 1'], { encoding: 'utf8' }).status !== 0) {
    if (Date.now() > deadline) throw new Error('postgres did not start');
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    session: () => new Session(spawn('psql', [...connect, '-v', 'ON_ERROR_STOP=0'])),
    async query(sql) {
      const s = new Session(spawn('psql', [...connect, '-v', 'ON_ERROR_STOP=1']));
      try {
        const out = await s.run(sql);
        if (out.error) throw new Error(out.error);
        return out.output;
      } finally {
        s.close();
      }
    },
    psql(user, args) {
      return new Promise((resolve, reject) => {
        const child = spawn('psql', ['-X', '-q', ...address, '-U', user, ...args]);
        let stdout = '';
        let stderr = '';
        child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
        child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
        child.on('error', reject);
        child.on('close', (code) => resolve({ status: code ?? 1, stdout, stderr }));
      });
    },
    stop() {
      // runuser does not pass signals on: pg_ctl stops the server itself.
      spawnSync(...asDbUser(join(BIN, 'pg_ctl'), ['stop', '-D', data, '-m', 'immediate', '-w']));
      server.kill();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

export interface Result {
  output: string;
  error: string;
}

/** One psql connection. `send` starts a statement; `result` waits for it to finish. */
export class Session {
  private stdout = '';
  private stderr = '';
  private seq = 0;

  constructor(private readonly psql: ChildProcessWithoutNullStreams) {
    psql.stdout.setEncoding('utf8').on('data', (chunk: string) => (this.stdout += chunk));
    psql.stderr.setEncoding('utf8').on('data', (chunk: string) => (this.stderr += chunk));
  }

  /** Starts `sql` (one or more statements) and returns a handle on its result. */
  send(sql: string): Promise<Result> {
    // psql runs a statement only once it reads its ';'.
    if (!sql.trimEnd().endsWith(';')) sql = `${sql};`;
    const marker = `__done_${++this.seq}__`;
    const outFrom = this.stdout.length;
    const errFrom = this.stderr.length;
    this.psql.stdin.write(`${sql}\n\\echo ${marker}\n`);
    return new Promise((resolve, reject) => {
      const started = Date.now();
      const poll = () => {
        const at = this.stdout.indexOf(marker, outFrom);
        if (at >= 0) {
          resolve({ output: this.stdout.slice(outFrom, at).trim(), error: this.stderr.slice(errFrom).trim() });
        } else if (Date.now() - started > 20_000) {
          reject(new Error(`psql did not answer: ${sql}`));
        } else {
          setTimeout(poll, 10);
        }
      };
      poll();
    });
  }

  run(sql: string): Promise<Result> {
    return this.send(sql);
  }

  close(): void {
    this.psql.stdin.end();
  }
}

const MIGRATIONS = join(dirname(fileURLToPath(import.meta.url)), '../../../supabase/migrations');

/**
 * The newest migration's `create or replace function private.<name>(…) … $$;` statement: a race
 * test runs the function exactly as the migrations define it now.
 */
export function latestDefinition(name: string): string {
  const head = `create or replace function private.${name}(`;
  const files = readdirSync(MIGRATIONS)
    .filter((f) => f.endsWith('.sql'))
    .sort()
    .reverse();
  for (const file of files) {
    const sql = readFileSync(join(MIGRATIONS, file), 'utf8');
    const start = sql.indexOf(head);
    if (start < 0) continue;
    const end = sql.indexOf('\n$$;', start);
    return sql.slice(start, end + 4);
  }
  throw new Error(`no migration defines private.${name}`);
}

/** Resolves once some session waits for a lock (the second writer queued behind the first). */
export async function someoneBlocked(pg: Postgres): Promise<void> {
  for (let i = 0; i < 500; i++) {
    if ((await pg.query(`select count(*) from pg_locks where not granted`)) !== '0') return;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error('the second session never waited for the first');
}
