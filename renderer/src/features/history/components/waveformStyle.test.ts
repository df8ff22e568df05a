// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import WaveSurfer from 'wavesurfer.js';
import { RECORDING_LANE_HEIGHT, WAVESURFER_STYLE_HASH } from '@contracts/recording-player.ts';

describe("the console's CSP and wavesurfer's own <style>", () => {
  it('names by hash the exact <style> the installed wavesurfer writes for the player’s lane height', async () => {
    const container = document.createElement('div');
    document.body.append(container);
    const ws = WaveSurfer.create({
      container,
      height: RECORDING_LANE_HEIGHT,
      splitChannels: [{ waveColor: '#000' }, { waveColor: '#111' }],
    });
    const root = ws.getWrapper().getRootNode() as ShadowRoot;
    const styles = [...root.querySelectorAll('style')];
    expect(styles).toHaveLength(1);
    const text = new TextEncoder().encode(styles[0]!.textContent ?? '');
    const bytes = new Uint8Array(await crypto.subtle.digest('SHA-256', text));
    const digest = btoa(String.fromCharCode(...bytes));
    expect(WAVESURFER_STYLE_HASH).toBe(`'sha256-${digest}'`);
    ws.destroy();
    container.remove();
  });
});
