import { describe, expect, it } from 'vitest';
import { StorageError } from './errors.ts';
import { parseRange } from './objects.ts';
import { assertBucketName, assertObjectKey, mimeTypeAllowed } from './paths.ts';

function codeOf(fn: () => unknown): string | undefined {
  try {
    fn();
    return undefined;
  } catch (error) {
    return error instanceof StorageError ? error.code : 'not a StorageError';
  }
}

describe('object keys', () => {
  it('accepts nested names with spaces and unicode', () => {
    expect(assertObjectKey('u1/photos/été 2026.png')).toBe('u1/photos/été 2026.png');
  });

  it.each(['', '/abs', 'a/../b', '..', './a', 'a//b', 'a/', 'a\\b', 'nul\u0000.txt', 'x'.repeat(1025)])(
    'refuses %j',
    (key) => {
      expect(codeOf(() => assertObjectKey(key))).toBe('InvalidKey');
    },
  );
});

describe('bucket names', () => {
  it.each(['avatars', 'public-assets', 'a.b_c'])('accepts %j', (name) => {
    expect(assertBucketName(name)).toBe(name);
  });

  it.each(['', '.', '..', 'a/b', ' padded', 'x'.repeat(101), 'tab\t', 42])('refuses %j', (name) => {
    expect(codeOf(() => assertBucketName(name))).toBe('InvalidBucketName');
  });
});

describe('allowed MIME types', () => {
  it('allows anything when the bucket sets no list', () => {
    expect(mimeTypeAllowed('text/plain', null)).toBe(true);
    expect(mimeTypeAllowed('text/plain', [])).toBe(true);
  });

  it('matches exact types, wildcards, and ignores parameters and case', () => {
    expect(mimeTypeAllowed('image/png', ['image/*'])).toBe(true);
    expect(mimeTypeAllowed('IMAGE/PNG', ['image/png'])).toBe(true);
    expect(mimeTypeAllowed('text/plain;charset=UTF-8', ['text/plain'])).toBe(true);
    expect(mimeTypeAllowed('text/plain', ['image/*'])).toBe(false);
    expect(mimeTypeAllowed('imagex/png', ['image/*'])).toBe(false);
    expect(mimeTypeAllowed('application/pdf', ['*/*'])).toBe(true);
  });
});

describe('Range headers', () => {
  it('parses explicit, open-ended and suffix ranges, clamped to the size', () => {
    expect(parseRange('bytes=0-9', 100)).toEqual({ start: 0, end: 9 });
    expect(parseRange('bytes=90-', 100)).toEqual({ start: 90, end: 99 });
    expect(parseRange('bytes=-5', 100)).toEqual({ start: 95, end: 99 });
    expect(parseRange('bytes=50-500', 100)).toEqual({ start: 50, end: 99 });
  });

  it('reports unsatisfiable ranges and ignores malformed ones', () => {
    expect(parseRange('bytes=100-', 100)).toBe('unsatisfiable');
    expect(parseRange('bytes=-0', 100)).toBe('unsatisfiable');
    expect(parseRange('bytes=9-1', 100)).toBeUndefined();
    expect(parseRange('items=0-1', 100)).toBeUndefined();
    expect(parseRange('bytes=-', 100)).toBeUndefined();
  });
});
