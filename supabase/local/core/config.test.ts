import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { resolveStackConfig } from './config.ts';

const projectDir = fileURLToPath(new URL('../../..', import.meta.url));
const base = { projectDir, dataDir: null } as const;

describe('resolveStackConfig allowed origins', () => {
  it("`npm run stack` alone (no served origins given) trusts config.toml's console and agent-site origins", async () => {
    const config = await resolveStackConfig({ ...base, env: {} });
    expect(config.allowedOrigins).toEqual(expect.arrayContaining(['http://localhost:5180', 'http://*.localhost:5181']));
  });

  it("the product and the desktop app (origins given, even none yet) never get config.toml's fixed ports", async () => {
    expect(
      (await resolveStackConfig({ ...base, env: {}, allowedOrigins: ['app://concierge'] })).allowedOrigins,
    ).toEqual(['app://concierge']);
    expect((await resolveStackConfig({ ...base, env: {}, allowedOrigins: [] })).allowedOrigins).toEqual([]);
  });

  it('$CONCIERGE_ALLOWED_ORIGINS still adds, in both cases', async () => {
    const env = { CONCIERGE_ALLOWED_ORIGINS: 'https://console.example.com/, http://*.agents.test:8080' };
    const given = await resolveStackConfig({ ...base, env, allowedOrigins: ['app://concierge'] });
    expect(given.allowedOrigins).toEqual([
      'app://concierge',
      'https://console.example.com',
      'http://*.agents.test:8080',
    ]);
    const alone = await resolveStackConfig({ ...base, env });
    expect(alone.allowedOrigins).toEqual(
      expect.arrayContaining(['http://localhost:5180', 'https://console.example.com']),
    );
  });
});
