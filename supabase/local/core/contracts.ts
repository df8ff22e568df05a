import type { PGlite } from '@electric-sql/pglite';
import type { StackKeys } from './keys.ts';

/**
 * The seams between the local stack's parts. The server (server.ts) owns the port, CORS, the
 * gateway's key translation and body limits; each service receives a Web-standard Request whose
 * URL path has its public prefix stripped (`/rest/v1/posts` -> `/posts`) and answers a Response.
 */

/** What one stack runs with: its folders and address, its keys (keys.ts), and its limits. */
export interface LocalStackConfig extends StackKeys {
  /** Folder holding `supabase/` (config.toml, migrations, seed.sql, functions). */
  projectDir: string;
  /** PGlite data folder; undefined = in-memory (tests). */
  dataDir: string | undefined;
  /** Folder for storage bytes and other local files (under the data dir, or a temp dir). */
  filesDir: string;
  host: string;
  port: number;
  /** Public base URL of the API, e.g. http://127.0.0.1:54321 */
  apiUrl: string;
  /**
   * Browser origins granted CORS (exact origins, or `scheme://*.host:port` for one subdomain label).
   * A request carrying any other Origin is refused (the embedded backend may share the machine
   * with pages that must not drive it). Requests without Origin (servers, tests) are served.
   */
  allowedOrigins: string[];
  /** GoTrue's per-client-address limits (config.toml [auth.rate_limit], per 5 minutes). */
  authRateLimit: AuthRateLimit;
  /** Keep a client-supplied x-forwarded-for (a proxy in front set it). */
  trustForwardedFor: boolean;
  /** Largest accepted request body for REST/auth/functions (bytes); storage uses bucket limits. */
  maxBodyBytes: number;
  /** Parsed supabase/config.toml (unknown keys kept). */
  supabaseConfig: SupabaseConfig;
  /** Variables handed to edge functions besides the SUPABASE_* ones. */
  functionEnv: Record<string, string>;
  /**
   * Set to POST the product's declared jobs on their intervals (pg_cron's jobs when hosted), with
   * the environment their interval overrides are read from; null when the stack schedules nothing.
   */
  schedule: { env: Record<string, string | undefined> } | null;
  /** Set when the stack runs from a bundle (the desktop app): see BundledModules. */
  bundled?: BundledModules;
}

/** What a function folder's `handler.ts` exports, loaded by slug. */
export type FunctionModuleLoader = () => Promise<unknown>;

/**
 * Replaces what the stack otherwise discovers on disk at run time, for a build that bundles the
 * stack (the desktop app's backend, electron/backend/): a static registry
 * `{ slug: () => import('…/functions/<slug>/handler.ts') }` instead of scanning
 * supabase/functions and importing TypeScript by path, and the folder holding the bootstrap SQL
 * (a bundle has no `import.meta.url` beside it). Routing and verify_jwt stay the same.
 */
export interface BundledModules {
  functions: Readonly<Record<string, FunctionModuleLoader>>;
  bootstrapDir: string;
}

/** Requests per client address per 5 minutes, as GoTrue counts them (config.toml [auth.rate_limit]). */
export interface AuthRateLimit {
  /** Sign-ups and password sign-ins. */
  sign_in_sign_ups: number;
  /** Refresh-token grants. */
  token_refresh: number;
  /** OTP / magic link / email link verifications. */
  token_verifications: number;
}

/** The subset of supabase/config.toml the local stack reads; values already resolved from env(). */
export interface SupabaseConfig {
  api: { schemas: string[]; extra_search_path: string[]; max_rows: number };
  auth: {
    site_url: string;
    additional_redirect_urls: string[];
    jwt_expiry: number;
    enable_signup: boolean;
    enable_refresh_token_rotation: boolean;
    refresh_token_reuse_interval: number;
    enable_anonymous_sign_ins: boolean;
    minimum_password_length: number;
    password_requirements: string;
    rate_limit: AuthRateLimit;
    email: {
      enable_signup: boolean;
      enable_confirmations: boolean;
      double_confirm_changes: boolean;
      secure_password_change: boolean;
      max_frequency: string;
      otp_length: number;
      otp_expiry: number;
      /**
       * [auth.email.template.<name>] (invite, confirmation, recovery, magic_link, email_change):
       * the subject and the body read from content_path, both Go templates.
       */
      template: Record<string, { subject?: string; content?: string }>;
    };
    external: Record<
      string,
      {
        enabled: boolean;
        client_id: string;
        secret: string;
        redirect_uri: string;
        url: string;
        skip_nonce_check: boolean;
      }
    >;
    /** [auth.hook.*]: Postgres functions (`pg-functions://<db>/<schema>/<fn>`) Auth calls. */
    hook: {
      password_verification_attempt: { enabled: boolean; uri: string };
    };
  };
  storage: {
    file_size_limit: string;
    buckets: Record<string, { public?: boolean; file_size_limit?: string; allowed_mime_types?: string[] }>;
  };
  functions: Record<string, { verify_jwt?: boolean; entrypoint?: string }>;
  raw: Record<string, unknown>;
}

export interface Email {
  to: string;
  subject: string;
  html: string;
  text: string;
}

export interface CapturedEmail extends Email {
  id: string;
  /** Every http(s) link found in the message, in order. */
  links: string[];
  createdAt: string;
}

/** Where the stack sends email: locally, a captured inbox (`GET /_local/inbox`). */
export interface Mailer {
  send(email: Email): Promise<CapturedEmail>;
  list(): Promise<CapturedEmail[]>;
  /** Empties the inbox (`DELETE /_local/inbox`); returns how many emails were removed. */
  clear(): Promise<number>;
}

export interface StackContext {
  config: LocalStackConfig;
  db: PGlite;
  mailer: Mailer;
  log: (message: string) => void;
  /** Called after anything that changes the schema (migrations); services refresh their caches. */
  onSchemaChange(listener: () => Promise<void> | void): void;
  /**
   * The gateway as a Web-standard handler (every mount, body limits, CORS), set once the services
   * are assembled: in-process callers (the functions' clients) reach the API without a socket.
   */
  dispatch?: (request: Request) => Promise<Response>;
}

/** A service mounted under a prefix: `/rest/v1`, `/auth/v1`, `/storage/v1`, `/functions/v1`. */
export interface HttpService {
  handle(request: Request): Promise<Response>;
}
