import { describe, expect, it } from 'vitest';
import { SERVER_TEXTS, serverText, writtenLanguage } from './catalogue.ts';

const placeholders = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();

describe('the server text catalogue', () => {
  it.each(Object.entries(SERVER_TEXTS))(
    '%s is written in English and French with the same placeholders',
    (_, entry) => {
      const texts: Record<string, string | undefined> = entry;
      expect(texts.en?.trim()).toBeTruthy();
      expect(texts.fr?.trim()).toBeTruthy();
      for (const text of Object.values(texts)) expect(placeholders(text ?? '')).toEqual(placeholders(texts.en ?? ''));
    },
  );

  it('answers in the base language, falling back to English', () => {
    expect(serverText('call.ratingThanks', 'fr-FR')).toBe('Merci !');
    expect(serverText('call.ratingThanks', 'ja')).toBe('Thank you!');
    expect(serverText('call.ratingThanks', null)).toBe('Thank you!');
    expect(serverText('offline.greeting', 'de_DE')).toBe('Hallo! Was möchten Sie wissen?');
    expect(serverText('call.goodbye', 'de')).toBe(SERVER_TEXTS['call.goodbye'].en);
    expect(writtenLanguage('FR')).toBe('fr');
    expect(writtenLanguage('es')).toBe('en');
  });

  it('fills placeholders and leaves unknown ones visible', () => {
    expect(serverText('engine.toolFailure', 'en', { tool: 'calendar' })).toBe(
      'I encountered an error while trying to use the calendar tool. Please try again.',
    );
    expect(serverText('phone.noCredits', 'en')).toContain('{{name}}');
  });
});
