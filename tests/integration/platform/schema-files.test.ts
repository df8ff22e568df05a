import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compareSchemaFiles, readSchemaDefinitions, type SchemaFiles } from '../../../scripts/gen-schema.ts';
import { startTestStack, type TestStack } from '../support/stack.ts';

/**
 * One place for the current schema: supabase/current holds the definition in force of every
 * product function, view, trigger and policy, and this test fails when a migration changed one
 * of them without the files following (npm run gen:schema).
 */
const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const CURRENT = path.join(ROOT, 'supabase', 'current');
let stack: TestStack;
let definitions: SchemaFiles;

beforeAll(async () => {
  stack = await startTestStack();
  definitions = await readSchemaDefinitions(stack.db);
});
afterAll(async () => {
  await stack?.stop();
});

describe('supabase/current', () => {
  it('matches the migrated database, object by object', async () => {
    expect(await compareSchemaFiles(CURRENT, definitions)).toEqual([]);
    expect(definitions.size).toBeGreaterThan(100);
  });

  it('holds each function once, in the file named after it', () => {
    const claim = definitions.get('functions/public.claim_outbound_message.sql') ?? '';
    // the latest body (the confirmation must answer the agent's own question), not an older one
    expect(claim).toContain('text_mentions_recipient');
    expect(claim.match(/CREATE OR REPLACE FUNCTION public\.claim_outbound_message\(/g)).toHaveLength(1);
  });

  it('notices a definition the migrations no longer give, and one they give that is missing', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'schema-files-'));
    try {
      const [file, content] = [...definitions][0]!;
      await writeFile(path.join(dir, 'stray.sql'), 'select 1;\n');
      const { mkdir } = await import('node:fs/promises');
      await mkdir(path.dirname(path.join(dir, file)), { recursive: true });
      await writeFile(path.join(dir, file), content.replace(/;\n$/, ' -- edited;\n'));
      const problems = await compareSchemaFiles(dir, definitions);
      expect(problems).toContain(`stale ${file}`);
      expect(problems).toContain('no longer defined: stray.sql');
      expect(problems.filter((p) => p.startsWith('missing ')).length).toBe(definitions.size - 1);
      expect(await readFile(path.join(dir, file), 'utf8')).not.toBe(content);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
