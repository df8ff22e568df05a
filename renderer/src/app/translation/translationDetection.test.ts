import { describe, expect, it } from 'vitest';
import { isPageTranslated, translationPolicy, type DocumentSnapshot } from './translationDetection.ts';

const untouched: DocumentSnapshot = {
  htmlClassName: '',
  htmlLang: 'fr',
  appLanguage: 'fr',
  hasMicrosoftTranslatorMarks: false,
};

describe('isPageTranslated', () => {
  it('is false for the page as the console rendered it', () => {
    expect(isPageTranslated(untouched)).toBe(false);
    expect(isPageTranslated({ ...untouched, htmlLang: 'en-US', appLanguage: 'en' })).toBe(false);
    expect(isPageTranslated({ ...untouched, htmlLang: '' })).toBe(false);
  });
  it('detects Google Translate classes on <html>', () => {
    expect(isPageTranslated({ ...untouched, htmlClassName: 'translated-ltr' })).toBe(true);
    expect(isPageTranslated({ ...untouched, htmlClassName: 'foo translated-rtl' })).toBe(true);
    expect(isPageTranslated({ ...untouched, htmlClassName: 'not-translated-ltr-ish' })).toBe(false);
  });
  it('detects a rewritten <html lang>', () => {
    expect(isPageTranslated({ ...untouched, htmlLang: 'de' })).toBe(true);
  });
  it('detects Edge translator marks', () => {
    expect(isPageTranslated({ ...untouched, hasMicrosoftTranslatorMarks: true })).toBe(true);
  });
});

describe('translationPolicy', () => {
  it.each(['/', '/legal', '/privacy', '/legal/'])('is off on %s', (path) => {
    expect(translationPolicy(path)).toBe('off');
  });
  it.each([
    '/agents/a1/configure',
    '/agents/a1/prompts',
    '/agents/a1/branding',
    '/agents/a1/integrations',
    '/agents/a1/configure/',
  ])('blocks %s', (path) => {
    expect(translationPolicy(path)).toBe('block');
  });
  it.each(['/dashboard', '/agents', '/agents/a1/dashboard', '/agents/a1/test', '/profile', '/admin/users', '/login'])(
    'warns on %s',
    (path) => {
      expect(translationPolicy(path)).toBe('warn');
    },
  );
});
