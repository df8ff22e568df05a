import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import { afterEach, describe, expect, it } from 'vitest';
import { FakeRelayCall, UpgradeRefused } from '../../fakes/twilio/conversation-relay.ts';
import { callEndingGoodbye } from '../../../supabase/functions/_shared/conversation/messages.ts';

/** The standalone relay as a process (tsx-run, fakes behind it): health, a live call, SIGTERM drain. */
interface Ready {
  port: number;
  calls: { callSid: string; token: string }[];
}

const PUBLIC = 'wss://relay.example.com/phone-relay/conversation-relay';
let child: ChildProcess | null = null;

afterEach(() => {
  if (child && child.exitCode === null) child.kill('SIGKILL');
  child = null;
});

async function startProcess(drainSeconds: number) {
  const proc = spawn(process.execPath, ['--import', 'tsx', 'tests/support/relay-process.ts'], {
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', RELAY_DRAIN_SECONDS: String(drainSeconds) },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  child = proc;
  const lines: string[] = [];
  const exited = new Promise<number | null>((resolve) => proc.on('exit', (code) => resolve(code)));
  const ready = await new Promise<Ready>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('the relay process did not start')), 30_000);
    createInterface({ input: proc.stdout! }).on('line', (line) => {
      lines.push(line);
      if (line.startsWith('READY ')) {
        clearTimeout(timer);
        resolve(JSON.parse(line.slice(6)) as Ready);
      }
    });
  });
  const base = `127.0.0.1:${ready.port}`;
  const health = async () => {
    const response = await fetch(`http://${base}/phone-relay/health`);
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  };
  const dial = (index: number) =>
    FakeRelayCall.connect({
      url: `ws://${base}/phone-relay/conversation-relay`,
      publicUrl: PUBLIC,
      authToken: 'twilio-auth-token',
      callSid: ready.calls[index]!.callSid,
      customParameters: { callToken: ready.calls[index]!.token },
    });
  const ended = async () => {
    await exited;
    const line = lines.find((entry) => entry.startsWith('ENDED '));
    return JSON.parse(line!.slice(6)) as (string | null)[];
  };
  return { proc, health, dial, exited, ended };
}

async function until<T>(read: () => Promise<T>, ok: (value: T) => boolean): Promise<T> {
  let value = await read();
  for (let i = 0; i < 100 && !ok(value); i++) {
    await new Promise((resolve) => setTimeout(resolve, 50));
    value = await read();
  }
  return value;
}

describe('standalone relay process', () => {
  it('reports health and live calls, drains on SIGTERM while the live call finishes, then exits 0', async () => {
    const relay = await startProcess(60);
    expect(await relay.health()).toEqual({ status: 200, body: { ok: true, draining: false, activeCalls: 0 } });

    const call = await relay.dial(0);
    await call.waitFor((frame) => frame.type === 'language', { fromStart: true });
    expect((await relay.health()).body).toMatchObject({ activeCalls: 1 });

    relay.proc.kill('SIGTERM');
    const draining = await until(relay.health, (health) => health.status === 503);
    expect(draining).toEqual({ status: 503, body: { ok: false, draining: true, activeCalls: 1 } });
    // No new calls on a draining replica: the load balancer sends them elsewhere.
    await expect(relay.dial(1)).rejects.toEqual(new UpgradeRefused(503));
    // The live call goes on until the caller hangs up.
    expect(await call.ask('Are you still there?')).toBe('Still here.');
    expect(relay.proc.exitCode).toBeNull();
    await call.hangup();
    expect(await relay.exited).toBe(0);
    expect(await relay.ended()).toEqual(['hangup', null]);
  });

  it('at the drain deadline, each live call hears a goodbye and ends before the process exits', async () => {
    const relay = await startProcess(1);
    const call = await relay.dial(0);
    await call.waitFor((frame) => frame.type === 'language', { fromStart: true });
    relay.proc.kill('SIGTERM');
    expect(await call.nextCycle()).toBe(callEndingGoodbye('en'));
    await call.waitFor((frame) => frame.type === 'end', { fromStart: true });
    expect(await relay.exited).toBe(0);
    expect(await relay.ended()).toEqual(['agent_ended', null]);
  });
});
