import { describe, expect, it } from 'vitest';
import { OfflineProvider, extractAnswer, guessLanguage } from './offline-provider.ts';
import { ProviderError } from './errors.ts';
import type { KnowledgePassage } from './types.ts';
import { cosineSimilarity } from '../text/lexical.ts';

const passages: KnowledgePassage[] = [
  {
    documentId: 'd-hours',
    name: 'practical.txt',
    text:
      'Welcome to Boulangerie Marie. Our opening hours are Monday to Saturday, from 7am to 7pm. ' +
      'We are closed on Sundays and public holidays.',
  },
  {
    documentId: 'd-parking',
    name: 'access.txt',
    text: 'Free parking is available behind the shop. The nearest metro station is Bellecour.',
  },
  {
    documentId: 'd-fr',
    name: 'livraison.txt',
    text: 'Nous livrons à domicile dans tout Lyon. La livraison est gratuite dès 30 euros de commande.',
  },
];

const ask = (question: string, language = 'en') => ({
  model: 'ignored',
  messages: [
    { role: 'system' as const, content: 'You are the bakery assistant.' },
    { role: 'user' as const, content: question },
  ],
  grounding: { passages, language },
});

describe('extractAnswer', () => {
  it('picks the sentences that answer the question, in document order', () => {
    expect(extractAnswer('What are your opening hours?', passages)).toEqual([
      'Our opening hours are Monday to Saturday, from 7am to 7pm.',
    ]);
    expect(extractAnswer('Is there parking near the shop?', passages)).toEqual([
      'Free parking is available behind the shop.',
    ]);
  });

  it('matches across plurals and accents', () => {
    expect(extractAnswer('Livrez-vous à domicile ?', passages, 'fr')).toEqual([
      'Nous livrons à domicile dans tout Lyon.',
    ]);
  });

  it('returns nothing when no sentence is about the question', () => {
    expect(extractAnswer('Do you sell bicycles?', passages)).toEqual([]);
    expect(extractAnswer('What is the meaning of life?', [])).toEqual([]);
  });
});

describe('extractAnswer on the shapes owners upload', () => {
  const faq: KnowledgePassage = {
    documentId: 'faq',
    name: 'faq.txt',
    text:
      'Are you open on Sunday?\nNo, we are closed on Sundays and public holidays.\n' +
      'Êtes-vous ouverts le dimanche ?\nNon, nous sommes fermés le dimanche et les jours fériés.',
  };
  const prices: KnowledgePassage = {
    documentId: 'prices',
    name: 'prices.csv',
    text: 'product: Croissant; price (EUR): 1.20; allergens: gluten, butter\nproduct: Lemon tart; price (EUR): 4.20; allergens: gluten, eggs',
  };
  const hours: KnowledgePassage = {
    documentId: 'hours',
    name: 'menu-and-hours.txt',
    text: 'Opening hours: Tuesday to Saturday, lunch 12:00-14:30. Closed on Sunday and Monday.',
  };

  it("answers 'Are you open on Sunday?' with the sentence that says closed, in English and in French", () => {
    expect(extractAnswer('Are you open on Sunday?', [hours])).toEqual(['Closed on Sunday and Monday.']);
    expect(extractAnswer('Êtes-vous ouverts le dimanche ?', [hours], 'fr')).toEqual(['Closed on Sunday and Monday.']);
  });

  it("quotes a FAQ's answer line, not the question line, in the visitor's language", () => {
    expect(extractAnswer('Are you open on Sunday?', [faq])).toEqual([
      'No, we are closed on Sundays and public holidays.',
    ]);
    // The turn's language may be wrong for a short question: the question's own words decide.
    expect(extractAnswer('Êtes-vous ouverts le dimanche ?', [faq], 'en')).toEqual([
      'Non, nous sommes fermés le dimanche et les jours fériés.',
    ]);
  });

  it('answers from the matching CSV row, as a sentence', () => {
    expect(extractAnswer('How much is a croissant?', [prices])).toEqual([
      'Product: Croissant; price (EUR): 1.20; allergens: gluten, butter.',
    ]);
    expect(extractAnswer('Combien coûte la tarte au citron ?', [prices], 'fr')).toEqual([
      'Product: Lemon tart; price (EUR): 4.20; allergens: gluten, eggs.',
    ]);
  });

  it('answers from a long sentence that holds the rare word, whatever its length', () => {
    const menu: KnowledgePassage = {
      documentId: 'menu',
      name: 'menu.txt',
      text:
        'Menu: starters - French onion soup 9 EUR, leeks vinaigrette 8 EUR; mains - beef bourguignon 22 EUR, roast cod ' +
        'with beurre blanc 24 EUR, mushroom risotto (vegetarian) 19 EUR; desserts - creme brulee 8 EUR. Lunch set menu 21 EUR.',
    };
    expect(extractAnswer('Do you have a vegetarian dish?', [menu])[0]).toContain('mushroom risotto (vegetarian)');
  });

  it('guesses English or French from function words', () => {
    expect(guessLanguage('Are you open on Sunday?')).toBe('en');
    expect(guessLanguage('Êtes-vous ouverts le dimanche ?')).toBe('fr');
    expect(guessLanguage('Croissant')).toBeNull();
  });
});

describe('OfflineProvider', () => {
  const provider = new OfflineProvider();

  it('streams the extractive answer flagged offline, without tools or usage', async () => {
    const result = await provider.completeChat(ask('When are you closed?'));
    expect(result.text).toBe('We are closed on Sundays and public holidays.');
    expect(result.metadata).toEqual({ provider: 'offline', model: 'offline-extractive', offline: true });
    expect(result.toolCalls).toEqual([]);
    expect(result.usage).toBeNull();
    expect(provider.capabilities).toMatchObject({ offline: true, tools: false, realtime: false, transcription: false });
  });

  it("says it has no answer in the conversation's language", async () => {
    expect((await provider.completeChat(ask('Do you sell bicycles?'))).text).toBe(
      "I'm sorry, I don't have that information.",
    );
    expect((await provider.completeChat(ask('Vendez-vous des vélos ?', 'fr'))).text).toBe(
      "Je suis désolé, je n'ai pas cette information.",
    );
    expect((await provider.completeChat(ask('Bonjour', 'fr_FR'))).text).toBe('Bonjour ! Que souhaitez-vous savoir ?');
  });

  it('embeds lexically: related texts are closer than unrelated ones, and vectors are unit length', async () => {
    const { vectors, metadata } = await provider.embed({
      model: 'any',
      inputs: ['opening hours of the bakery', 'what are the bakery opening hours', 'free parking behind the shop'],
    });
    expect(metadata.offline).toBe(true);
    expect(vectors[0]).toHaveLength(1536);
    expect(Math.hypot(...vectors[0]!)).toBeCloseTo(1, 6);
    expect(cosineSimilarity(vectors[0]!, vectors[1]!)).toBeGreaterThan(
      cosineSimilarity(vectors[0]!, vectors[2]!) + 0.3,
    );
  });

  it('names only the documents it quotes, and none when it refuses', () => {
    expect(provider.quotedDocuments(ask('Is there parking near the shop?'))).toEqual(['d-parking']);
    expect(provider.quotedDocuments(ask('Do you sell bicycles?'))).toEqual([]);
    expect(provider.quotedDocuments(ask('Hello'))).toEqual([]);
  });

  it('answers "Where are you?" from the knowledge instead of greeting back', async () => {
    const result = await provider.completeChat(ask('Where is the nearest metro?'));
    expect(result.text).toBe('The nearest metro station is Bellecour.');
  });

  it('refuses empty embedding inputs and transcription', async () => {
    await expect(provider.embed({ model: 'any', inputs: ['ok', ' '] })).rejects.toMatchObject({ code: 'bad_request' });
    await expect(provider.embed({ model: 'any', inputs: [] })).rejects.toBeInstanceOf(ProviderError);
    await expect(
      provider.transcribe({ model: 'whisper-1', audio: new Blob([new Uint8Array([1])]), fileName: 'a.webm' }),
    ).rejects.toMatchObject({ code: 'unsupported' });
  });
});
