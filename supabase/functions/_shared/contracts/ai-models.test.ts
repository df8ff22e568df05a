import { describe, expect, it } from 'vitest';
import { CALL_MODEL_OPTIONS, DEFAULT_TEXT_MODEL, TEXT_MODEL_OPTIONS, modelSeesImages } from './ai-models.ts';

describe('modelSeesImages', () => {
  it('says every text model an admin can pick sees images, the default included', () => {
    for (const model of TEXT_MODEL_OPTIONS) expect(modelSeesImages(model), model).toBe(true);
    expect(modelSeesImages(DEFAULT_TEXT_MODEL)).toBe(true);
  });

  it('says a model it does not know (a compatible server’s own, a realtime one) reads text only', () => {
    for (const model of ['llama3.1:8b', 'mistral', ...CALL_MODEL_OPTIONS, 'toString', '__proto__', '']) {
      expect(modelSeesImages(model), model).toBe(false);
    }
  });
});
