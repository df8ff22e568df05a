import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { parse } from 'smol-toml';
import type { AuthRateLimit, BundledModules, LocalStackConfig, SupabaseConfig } from './contracts.ts';
import { filesDirOf } from '../platform/files-dir.ts';
import { generateStackKeys } from './keys.ts';
import { configuredOrigins, listedOrigins } from './origins.ts';

type Table = Record<string, unknown>;

const table = (value: unknown): Table =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as Table) : {};

/** Resolves `env(NAME)` values as the supabase CLI does; unset variables become ''. */
function resolveEnv(value: unknown, env: NodeJS.ProcessEnv): unknown {
  if (typeof value === 'string') {
    const match = /^env\(([A-Za-z_][A-Za-z0-9_]*)\)$/.exec(value.trim());
    return match ? (env[match[1]!] ?? '') : value;
  }
  if (Array.isArray(value)) return value.map((v) => resolveEnv(v, env));
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value as Table).map(([k, v]) => [k, resolveEnv(v, env)]));
  }
  return value;
}

const str = (v: unknown, d: string): string => (typeof v === 'string' ? v : d);
const num = (v: unknown, d: number): number =>
  typeof v === 'number' ? v : typeof v === 'string' && v !== '' && !Number.isNaN(Number(v)) ? Number(v) : d;
const bool = (v: unknown, d: boolean): boolean =>
  typeof v === 'boolean' ? v : v === 'true' ? true : v === 'false' ? false : d;
const strs = (v: unknown, d: string[]): string[] => (Array.isArray(v) ? v.map(String) : d);

/**
 * [auth.email.template.*]: each subject and the body its content_path names, which the supabase
 * CLI resolves from the project directory (the folder holding supabase/).
 */
async function emailTemplates(
  projectDir: string,
  templates: Table,
): Promise<Record<string, { subject?: string; content?: string }>> {
  const out: Record<string, { subject?: string; content?: string }> = {};
  for (const [name, value] of Object.entries(templates)) {
    const t = table(value);
    const contentPath = str(t.content_path, '');
    out[name] = {
      ...(typeof t.subject === 'string' ? { subject: t.subject } : {}),
      ...(contentPath ? { content: await readFile(path.resolve(projectDir, contentPath), 'utf8') } : {}),
    };
  }
  return out;
}

/** Reads supabase/config.toml (missing file = CLI defaults), with `env()` references resolved. */
export async function loadSupabaseConfig(
  projectDir: string,
  env: NodeJS.ProcessEnv = process.env,
): Promise<SupabaseConfig> {
  let raw: Table = {};
  try {
    raw = resolveEnv(parse(await readFile(path.join(projectDir, 'supabase', 'config.toml'), 'utf8')), env) as Table;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') {
      throw new Error(`supabase/config.toml: ${(error as Error).message}`, { cause: error });
    }
  }
  const api = table(raw.api);
  const auth = table(raw.auth);
  const email = table(auth.email);
  const rateLimit = table(auth.rate_limit);
  const passwordHook = table(table(auth.hook).password_verification_attempt);
  const storage = table(raw.storage);
  const external = Object.fromEntries(
    Object.entries(table(auth.external)).map(([name, p]) => {
      const provider = table(p);
      return [
        name,
        {
          enabled: bool(provider.enabled, false),
          client_id: str(provider.client_id, ''),
          secret: str(provider.secret, ''),
          redirect_uri: str(provider.redirect_uri, ''),
          url: str(provider.url, ''),
          skip_nonce_check: bool(provider.skip_nonce_check, false),
        },
      ];
    }),
  );
  return {
    api: {
      schemas: strs(api.schemas, ['public', 'graphql_public']),
      extra_search_path: strs(api.extra_search_path, ['public', 'extensions']),
      max_rows: num(api.max_rows, 1000),
    },
    auth: {
      site_url: str(auth.site_url, 'http://127.0.0.1:3000'),
      additional_redirect_urls: strs(auth.additional_redirect_urls, ['https://127.0.0.1:3000']),
      jwt_expiry: num(auth.jwt_expiry, 3600),
      enable_signup: bool(auth.enable_signup, true),
      enable_refresh_token_rotation: bool(auth.enable_refresh_token_rotation, true),
      refresh_token_reuse_interval: num(auth.refresh_token_reuse_interval, 10),
      enable_anonymous_sign_ins: bool(auth.enable_anonymous_sign_ins, false),
      minimum_password_length: num(auth.minimum_password_length, 6),
      password_requirements: str(auth.password_requirements, ''),
      // The CLI's defaults when the section or a key is absent.
      rate_limit: {
        sign_in_sign_ups: num(rateLimit.sign_in_sign_ups, 30),
        token_refresh: num(rateLimit.token_refresh, 150),
        token_verifications: num(rateLimit.token_verifications, 30),
      },
      email: {
        enable_signup: bool(email.enable_signup, true),
        enable_confirmations: bool(email.enable_confirmations, false),
        double_confirm_changes: bool(email.double_confirm_changes, true),
        secure_password_change: bool(email.secure_password_change, false),
        max_frequency: str(email.max_frequency, '1s'),
        otp_length: num(email.otp_length, 6),
        otp_expiry: num(email.otp_expiry, 3600),
        template: await emailTemplates(projectDir, table(email.template)),
      },
      external,
      hook: {
        password_verification_attempt: {
          enabled: bool(passwordHook.enabled, false),
          uri: str(passwordHook.uri, ''),
        },
      },
    },
    storage: {
      file_size_limit: str(storage.file_size_limit, '50MiB'),
      buckets: table(storage.buckets) as SupabaseConfig['storage']['buckets'],
    },
    functions: table(raw.functions) as SupabaseConfig['functions'],
    raw,
  };
}

/** Parses sizes like "50MiB", "5MB", "1024" into bytes. */
export function parseByteSize(size: string | number): number {
  if (typeof size === 'number') return size;
  const match = /^\s*(\d+(?:\.\d+)?)\s*([kmg]i?b?|b)?\s*$/i.exec(size);
  if (!match) throw new Error(`Invalid size: ${size}`);
  const n = Number(match[1]);
  const unit = (match[2] ?? 'b').toLowerCase();
  const factor = unit.startsWith('k') ? 1024 : unit.startsWith('m') ? 1024 ** 2 : unit.startsWith('g') ? 1024 ** 3 : 1;
  return Math.floor(n * factor);
}

export interface StackOptions {
  projectDir?: string;
  /** null = in-memory database. Default: $CONCIERGE_DATA_DIR or <projectDir>/.concierge/data */
  dataDir?: string | null;
  host?: string;
  /** 0 = any free port. Default: $CONCIERGE_API_PORT or 54321 */
  port?: number;
  maxBodyBytes?: number;
  functionEnv?: Record<string, string>;
  env?: NodeJS.ProcessEnv;
  /**
   * Browser origins allowed to call the API (exact origins or `http://*.localhost:5181`): the
   * console and agent-site origins the caller serves, plus $CONCIERGE_ALLOWED_ORIGINS
   * (comma-separated). Left out (`npm run stack` alone, tests), config.toml's auth.site_url and
   * additional_redirect_urls stand in for them; given (even empty: the product, the desktop app),
   * they do not, since whatever program listens on those fixed ports would otherwise be trusted.
   */
  allowedOrigins?: string[];
  /** Overrides of config.toml's [auth.rate_limit] (tests raise them; one test proves they hold). */
  authRateLimit?: Partial<AuthRateLimit>;
  /**
   * Keep a client-supplied x-forwarded-for, as behind a proxy that sets it. Off for the product
   * (nothing stands in front of it, so the socket address is the truth); integration tests turn it
   * on to play clients at different addresses.
   */
  trustForwardedFor?: boolean;
  /**
   * Run the hosted project's scheduled jobs in this process (platform/scheduler.ts): on for the
   * product (`npm start`, the desktop app), off by default (tests call functions themselves).
   */
  schedule?: boolean;
  /**
   * A PGlite data-dir tarball (`db.dumpDataDir()`) a newly created database starts from instead of
   * an empty cluster; an existing data dir ignores it. Bootstrap, migrations and seed still run and
   * apply only what it lacks. Keys are not in it: they stay per data dir (or per start in memory).
   */
  initialData?: Blob;
  /** Static function registry and bootstrap folder of a bundled build (contracts.ts BundledModules). */
  bundled?: BundledModules;
}

/** See StackOptions.allowedOrigins. */
function allowedOrigins(given: string[] | undefined, config: SupabaseConfig, env: NodeJS.ProcessEnv): string[] {
  if (given) return [...given, ...listedOrigins(env.CONCIERGE_ALLOWED_ORIGINS)];
  return configuredOrigins(config.auth, env.CONCIERGE_ALLOWED_ORIGINS);
}

export async function resolveStackConfig(options: StackOptions = {}): Promise<LocalStackConfig> {
  const env = options.env ?? process.env;
  const projectDir = path.resolve(options.projectDir ?? process.cwd());
  const dataDir =
    options.dataDir === null
      ? undefined
      : path.resolve(projectDir, options.dataDir ?? env.CONCIERGE_DATA_DIR ?? path.join('.concierge', 'data'));
  const host = options.host ?? '127.0.0.1';
  const port = options.port ?? num(env.CONCIERGE_API_PORT, 54321);
  const supabaseConfig = await loadSupabaseConfig(projectDir, env);
  // Random per start; startStack swaps in the data directory's own keys when it has one.
  const keys = await generateStackKeys();
  const apiUrl = `http://${host}:${port}`;
  return {
    projectDir,
    dataDir,
    filesDir: dataDir ? filesDirOf(dataDir) : '',
    host,
    port,
    apiUrl,
    ...keys,
    allowedOrigins: allowedOrigins(options.allowedOrigins, supabaseConfig, env),
    authRateLimit: { ...supabaseConfig.auth.rate_limit, ...options.authRateLimit },
    trustForwardedFor: options.trustForwardedFor ?? false,
    maxBodyBytes: options.maxBodyBytes ?? 10 * 1024 * 1024,
    supabaseConfig,
    functionEnv: options.functionEnv ?? {},
    schedule: options.schedule ? { env } : null,
    ...(options.bundled ? { bundled: options.bundled } : {}),
  };
}
