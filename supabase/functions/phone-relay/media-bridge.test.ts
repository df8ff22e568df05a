import { describe, expect, it } from 'vitest';
import { base64Length, MediaBridge } from './media-bridge.ts';

/** 20 ms of μ-law (160 bytes) as base64, filled with `byte`. */
const frame = (byte: number, bytes = 160) => btoa(String.fromCharCode(...new Array<number>(bytes).fill(byte)));

function bridge() {
  const toCaller: Record<string, unknown>[] = [];
  const toModel: Record<string, unknown>[] = [];
  const b = new MediaBridge({ toCaller: (f) => void toCaller.push(f), toModel: (e) => void toModel.push(e) });
  b.streamSid = 'MZ1';
  return { b, toCaller, toModel };
}

describe('media bridge framing', () => {
  it('passes caller audio to the model as the very same base64 string, and keeps the input clock', () => {
    const { b, toModel } = bridge();
    const payload = frame(0x7e);
    b.callerAudio(payload, 40);
    expect(toModel).toEqual([{ type: 'input_audio_buffer.append', audio: payload }]);
    expect((toModel[0] as { audio: string }).audio).toBe(payload);
    expect(b.inputMs).toBe(40);
    b.callerAudio(payload, Number('not a number'));
    expect(b.inputMs).toBe(40);
  });

  it("forwards the model's audio as Twilio media with the same payload, each followed by a mark", () => {
    const { b, toCaller } = bridge();
    const delta = frame(0x55);
    expect(b.agentAudio('item_1', delta)).toBe(true);
    expect(toCaller).toEqual([
      { event: 'media', streamSid: 'MZ1', media: { payload: delta } },
      { event: 'mark', streamSid: 'MZ1', mark: { name: 'item_1:1:20' } },
    ]);
    expect(base64Length(delta)).toBe(160);
    expect(base64Length(frame(1, 161))).toBe(161);
  });

  it('drops agent audio before the stream started', () => {
    const { b, toCaller } = bridge();
    b.streamSid = null;
    expect(b.agentAudio('item_1', frame(0x55))).toBe(false);
    expect(toCaller).toEqual([]);
  });
});

describe('barge-in', () => {
  it('clears Twilio and truncates the item at the time played since it started, never past the audio sent', async () => {
    const { b, toCaller, toModel } = bridge();
    b.callerAudio(frame(0xff), 1_000);
    // 50 frames = 1 s of agent audio, starting at input time 1000 ms.
    for (let i = 0; i < 50; i++) b.agentAudio('item_1', frame(0x55));
    const heard = b.heard('item_1');
    b.callerAudio(frame(0xff), 1_420);
    expect(b.speechStarted()).toEqual({ itemId: 'item_1', audioEndMs: 420 });
    expect(toCaller.at(-1)).toEqual({ event: 'clear', streamSid: 'MZ1' });
    expect(toModel.at(-1)).toEqual({
      type: 'conversation.item.truncate',
      item_id: 'item_1',
      content_index: 0,
      audio_end_ms: 420,
    });
    expect(await heard).toBeCloseTo(0.42);
    // The rest of a truncated item is dropped; a second speech start has nothing to cut.
    expect(b.agentAudio('item_1', frame(0x55))).toBe(false);
    expect(b.speechStarted()).toBeNull();
  });

  it('clamps to the audio sent and to the last mark Twilio echoed', () => {
    const { b, toModel } = bridge();
    for (let i = 0; i < 10; i++) b.agentAudio('item_1', frame(0x55));
    b.callerAudio(frame(0xff), 5_000);
    expect(b.speechStarted()?.audioEndMs).toBe(200);
    const second = bridge();
    second.b.callerAudio(frame(0xff), 100);
    for (let i = 0; i < 10; i++) second.b.agentAudio('item_2', frame(0x55));
    second.b.markPlayed('item_2:1:20');
    second.b.markPlayed('item_2:2:40');
    second.b.markPlayed('item_2:3:60');
    // The input clock lags (caller frames late): the echoed marks prove 60 ms were heard.
    expect(second.b.speechStarted()?.audioEndMs).toBe(60);
    expect(toModel.filter((e) => e.type === 'conversation.item.truncate')).toHaveLength(1);
  });

  it('does nothing when the agent audio has been played', async () => {
    const { b, toCaller } = bridge();
    b.agentAudio('item_1', frame(0x55));
    b.markPlayed('item_1:1:20');
    b.audioDone('item_1');
    expect(await b.heard('item_1')).toBe(1);
    expect(b.speechStarted()).toBeNull();
    expect(toCaller.some((f) => f.event === 'clear')).toBe(false);
  });

  it('settles what was not confirmed at the end of the call by the input clock', async () => {
    const { b } = bridge();
    b.callerAudio(frame(0xff), 0);
    for (let i = 0; i < 10; i++) b.agentAudio('item_1', frame(0x55));
    b.callerAudio(frame(0xff), 100);
    const heard = b.heard('item_1');
    b.end();
    expect(await heard).toBeCloseTo(0.5);
    expect(await b.heard('unknown')).toBe(1);
  });
});
