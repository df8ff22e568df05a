import type { SupabaseClient } from '@supabase/supabase-js';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Database } from '../../supabase/types/database.ts';
import { historyEn } from '../../renderer/src/features/history/locales/en.ts';
import { CallHistoryPage } from './pages/HistoryPages.ts';
import { DESKTOP, launchBrowser, newPage, screenshot } from './support/browser.ts';
import { productClient } from './support/clients.ts';
import { watchCspViolations } from './support/csp.ts';

/**
 * The call details' recording player as an owner sees it: a stereo phone recording is two lanes
 * (caller, agent), its progress drawn over them, under the console's own Content-Security-Policy.
 */
const product = inject('product');
const stamp = Date.now().toString(36);
const email = `recording-player-${stamp}@example.com`;
const password = 'recording-player-pass';

let browser: Browser;
let service: SupabaseClient<Database>;
let ownerId = '';

/** A 2-second 16-bit stereo WAV: 440 Hz on the caller's (left) channel, 660 Hz on the agent's. */
function stereoWav(seconds = 2, rate = 8000): Buffer {
  const frames = seconds * rate;
  const data = Buffer.alloc(frames * 4);
  for (let i = 0; i < frames; i++) {
    data.writeInt16LE(Math.round(Math.sin((2 * Math.PI * 440 * i) / rate) * 12000), i * 4);
    data.writeInt16LE(Math.round(Math.sin((2 * Math.PI * 660 * i) / rate) * 12000), i * 4 + 2);
  }
  const header = Buffer.alloc(44);
  header.write('RIFF', 0);
  header.writeUInt32LE(36 + data.length, 4);
  header.write('WAVEfmt ', 8);
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20);
  header.writeUInt16LE(2, 22);
  header.writeUInt32LE(rate, 24);
  header.writeUInt32LE(rate * 4, 28);
  header.writeUInt16LE(4, 32);
  header.writeUInt16LE(16, 34);
  header.write('data', 36);
  header.writeUInt32LE(data.length, 40);
  return Buffer.concat([header, data]);
}

async function must<T>(result: PromiseLike<{ data: T; error: { message: string } | null }>): Promise<NonNullable<T>> {
  const { data, error } = await result;
  if (error) throw new Error(error.message);
  return data as NonNullable<T>;
}

beforeAll(async () => {
  browser = await launchBrowser();
  service = productClient(product, product.serviceRoleKey);
  const created = await service.auth.admin.createUser({ email, password, email_confirm: true });
  if (created.error) throw created.error;
  ownerId = created.data.user.id;
  await must(service.from('profiles').update({ lang: 'en' }).eq('id', ownerId));
  const agent = await must(
    service.from('agents').insert({ user_id: ownerId, name: 'Front desk' }).select('id').single(),
  );
  const call = await must(
    service
      .from('calls')
      .insert({
        user_id: ownerId,
        assigned_agent: agent.id,
        from_number: '+15550002222',
        to_number: '+15550001111',
        status: 'completed',
        duration: 2,
        timestamp: new Date(Date.now() - 60_000).toISOString(),
        settled_at: new Date(Date.now() - 60_000).toISOString(),
      })
      .select('id')
      .single(),
  );
  const path = `${ownerId}/${agent.id}/calls/${call.id}.wav`;
  await must(service.storage.from('recordings').upload(path, stereoWav(), { contentType: 'audio/wav' }));
  await must(service.from('calls').update({ recording_path: path }).eq('id', call.id));
});

afterAll(async () => {
  if (ownerId) await service.auth.admin.deleteUser(ownerId);
  await browser?.close();
});

describe('the recording player', () => {
  it('the recording player draws two lanes with no CSP error', async () => {
    const { context, page } = await newPage(browser, DESKTOP);
    const violations = await watchCspViolations(page);
    const calls = new CallHistoryPage(page, product.consoleUrl, historyEn);
    await calls.signIn(email, password);
    await calls.open('/calls');
    await calls.openDetails(0);
    await calls.waveform().waitFor();
    await calls.channelLabel('caller').waitFor();
    await calls.channelLabel('agent').waitFor();
    await expect.poll(() => calls.waveformLanes(), { timeout: 10_000 }).toBeGreaterThan(0);
    await calls.play();
    await expect.poll(() => calls.playedSeconds(), { timeout: 10_000 }).toBeGreaterThan(0.2);
    await screenshot(page, 'recording-player-two-lanes');
    expect({ lanes: await calls.waveformLanes(), violations: violations() }).toEqual({ lanes: 2, violations: [] });
    await context.close();
  });
});
