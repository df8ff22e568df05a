/**
 * G.711 μ-law for the phone fakes (ITU-T G.711; the classic Sun reference algorithm): what Twilio
 * Media Streams and the realtime model's `audio/pcmu` carry, 8 kHz mono, 160 bytes per 20 ms.
 * The product never decodes μ-law (it passes it through); only the fakes do, to detect speech and to
 * make tones.
 */

/** μ-law silence: the code of a zero sample. */
export const MULAW_SILENCE = 0xff;
export const MULAW_FRAME_BYTES = 160;
export const MULAW_FRAME_MS = 20;

const BIAS = 0x84;
const CLIP = 32635;

export function mulawDecode(byte: number): number {
  const u = ~byte & 0xff;
  const sign = u & 0x80;
  const exponent = (u >> 4) & 0x07;
  const mantissa = u & 0x0f;
  const magnitude = (((mantissa << 3) + BIAS) << exponent) - BIAS;
  return sign ? -magnitude : magnitude;
}

export function mulawEncode(sample: number): number {
  let s = Math.max(-32768, Math.min(32767, Math.round(sample)));
  const sign = s < 0 ? 0x80 : 0;
  if (sign) s = -s;
  if (s > CLIP) s = CLIP;
  s += BIAS;
  let exponent = 7;
  for (let mask = 0x4000; (s & mask) === 0 && exponent > 0; mask >>= 1) exponent--;
  const mantissa = (s >> (exponent + 3)) & 0x0f;
  return ~(sign | (exponent << 4) | mantissa) & 0xff;
}

/** Root mean square of decoded samples (16-bit scale). */
export function mulawRms(bytes: Uint8Array): number {
  if (bytes.length === 0) return 0;
  let sum = 0;
  for (const byte of bytes) {
    const sample = mulawDecode(byte);
    sum += sample * sample;
  }
  return Math.sqrt(sum / bytes.length);
}

/** A sine tone of `ms` milliseconds as μ-law bytes. */
export function mulawTone(ms: number, frequency = 440, amplitude = 8000): Uint8Array {
  const samples = Math.round(ms * 8);
  const out = new Uint8Array(samples);
  for (let i = 0; i < samples; i++) out[i] = mulawEncode(amplitude * Math.sin((2 * Math.PI * frequency * i) / 8000));
  return out;
}

/**
 * Writes a 16-bit sequence number into the first 4 bytes of a frame as quiet samples
 * (0xF0 | nibble), so a receiver can prove no frame was lost or reordered without changing
 * what a VAD hears. `readStamp` reads it back (null: not stamped).
 */
export function stampFrame(frame: Uint8Array, sequence: number): void {
  for (let i = 0; i < 4; i++) frame[i] = 0xf0 | ((sequence >> (12 - 4 * i)) & 0x0f);
}

export function readStamp(frame: Uint8Array): number | null {
  let value = 0;
  for (let i = 0; i < 4; i++) {
    const byte = frame[i];
    if (byte === undefined || (byte & 0xf0) !== 0xf0) return null;
    value = (value << 4) | (byte & 0x0f);
  }
  return value;
}
