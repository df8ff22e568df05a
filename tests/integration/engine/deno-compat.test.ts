import { execFile } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeOpenAI, type FakeOpenAI } from '../../fakes/openai/server.ts';

const root = join(dirname(fileURLToPath(import.meta.url)), '../../..');
const deno = join(root, 'node_modules/.bin/deno');

let fake: FakeOpenAI;
beforeAll(async () => {
  fake = await startFakeOpenAI();
});
afterAll(async () => {
  await fake.close();
});

describe('shared function code under Deno (the edge runtime engine)', () => {
  it('loads through deno.json import map and behaves as under Node', async () => {
    const stdout = await new Promise<string>((resolve, reject) => {
      execFile(
        deno,
        [
          'run',
          '--config',
          join(root, 'supabase/functions/deno.json'),
          '--allow-read',
          '--allow-net',
          '--allow-env',
          '--node-modules-dir=none',
          join(root, 'tests/integration/engine/deno-smoke.ts'),
        ],
        {
          env: { ...process.env, FAKE_OPENAI_URL: fake.baseURL, NO_COLOR: '1' },
          timeout: 240_000,
          maxBuffer: 4 * 1024 * 1024,
        },
        (error, out, err) => (error ? reject(new Error(`${error.message}\n${err}`)) : resolve(out)),
      );
    });
    const result = JSON.parse(stdout.trim().split('\n').at(-1)!) as Record<string, unknown>;
    expect(result).toEqual({
      offlineAnswer: 'We are closed on Sundays.',
      offline: true,
      language: 'fr',
      input: { subdomain: 'shop', message: 'hi', channel: 'web' },
      sse: [{ event: 'delta', data: { text: 'hé' } }],
      pdf: 'Nos horaires : du lundi au samedi, de 7h à 19h.',
      docx: 'We deliver anywhere in Lyon within two hours.',
      csv: 'product: Croissant; price: 1.20; allergens: gluten, butter',
      chunks: 1,
      openaiText: 'echo: hello from deno',
      embeddingLength: 1536,
    });
    expect(fake.requestsTo('chat')).toHaveLength(1);
  }, 240_000);
});
