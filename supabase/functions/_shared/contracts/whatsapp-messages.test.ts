import { describe, expect, it } from 'vitest';
import { readWhatsAppMedia, whatsAppMediaKind } from './whatsapp-messages.ts';

describe('readWhatsAppMedia', () => {
  it('keeps stored files and http(s) links and leaves out anything else', () => {
    const media = readWhatsAppMedia([
      { bucket: 'whatsapp-media', path: 'u/a/SM1/0', contentType: 'image/jpeg' },
      { url: 'https://example.com/menu.pdf', name: 'Menu' },
      { bucket: 'knowledge', path: 'u/secret.pdf' },
      { url: 'javascript:alert(1)' },
      'nonsense',
    ]);
    expect(media).toEqual([
      { bucket: 'whatsapp-media', path: 'u/a/SM1/0', contentType: 'image/jpeg' },
      { url: 'https://example.com/menu.pdf', name: 'Menu' },
    ]);
    expect(readWhatsAppMedia({ not: 'an array' })).toEqual([]);
    expect(readWhatsAppMedia([{ url: 'https://example.com/a.jpg', content_type: 'image/jpeg' }])).toEqual([
      { url: 'https://example.com/a.jpg', contentType: 'image/jpeg' },
    ]);
  });

  it('draws images inline, audio with a player and the rest as documents', () => {
    expect(whatsAppMediaKind({ contentType: 'image/png' })).toBe('image');
    expect(whatsAppMediaKind({ contentType: 'audio/ogg; codecs=opus' })).toBe('audio');
    expect(whatsAppMediaKind({ contentType: 'video/mp4' })).toBe('video');
    expect(whatsAppMediaKind({ contentType: 'application/pdf' })).toBe('document');
    expect(whatsAppMediaKind({})).toBe('document');
  });
});
