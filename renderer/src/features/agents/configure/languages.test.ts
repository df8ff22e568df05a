import { describe, expect, it } from 'vitest';
import { agentRowFromDraft } from '../api/createAgent.ts';
import { emptyDraft } from '../wizard/wizardModel.ts';
import { newAgentLanguage } from './languages.ts';

describe('the language a new agent starts with', () => {
  it('is French (fr_FR) for an owner using the console in French, en_US otherwise', () => {
    expect(newAgentLanguage('fr')).toBe('fr_FR');
    expect(newAgentLanguage('fr-FR')).toBe('fr_FR');
    expect(newAgentLanguage('en')).toBe('en_US');
    expect(newAgentLanguage('de')).toBe('en_US');
  });

  it('is written by the wizard, so a French owner’s agent answers and speaks French from the start', () => {
    const draft = { ...emptyDraft, name: 'Chez Léa', subdomain: 'chez-lea' };
    const now = new Date().toISOString();
    expect(agentRowFromDraft('u1', draft, [], now, 'fr').default_language).toBe('fr_FR');
    expect(agentRowFromDraft('u1', draft, [], now, 'en').default_language).toBe('en_US');
  });
});
