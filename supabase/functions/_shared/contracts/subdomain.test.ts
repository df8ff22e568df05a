import { describe, expect, it } from 'vitest';
import {
  canonicalSubdomain,
  isClaimableSubdomain,
  isValidSubdomain,
  subdomainProblem,
  subdomainSchema,
  subdomainCandidates,
  suggestSubdomain,
  typedSubdomain,
} from './subdomain.ts';

// The agreement with Postgres is tests/integration/contracts/rules.test.ts; these pin the TS side.
describe('subdomain rule', () => {
  it('typing lowercases and keeps only a-z, 0-9 and hyphen, at most 63 characters', () => {
    expect(typedSubdomain('Le Petit_Bistrot 11e!')).toBe('lepetitbistrot11e');
    expect(typedSubdomain('Café-Crème')).toBe('caf-crme');
    expect(typedSubdomain('x'.repeat(80))).toHaveLength(63);
  });

  it('canonicalises as the database does: spaces trimmed (not tabs), lower-cased', () => {
    expect(canonicalSubdomain('  My-Shop ')).toBe('my-shop');
    expect(canonicalSubdomain('\tshop')).toBe('\tshop');
  });

  it('refuses edge hyphens, short, long and non-label values; reserved names are valid but not claimable', () => {
    expect(isValidSubdomain('-bakery')).toBe(false);
    expect(isValidSubdomain('bakery-')).toBe(false);
    expect(isValidSubdomain('ab')).toBe(false);
    expect(isValidSubdomain('a'.repeat(64))).toBe(false);
    expect(isValidSubdomain('my_shop')).toBe(false);
    expect(isValidSubdomain('my--shop')).toBe(true);
    expect(isValidSubdomain('admin')).toBe(true);
    expect(isClaimableSubdomain('admin')).toBe(false);
    expect(isClaimableSubdomain('demo')).toBe(true);
  });

  it('names the first problem a form shows', () => {
    expect(subdomainProblem('ab')).toBe('tooShort');
    expect(subdomainProblem('a'.repeat(64))).toBe('tooLong');
    expect(subdomainProblem('my shop')).toBe('invalidCharacters');
    expect(subdomainProblem('-bakery')).toBe('invalidEdges');
    expect(subdomainProblem('login')).toBe('reserved');
    expect(subdomainProblem('my-shop')).toBeNull();
  });

  it('the request schema canonicalises and refuses what the database would never store', () => {
    expect(subdomainSchema.parse(' Demo ')).toBe('demo');
    expect(subdomainSchema.safeParse('-demo').success).toBe(false);
    expect(subdomainSchema.safeParse(42).success).toBe(false);
  });

  it('suggests a claimable subdomain from a business name, or nothing', () => {
    expect(suggestSubdomain('Café de la Gare')).toBe('cafe-de-la-gare');
    expect(suggestSubdomain('Le Petit Bistrot de la Butte Montmartre')).toBe('le-petit-bistrot-de-la-butte');
    expect(suggestSubdomain('  --Hello__World!!  ')).toBe('hello-world');
    expect(suggestSubdomain('A')).toBe('');
    expect(suggestSubdomain('x'.repeat(40))).toBe('x'.repeat(30));
    expect(suggestSubdomain('Admin')).toBe('');
  });
});

describe('subdomainCandidates', () => {
  it('tries the suggestion, then numbered variants that stay within 30 characters', () => {
    expect(subdomainCandidates('demo')).toEqual([
      'demo',
      'demo-2',
      'demo-3',
      'demo-4',
      'demo-5',
      'demo-6',
      'demo-7',
      'demo-8',
      'demo-9',
    ]);
    const long = subdomainCandidates('le-petit-bistrot-de-la-butte');
    expect(long[1]).toBe('le-petit-bistrot-de-la-butte-2');
    expect(long.every((candidate) => candidate.length <= 30)).toBe(true);
    // a cut never leaves a hyphen before the number
    expect(subdomainCandidates('abcdefghijklmnopqrstuvwxyz-abc')[1]).toBe('abcdefghijklmnopqrstuvwxyz-a-2');
    expect(subdomainCandidates('abcdefghijklmnopqrstuvwxyza-bc')[1]).toBe('abcdefghijklmnopqrstuvwxyza-2');
    expect(subdomainCandidates('')).toEqual([]);
  });
});
