import { randomBytes } from 'node:crypto';
import { chmod, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { signJwt, verifyJwt } from './jwt.ts';

/**
 * The stack's credentials. The Supabase CLI uses one public demo secret and demo keys everywhere;
 * on a shared machine anyone could then mint a service_role token for our API. So each data
 * directory gets its own random secret and keys on first start (kept in it, mode 0600), and
 * in-memory stacks get fresh ones on every start.
 */
export interface StackKeys {
  /** HS256 secret every JWT of this stack is signed with (64 random bytes, base64url). */
  jwtSecret: string;
  anonKey: string;
  serviceRoleKey: string;
  publishableKey: string;
  secretKey: string;
  /**
   * Opens the local inbox page and nothing else (`/_local/inbox.html?key=`), see local-routes; the
   * inbox's JSON API takes the service key too.
   */
  inboxKey: string;
}

/** File in the data directory holding its keys (Postgres ignores files it does not know). */
export const KEYS_FILE = 'concierge-keys.json';

/**
 * The Supabase CLI's public demo secret (in every tutorial): a key file holding it, copied from a
 * CLI project or a guide, would let anyone on the machine mint a service_role token for our API.
 */
export const SUPABASE_DEMO_JWT_SECRET = 'super-secret-jwt-token-with-at-least-32-characters-long';

const TEN_YEARS_SECONDS = 10 * 365 * 24 * 3600;
const random = (bytes: number) => randomBytes(bytes).toString('base64url');

export async function generateStackKeys(): Promise<StackKeys> {
  const jwtSecret = random(64);
  const claims = (role: string) => ({ iss: 'supabase', ref: 'local', role });
  return {
    jwtSecret,
    anonKey: await signJwt(claims('anon'), jwtSecret, TEN_YEARS_SECONDS),
    serviceRoleKey: await signJwt(claims('service_role'), jwtSecret, TEN_YEARS_SECONDS),
    publishableKey: `sb_publishable_${random(24)}`,
    secretKey: `sb_secret_${random(24)}`,
    inboxKey: random(24),
  };
}

/**
 * True when the file's keys are complete, the JWTs verify with its secret for their roles, and
 * neither the secret nor the keys are the public demo ones.
 */
async function usable(keys: Partial<StackKeys>): Promise<boolean> {
  const strings = ['jwtSecret', 'anonKey', 'serviceRoleKey', 'publishableKey', 'secretKey', 'inboxKey'] as const;
  if (!strings.every((k) => typeof keys[k] === 'string' && keys[k] !== '')) return false;
  if (Buffer.byteLength(keys.jwtSecret!) < 32 || keys.jwtSecret!.trim() === SUPABASE_DEMO_JWT_SECRET) return false;
  for (const key of [keys.anonKey!, keys.serviceRoleKey!]) {
    if ((await verifyJwt(key, SUPABASE_DEMO_JWT_SECRET)).ok) return false;
  }
  const anon = await verifyJwt(keys.anonKey!, keys.jwtSecret!);
  const service = await verifyJwt(keys.serviceRoleKey!, keys.jwtSecret!);
  return anon.ok && anon.claims.role === 'anon' && service.ok && service.claims.role === 'service_role';
}

/**
 * The data directory's keys: read from `KEYS_FILE`, or generated and written (0600) when the file
 * is missing or unusable. The caller holds the data-dir lock, so no other process races us.
 */
export async function loadOrCreateStackKeys(dataDir: string, log: (m: string) => void = () => {}): Promise<StackKeys> {
  const file = path.join(dataDir, KEYS_FILE);
  let stored: Partial<StackKeys> | undefined;
  try {
    stored = JSON.parse(await readFile(file, 'utf8')) as Partial<StackKeys>;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') log(`keys: ${file} unreadable, generating new keys`);
  }
  const good = stored !== undefined && (await usable(stored));
  if (stored && !good) log(`keys: ${file} holds unusable or public demo keys, generating new keys`);
  if (good) {
    // A copy restored from a backup may have lost its mode; the secret mints service_role tokens.
    await chmod(file, 0o600);
    return stored as StackKeys;
  }
  const keys = await generateStackKeys();
  const temp = `${file}.${process.pid}.tmp`;
  await writeFile(temp, `${JSON.stringify(keys, null, 2)}\n`, { mode: 0o600 });
  await rename(temp, file);
  log(`keys: generated a JWT secret and API keys in ${file}`);
  return keys;
}
