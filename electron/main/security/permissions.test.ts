import { describe, expect, it } from 'vitest';
import { decidePermission, decidePermissionCheck } from './permissions.ts';

const origins = ['app://concierge'];

describe('permission requests', () => {
  it('grants the microphone to our own origin', () => {
    expect(
      decidePermission(
        { permission: 'media', requestingUrl: 'app://concierge/agents/1/test', mediaTypes: ['audio'] },
        origins,
      ),
    ).toBe(true);
  });

  it('refuses the camera, even with the microphone', () => {
    expect(
      decidePermission(
        { permission: 'media', requestingUrl: 'app://concierge/', mediaTypes: ['audio', 'video'] },
        origins,
      ),
    ).toBe(false);
    expect(
      decidePermission({ permission: 'media', requestingUrl: 'app://concierge/', mediaTypes: ['video'] }, origins),
    ).toBe(false);
    expect(decidePermission({ permission: 'media', requestingUrl: 'app://concierge/' }, origins)).toBe(false);
  });

  it('refuses the microphone to any other origin', () => {
    expect(
      decidePermission({ permission: 'media', requestingUrl: 'https://evil.example/', mediaTypes: ['audio'] }, origins),
    ).toBe(false);
    expect(
      decidePermission(
        { permission: 'media', requestingUrl: 'http://demo.localhost:5181/', mediaTypes: ['audio'] },
        origins,
      ),
    ).toBe(false);
  });

  it('refuses other permissions', () => {
    for (const permission of ['geolocation', 'notifications', 'hid', 'usb', 'openExternal', 'pointerLock']) {
      expect(decidePermission({ permission, requestingUrl: 'app://concierge/' }, origins)).toBe(false);
    }
  });

  it('lets our origin copy to the clipboard', () => {
    expect(
      decidePermission({ permission: 'clipboard-sanitized-write', requestingUrl: 'app://concierge/' }, origins),
    ).toBe(true);
    expect(
      decidePermission({ permission: 'clipboard-sanitized-write', requestingUrl: 'https://x.example/' }, origins),
    ).toBe(false);
  });

  it('answers permission checks the same way', () => {
    expect(decidePermissionCheck('media', 'app://concierge', origins)).toBe(true);
    expect(decidePermissionCheck('media', 'https://evil.example', origins)).toBe(false);
    expect(decidePermissionCheck('geolocation', 'app://concierge', origins)).toBe(false);
  });
});
