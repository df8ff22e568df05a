import { describe, expect, it } from 'vitest';
import { createI18n } from '../../i18n/index.ts';
import { AVATAR_MAX_BYTES, avatarObjectPath, checkAvatarFile } from './avatar.ts';
import { errorText } from '../../errors/errorText.ts';

describe('avatar files', () => {
  it('accepts the bucket’s image types up to 5 MB', () => {
    expect(checkAvatarFile({ type: 'image/png', size: 1000 })).toEqual({ ok: true, extension: 'png' });
    expect(checkAvatarFile({ type: 'image/jpeg', size: AVATAR_MAX_BYTES })).toEqual({ ok: true, extension: 'jpg' });
  });

  it('refuses other types and larger files with a message key', () => {
    expect(checkAvatarFile({ type: 'image/svg+xml', size: 10 })).toEqual({
      ok: false,
      messageKey: 'errors:avatar.wrongType',
      params: {},
    });
    expect(checkAvatarFile({ type: 'image/png', size: AVATAR_MAX_BYTES + 1 })).toEqual({
      ok: false,
      messageKey: 'errors:avatar.tooLarge',
      params: { megabytes: '5' },
    });
  });

  it('the refusal names the limit in the owner’s language', () => {
    const check = checkAvatarFile({ type: 'image/png', size: AVATAR_MAX_BYTES + 1 });
    if (check.ok) throw new Error('expected a refusal');
    expect(errorText(createI18n('en').t, check)).toBe('The image must be at most 5 MB.');
    expect(errorText(createI18n('fr').t, check)).toBe("L'image doit faire au plus 5 Mo.");
  });

  it('stores the file in the owner’s folder, as the storage policies require', () => {
    expect(avatarObjectPath('u-1', 'png', 42)).toBe('u-1/avatar-42.png');
  });
});
