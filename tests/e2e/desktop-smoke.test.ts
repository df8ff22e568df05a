import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';

/**
 * The built desktop shell, without the Electron binary (it cannot be downloaded here): runs
 * electron/smoke/run.mjs, which boots dist-electron/main.js against the Electron stub, starts the
 * REAL backend bundle (dist-electron/backend.mjs) in a stand-in utility process, kills it and sees
 * it come back, then quits. It runs in the e2e project because that one runs after `npm run build`.
 */
function runSmoke(): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', './electron/smoke/register.mjs', 'electron/smoke/run.mjs'], {
      cwd: process.cwd(),
      env: { ...process.env, CONCIERGE_SUPABASE_URL: '', CONCIERGE_SUPABASE_ANON_KEY: '' },
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('exit', (code) => resolve({ code, output }));
  });
}

describe('desktop shell smoke', () => {
  it('boots the built main process, its bundled backend in a utility process, restarts it and quits cleanly', async () => {
    const started = Date.now();
    const { code, output } = await runSmoke();
    expect(output).toContain('electron main smoke: ok');
    expect(code, output).toBe(0);
    expect(output).toContain('(utility process)');
    // The window's IPC stayed fast while the backend started (run.mjs asserts < 250 ms and prints it).
    expect(output).toMatch(/IPC round-trip while the backend starts: \d+\.\d ms/);
    expect(Date.now() - started).toBeLessThan(60_000);
  });
});
