/** The three functions type-check under Deno with the import map they are deployed with. */
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, it } from 'vitest';

const functionsDir = fileURLToPath(new URL('../../../supabase/functions/', import.meta.url));

describe('agent-chat, knowledge-ingest and owner-assist under Deno', () => {
  it('pass deno check with supabase/functions/deno.json', async () => {
    // Rejects (non-zero exit) on any type or resolution error.
    await promisify(execFile)(
      'npx',
      [
        'deno',
        'check',
        '--config',
        'deno.json',
        'agent-chat/index.ts',
        'knowledge-ingest/index.ts',
        'owner-assist/index.ts',
      ],
      { cwd: functionsDir, timeout: 170_000, env: { ...process.env, NO_COLOR: '1' } },
    );
  }, 180_000);
});
