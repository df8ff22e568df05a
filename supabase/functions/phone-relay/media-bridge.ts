/**
 * The audio bridge of a natural-voice phone call: Twilio Media Streams frames ↔ the realtime
 * model's events, with no state outside
 * the call. G.711 μ-law passes through both ways as the base64 text it arrives in: never decoded,
 * never re-encoded.
 *
 *   caller → model  `media` → `input_audio_buffer.append {audio: payload}` (the payload string as is)
 *   model → caller  `response.output_audio.delta` (beta `response.audio.delta`) → Twilio `media`,
 *                   then a `mark` named after the item and the audio sent so far, so the echo of
 *                   a mark says how far the caller has heard
 *   barge-in        `input_audio_buffer.speech_started` while the caller still has agent audio
 *                   queued → Twilio `clear` and `conversation.item.truncate {audio_end_ms}` at the
 *                   heard position: the time since the item started playing on the call's input
 *                   clock (`media.timestamp`), clamped between the last echoed mark and the audio
 *                   sent (OpenAI refuses a position past the audio's end)
 *   heard           how much of an agent item the caller heard (1 = all): resolved when its last
 *                   mark is echoed after its audio ended, when it is truncated, or when the call
 *                   ends, for the transcript (the stored line is what was heard)
 */

/** μ-law at 8 kHz: 8 bytes a millisecond. */
export const MULAW_BYTES_PER_MS = 8;

/** Bytes of a base64 string without decoding it. */
export function base64Length(payload: string): number {
  const padding = payload.endsWith('==') ? 2 : payload.endsWith('=') ? 1 : 0;
  return Math.floor((payload.length * 3) / 4) - padding;
}

export interface BridgeOutputs {
  /** A frame to Twilio (JSON text). */
  toCaller(frame: Record<string, unknown>): void;
  /** A client event to the realtime model. */
  toModel(event: Record<string, unknown>): void;
}

interface AgentItem {
  id: string;
  /** μ-law bytes forwarded to the caller. */
  sentBytes: number;
  /** Input-clock time its playout started (or will start, after the item before it). */
  startMs: number;
  /** Audio ms the caller is known to have heard (last echoed mark). */
  heardMs: number;
  pendingMarks: number;
  /** No more audio will come for it. */
  complete: boolean;
  /** Cut by a barge-in: later deltas of it are dropped. */
  truncated: boolean;
  fraction: number | null;
  waiters: ((fraction: number) => void)[];
}

const MAX_ITEMS = 200;

export class MediaBridge {
  streamSid: string | null = null;
  /** The call's input clock: the last inbound `media.timestamp` (ms since the stream started). */
  inputMs = 0;
  /** A response is being generated (DTMF items wait for the next turn then). */
  responseActive = false;
  private readonly items = new Map<string, AgentItem>();
  private playing: AgentItem | null = null;
  private markCounter = 0;

  constructor(private readonly out: BridgeOutputs) {}

  /** Caller audio (a Twilio `media` frame's payload and timestamp) to the model. */
  callerAudio(payload: string, timestamp: number): void {
    if (Number.isFinite(timestamp) && timestamp > this.inputMs) this.inputMs = timestamp;
    this.out.toModel({ type: 'input_audio_buffer.append', audio: payload });
  }

  /** Agent audio from the model to the caller; false when dropped (a truncated item's tail). */
  agentAudio(itemId: string, delta: string): boolean {
    if (this.streamSid === null) return false;
    const item = this.itemFor(itemId);
    if (item.truncated) return false;
    item.sentBytes += base64Length(delta);
    item.pendingMarks++;
    const name = `${itemId}:${++this.markCounter}:${Math.round(item.sentBytes / MULAW_BYTES_PER_MS)}`;
    this.out.toCaller({ event: 'media', streamSid: this.streamSid, media: { payload: delta } });
    this.out.toCaller({ event: 'mark', streamSid: this.streamSid, mark: { name } });
    return true;
  }

  /** Twilio echoed a mark: the audio before it has been played to the caller. */
  markPlayed(name: string): void {
    const [itemId, , ms] = name.split(':');
    const item = itemId ? this.items.get(itemId) : undefined;
    if (!item || item.pendingMarks === 0) return;
    item.pendingMarks--;
    if (!item.truncated) item.heardMs = Math.max(item.heardMs, Number(ms) || 0);
    this.settleIfHeard(item);
  }

  /** The model finished an item's audio (output_audio.done, or its response ended). */
  audioDone(itemId: string): void {
    const item = this.items.get(itemId);
    if (!item) return;
    item.complete = true;
    this.settleIfHeard(item);
  }

  /** Every item of a finished response is complete. */
  responseDone(itemIds: readonly string[]): void {
    this.responseActive = false;
    for (const id of itemIds) this.audioDone(id);
  }

  /**
   * The caller started speaking. With agent audio still queued at Twilio: clear it and truncate the
   * item where the caller stopped hearing it. Returns the truncate position, or null (nothing queued).
   */
  speechStarted(): { itemId: string; audioEndMs: number } | null {
    const item = this.playing;
    if (!item || item.truncated || item.pendingMarks === 0 || this.streamSid === null) return null;
    const sentMs = Math.floor(item.sentBytes / MULAW_BYTES_PER_MS);
    const elapsed = this.inputMs - item.startMs;
    const audioEndMs = Math.max(0, Math.min(sentMs, Math.max(item.heardMs, Math.round(elapsed))));
    this.out.toCaller({ event: 'clear', streamSid: this.streamSid });
    this.out.toModel({
      type: 'conversation.item.truncate',
      item_id: item.id,
      content_index: 0,
      audio_end_ms: audioEndMs,
    });
    item.truncated = true;
    item.heardMs = audioEndMs;
    // Twilio echoes the cleared marks at once; they no longer say anything about playout.
    item.pendingMarks = 0;
    this.settle(item, sentMs > 0 ? audioEndMs / sentMs : 1);
    this.playing = null;
    return { itemId: item.id, audioEndMs };
  }

  /** How much of an item the caller heard (1 = all), once known. */
  heard(itemId: string): Promise<number> {
    const item = this.items.get(itemId);
    if (!item) return Promise.resolve(1);
    if (item.fraction !== null) return Promise.resolve(item.fraction);
    return new Promise((resolve) => item.waiters.push(resolve));
  }

  /** The call ended: what was not yet confirmed counts as heard up to the input clock. */
  end(): void {
    for (const item of this.items.values()) {
      if (item.fraction !== null) continue;
      const sentMs = item.sentBytes / MULAW_BYTES_PER_MS;
      const played = Math.max(item.heardMs, this.inputMs - item.startMs);
      this.settle(item, sentMs > 0 ? Math.min(1, Math.max(0, played / sentMs)) : 1);
    }
  }

  private itemFor(itemId: string): AgentItem {
    let item = this.items.get(itemId);
    if (item) return item;
    // Audio plays in order: an item queued behind another starts when that one's audio ends.
    const before = this.playing;
    const queuedUntil = before && !before.truncated ? before.startMs + before.sentBytes / MULAW_BYTES_PER_MS : 0;
    item = {
      id: itemId,
      sentBytes: 0,
      startMs: Math.max(this.inputMs, queuedUntil),
      heardMs: 0,
      pendingMarks: 0,
      complete: false,
      truncated: false,
      fraction: null,
      waiters: [],
    };
    this.items.set(itemId, item);
    this.playing = item;
    // Bounded on a long call: the oldest items are long heard.
    if (this.items.size > MAX_ITEMS) {
      const oldest = this.items.values().next().value as AgentItem;
      this.settle(oldest, oldest.fraction ?? 1);
      this.items.delete(oldest.id);
    }
    return item;
  }

  private settleIfHeard(item: AgentItem): void {
    if (item.complete && item.pendingMarks === 0 && !item.truncated) this.settle(item, 1);
  }

  private settle(item: AgentItem, fraction: number): void {
    if (item.fraction !== null) return;
    item.fraction = fraction;
    for (const resolve of item.waiters.splice(0)) resolve(fraction);
  }
}
