/**
 * Phoenix channel frames as realtime-js speaks them: vsn 2.0.0 sends JSON arrays
 * `[join_ref, ref, topic, event, payload]`, vsn 1.0.0 JSON objects with the same fields.
 */
export interface Frame {
  joinRef: string | null;
  ref: string | null;
  topic: string;
  event: string;
  payload: Record<string, unknown>;
}

export type Vsn = '1.0.0' | '2.0.0';

const isRecord = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v);
const refOf = (v: unknown): string | null => (v === null || v === undefined ? null : String(v));

/** Parses a text frame; returns null for anything that is not a well-formed Phoenix message. */
export function decodeFrame(text: string, vsn: Vsn): Frame | null {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    return null;
  }
  if (vsn === '2.0.0') {
    if (!Array.isArray(data) || data.length !== 5) return null;
    const [joinRef, ref, topic, event, payload] = data as unknown[];
    if (typeof topic !== 'string' || typeof event !== 'string') return null;
    return { joinRef: refOf(joinRef), ref: refOf(ref), topic, event, payload: isRecord(payload) ? payload : {} };
  }
  if (!isRecord(data) || typeof data.topic !== 'string' || typeof data.event !== 'string') return null;
  return {
    joinRef: refOf(data.join_ref),
    ref: refOf(data.ref),
    topic: data.topic,
    event: data.event,
    payload: isRecord(data.payload) ? data.payload : {},
  };
}

export function encodeFrame(frame: Frame, vsn: Vsn): string {
  if (vsn === '2.0.0') return JSON.stringify([frame.joinRef, frame.ref, frame.topic, frame.event, frame.payload]);
  return JSON.stringify({
    join_ref: frame.joinRef,
    ref: frame.ref,
    topic: frame.topic,
    event: frame.event,
    payload: frame.payload,
  });
}

/**
 * A stable positive 32-bit id for a postgres_changes binding (Realtime uses `:erlang.phash2`);
 * the client only needs the same id back in events.
 */
export function bindingId(
  binding: { event: string; schema: string; table?: string; filter?: string },
  salt: number,
): number {
  const text = `${salt}|${binding.event}|${binding.schema}|${binding.table ?? ''}|${binding.filter ?? ''}`;
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0) % 2 ** 27;
}
