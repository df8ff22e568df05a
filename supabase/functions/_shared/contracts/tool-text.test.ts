import { describe, expect, it } from 'vitest';
import { localizedTool } from './tool-text.ts';

const calendar = {
  name: 'Calendar',
  description: 'Book appointments.',
  name_fr: 'Agenda',
  description_fr: 'Prendre des rendez-vous.',
};

describe('localizedTool', () => {
  it('gives a French reader the French name and description', () => {
    expect(localizedTool(calendar, 'fr')).toEqual({ name: 'Agenda', description: 'Prendre des rendez-vous.' });
    expect(localizedTool(calendar, 'fr-FR').name).toBe('Agenda');
  });
  it('gives an English reader the English text', () => {
    expect(localizedTool(calendar, 'en')).toEqual({ name: 'Calendar', description: 'Book appointments.' });
  });
  it('falls back to English when the French text is empty', () => {
    expect(localizedTool({ ...calendar, name_fr: '', description_fr: ' ' }, 'fr')).toEqual({
      name: 'Calendar',
      description: 'Book appointments.',
    });
  });
});
