import bcrypt from 'bcryptjs';
import type { AuthConfig } from './settings.ts';
import { AuthError } from './errors.ts';

const BCRYPT_COST = 10;

/**
 * bcrypt at GoTrue's cost. bcryptjs 3 writes `$2b$`; GoTrue (Go) and pgcrypto write `$2a$`, which is
 * the same algorithm for passwords under 72 bytes, so we keep `$2a$` for hashes that pgcrypto's
 * crypt() in app SQL can also check.
 */
export async function hashPassword(password: string): Promise<string> {
  const salt = (await bcrypt.genSalt(BCRYPT_COST)).replace(/^\$2b\$/, '$2a$');
  return bcrypt.hash(password, salt);
}

/** Accepts GoTrue's `$2a$10$` and seed-made `extensions.crypt(pw, gen_salt('bf'))` `$2a$06$` hashes. */
export async function verifyPassword(password: string, hash: string | null | undefined): Promise<boolean> {
  if (!hash || !/^\$2[abxy]\$\d\d\$/.test(hash)) return false;
  try {
    return await bcrypt.compare(password, hash);
  } catch {
    return false;
  }
}

const CHARACTER_SETS: Record<string, string[]> = {
  letters_digits: ['abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ', '0123456789'],
  lower_upper_letters_digits: ['abcdefghijklmnopqrstuvwxyz', 'ABCDEFGHIJKLMNOPQRSTUVWXYZ', '0123456789'],
  lower_upper_letters_digits_symbols: [
    'abcdefghijklmnopqrstuvwxyz',
    'ABCDEFGHIJKLMNOPQRSTUVWXYZ',
    '0123456789',
    '!@#$%^&*()_+-=[]{};\':"|<>?,./`~',
  ],
};

/** Returns the weak_password reasons and joined message, or null when the password is acceptable. */
export function passwordWeakness(password: string, config: AuthConfig): { reasons: string[]; message: string } | null {
  const reasons: string[] = [];
  const messages: string[] = [];
  const min = config.minimum_password_length;
  if ([...password].length < min) {
    reasons.push('length');
    messages.push(`Password should be at least ${min} characters.`);
  }
  const sets = CHARACTER_SETS[config.password_requirements];
  if (sets && !sets.every((set) => [...password].some((c) => set.includes(c)))) {
    reasons.push('characters');
    messages.push(`Password should contain at least one character of each: ${sets.join(', ')}.`);
  }
  return reasons.length ? { reasons, message: messages.join(' ') } : null;
}

/** bcrypt reads 72 bytes; GoTrue refuses longer passwords rather than silently truncating them. */
export const MAX_PASSWORD_BYTES = 72;

export const passwordTooLong = (password: string) => Buffer.byteLength(password) > MAX_PASSWORD_BYTES;

export function assertStrongPassword(password: string, config: AuthConfig): void {
  if (passwordTooLong(password)) {
    throw new AuthError(400, 'validation_failed', `Password cannot be longer than ${MAX_PASSWORD_BYTES} characters`);
  }
  const weakness = passwordWeakness(password, config);
  if (weakness) {
    throw new AuthError(422, 'weak_password', weakness.message, { weak_password: { reasons: weakness.reasons } });
  }
}
