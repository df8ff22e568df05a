import { describe, expect, it } from 'vitest';
import {
  extractInput,
  extractOffline,
  modifyInput,
  modifyOffline,
  normaliseExtraction,
  normaliseModification,
} from './tasks.ts';

describe('normaliseExtraction', () => {
  it('keeps the known fields, validates the email and normalises voice and subdomain', () => {
    expect(
      normaliseExtraction(
        'Sure! {"companyName":"Chez Léa","email":"not an email","suggestedVoice":"FEMALE","extra":1}',
      ),
    ).toEqual({
      companyName: 'Chez Léa',
      address: '',
      phone: '',
      email: '',
      website: '',
      suggestedSubdomain: 'chez-lea',
      suggestedVoice: 'female',
    });
  });

  it('returns null when the answer has no JSON object', () => {
    expect(normaliseExtraction('I cannot help with that.')).toBeNull();
    expect(normaliseExtraction('{broken')).toBeNull();
  });
});

describe('offline templates', () => {
  it('extracts contact details by pattern, ignoring postcodes as phone numbers', () => {
    const result = extractOffline(
      'Salon Lumière\nCoiffure au 3 avenue Foch 69006 Lyon, tél. 04 78 00 00 00, contact@lumiere.fr',
    );
    expect(result).toMatchObject({
      companyName: 'Salon Lumière',
      phone: '04 78 00 00 00',
      email: 'contact@lumiere.fr',
      suggestedSubdomain: 'salon-lumiere',
    });
    expect(result.address).toMatch(/^3 avenue Foch/);
  });

  it('names the company from the first clause, not the address that follows it', () => {
    const fr = extractOffline('Boulangerie Camille, 3 rue des Lilas, 75011 Paris. Ouvert du mardi au samedi.');
    expect(fr).toMatchObject({ companyName: 'Boulangerie Camille', suggestedSubdomain: 'boulangerie-camille' });
    expect(fr.address).toMatch(/^3 rue des Lilas/);
    expect(extractOffline('Ada Bakery - sourdough and cakes. Open daily.').companyName).toBe('Ada Bakery');
  });

  it('appends the instruction and answers in its language', () => {
    expect(
      modifyOffline({
        task: 'modify_prompt',
        currentPrompt: 'Tu es Léa.',
        instruction: 'Ajoute les horaires du dimanche',
      }).confirmationMessage,
    ).toMatch(/^Mode hors ligne/);
  });

  it('accepts only complete modifications', () => {
    expect(normaliseModification('{"newPrompt":"x"}')).toBeNull();
    expect(normaliseModification('```json\n{"newPrompt":"x","confirmationMessage":"ok"}\n```')).toEqual({
      newPrompt: 'x',
      confirmationMessage: 'ok',
    });
  });
});

describe('owner-assist inputs', () => {
  it('refuse NUL bytes and lone surrogates in free text', () => {
    expect(extractInput.safeParse({ task: 'extract_brief', brief: 'a\u0000b' }).error?.issues[0]?.message).toBe(
      'brief must not contain NUL characters.',
    );
    expect(modifyInput.safeParse({ task: 'modify_prompt', currentPrompt: 'p', instruction: 'x \ud800' }).success).toBe(
      false,
    );
    expect(extractInput.safeParse({ task: 'extract_brief', brief: 'Crêperie 🥞' }).success).toBe(true);
  });
});
