import { describe, expect, it } from 'vitest';
import { baseLanguage, detectLanguage } from './language.ts';
import { chatFailureApology, toolFailureMessage } from './messages.ts';

describe('detectLanguage', () => {
  it.each([
    ['Bonjour, quels sont vos horaires d’ouverture ?', 'fr'],
    ['What are your opening hours on Saturday?', 'en'],
    ['Hola, ¿cuál es el horario de apertura?', 'es'],
    ['Haben Sie am Sonntag geöffnet?', 'de'],
    ['Avete posti liberi stasera?', 'it'],
    ['Vocês abrem aos domingos?', 'pt'],
    ['هل أنتم مفتوحون يوم الأحد؟', 'ar'],
    ['日曜日は営業していますか？', 'ja'],
  ])('detects %s as %s', (text, language) => {
    expect(detectLanguage(text, { agentDefaultLanguage: 'en_US' })).toMatchObject({ language, source: 'detected' });
  });

  it('keeps the conversation language for a short message', () => {
    expect(detectLanguage('ok merci', { agentDefaultLanguage: 'en_US', conversationLanguage: 'fr' })).toEqual({
      language: 'fr',
      source: 'conversation',
      confidence: 0,
    });
  });

  it("falls back to the agent's default language, then to en", () => {
    expect(detectLanguage('Bonjour', { agentDefaultLanguage: 'fr_FR' }).language).toBe('fr');
    expect(detectLanguage('hi', { agentDefaultLanguage: 'de_DE' })).toMatchObject({
      language: 'de',
      source: 'agent_default',
    });
    expect(detectLanguage('?!', {}).language).toBe('en');
    expect(detectLanguage('', { agentDefaultLanguage: 'nonsense value' }).language).toBe('en');
  });

  it('turns stored locales into base language codes', () => {
    expect(baseLanguage('en_US')).toBe('en');
    expect(baseLanguage('fr-FR')).toBe('fr');
    expect(baseLanguage(' PT ')).toBe('pt');
    expect(baseLanguage('')).toBeNull();
    expect(baseLanguage('x1')).toBeNull();
  });
});

describe('engine messages', () => {
  it('says the chat failure apology in English and French', () => {
    expect(chatFailureApology('en')).toBe(
      "I apologize, but I'm having trouble processing your request right now. Please try again.",
    );
    expect(chatFailureApology('fr_FR')).toMatch(/^Je m'excuse/);
    expect(chatFailureApology('de')).toBe(chatFailureApology('en'));
  });

  it('names the tool in the tool failure message', () => {
    expect(toolFailureMessage('Calendar', 'en')).toBe(
      'I encountered an error while trying to use the Calendar tool. Please try again.',
    );
    expect(toolFailureMessage('Calendrier', 'fr')).toContain("l'outil Calendrier");
  });
});
