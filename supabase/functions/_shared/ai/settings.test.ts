import { describe, expect, it } from 'vitest';
import { resolveModelSettings } from './settings.ts';
import { DEFAULT_MODEL_SETTINGS } from './types.ts';

describe('resolveModelSettings', () => {
  it('takes the admin choices and fills the rest with the defaults', () => {
    expect(resolveModelSettings({ chatModel: ' gpt-4.1-mini ', whatsappModel: 'llama3.1:8b' })).toEqual({
      ...DEFAULT_MODEL_SETTINGS,
      chatModel: 'gpt-4.1-mini',
      whatsappModel: 'llama3.1:8b',
    });
  });

  it('ignores junk', () => {
    expect(resolveModelSettings(null)).toEqual(DEFAULT_MODEL_SETTINGS);
    expect(resolveModelSettings({ chatModel: 42, gsmCallModel: 'has spaces in it', internalCallModel: '' })).toEqual(
      DEFAULT_MODEL_SETTINGS,
    );
    expect(DEFAULT_MODEL_SETTINGS).toMatchObject({
      chatModel: 'gpt-4.1',
      embeddingModel: 'text-embedding-3-small',
      transcriptionModel: 'whisper-1',
    });
  });
});
