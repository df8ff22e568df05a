import { describe, expect, it } from 'vitest';
import { imageForModel, imageTurnText, MAX_IMAGE_BYTES, toBase64 } from './images.ts';

describe('inbound images for a model that sees', () => {
  it('become a base64 data URL of their bytes, whatever their size', async () => {
    const bytes = Uint8Array.from({ length: 100_000 }, (_, i) => (i * 7) % 256);
    expect(toBase64(bytes)).toBe(Buffer.from(bytes).toString('base64'));
    const image = await imageForModel('image/JPEG; charset=binary', new Blob([bytes]));
    expect(image).toEqual({ url: `data:image/jpeg;base64,${Buffer.from(bytes).toString('base64')}` });
  });

  it('are left out when the model cannot read their format or they are larger than WhatsApp allows', async () => {
    expect(await imageForModel('image/heic', new Blob([new Uint8Array(10)]))).toBeNull();
    expect(await imageForModel('image/png', new Blob([]))).toBeNull();
    expect(await imageForModel('image/png', new Blob([new Uint8Array(MAX_IMAGE_BYTES + 1)]))).toBeNull();
  });

  it('are kept in the transcript as "[image]" before the caption', () => {
    expect(imageTurnText(1, '')).toBe('[image]');
    expect(imageTurnText(2, '  Which one?  ')).toBe('[image] [image] Which one?');
  });
});
