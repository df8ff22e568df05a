import { describe, expect, it } from 'vitest';
import { AVATAR_MAX_BYTES, avatarObjectPath, checkAvatarFile } from './avatar.ts';

describe('avatar files', () => {
  it('accepts the bucket’s image types up to 5 MB', () => {
    expect(checkAvatarFile({ type: 'image/png', size: 1000 })).toEqual({ ok: true, extension: 'png' });
    expect(checkAvatarFile({ type: 'image/jpeg', size: AVATAR_MAX_BYTES })).toEqual({ ok: true, extension: 'jpg' });
  });

  it('refuses other types and larger files with a message key', () => {
    expect(checkAvatarFile({ type: 'image/svg+xml', size: 10 })).toEqual({
      ok: false,
      messageKey: 'errors:avatar.wrongType',
    });
    expect(checkAvatarFile({ type: 'image/png', size: AVATAR_MAX_BYTES + 1 })).toEqual({
      ok: false,
      messageKey: 'errors:avatar.tooLarge',
    });
  });

  it('stores the file in the owner’s folder, as the storage policies require', () => {
    expect(avatarObjectPath('u-1', 'png', 42)).toBe('u-1/avatar-42.png');
  });
});
