import { describe, expect, it } from 'vitest';
import { toJson, toJsonObject } from './json.ts';

describe('toJson', () => {
  it('copies JSON values and leaves out undefined members', () => {
    const value = { a: 1, b: 'x', c: [true, null, { d: 2 }], e: undefined };
    expect(toJson(value)).toEqual({ a: 1, b: 'x', c: [true, null, { d: 2 }] });
    expect(toJson(value)).not.toBe(value);
    expect(toJson([1, undefined])).toEqual([1, null]);
  });

  it('refuses what JSON cannot hold, naming where', () => {
    expect(() => toJson({ a: [1, Number.NaN] })).toThrow('$.a[1] is not a finite number');
    expect(() => toJson({ at: new Date(0) })).toThrow('$.at is not a plain object');
    expect(() => toJson({ f: () => 1 })).toThrow('$.f is a function, not JSON');
    expect(() => toJson(10n)).toThrow('$ is a bigint, not JSON');
  });

  it('takes only a plain object where a column holds one', () => {
    expect(toJsonObject({ calendar_id: 'primary' })).toEqual({ calendar_id: 'primary' });
    expect(() => toJsonObject([1])).toThrow('$ is not a plain object');
  });
});
