import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { staleOutputs, TYPES_OUTPUTS } from './gen-types.ts';

describe('gen:types --check', () => {
  it('covers the functions copy as well as the apps copy', () => {
    expect(TYPES_OUTPUTS).toEqual([
      'supabase/types/database.ts',
      'supabase/functions/_shared/platform/database.types.ts',
    ]);
  });

  it('reports each copy that differs from the generated text or is missing', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'gen-types-check-'));
    try {
      const [apps, functions] = TYPES_OUTPUTS as [string, string];
      await mkdir(path.dirname(path.join(dir, apps)), { recursive: true });
      await writeFile(path.join(dir, apps), 'export type Database = {};\n');
      expect(await staleOutputs(dir, 'export type Database = {};\n', TYPES_OUTPUTS)).toEqual([functions]);
      await mkdir(path.dirname(path.join(dir, functions)), { recursive: true });
      await writeFile(path.join(dir, functions), 'export type Database = { old: true };\n');
      expect(await staleOutputs(dir, 'export type Database = {};\n', TYPES_OUTPUTS)).toEqual([functions]);
      await writeFile(path.join(dir, functions), 'export type Database = {};\n');
      expect(await staleOutputs(dir, 'export type Database = {};\n', TYPES_OUTPUTS)).toEqual([]);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
