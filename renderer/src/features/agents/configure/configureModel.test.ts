import { describe, expect, it } from 'vitest';
import {
  canSave,
  changedColumns,
  changesPublicAddress,
  configureSubdomainError,
  holdsEdits,
  isSaveShortcut,
  type GeneralForm,
} from './configureModel.ts';
import { matchesLanguage, sortedLanguages } from './languages.ts';

const saved: GeneralForm = {
  name: 'Clara',
  companyName: 'Le Petit Bistrot',
  defaultLanguage: 'fr_FR',
  subdomain: 'demo',
  directoryListed: true,
  voice: 'female',
  voiceMaxCallSeconds: 3600,
  voiceIdleSeconds: 60,
  sectorId: 'food_restaurant',
  subSectorId: 'restaurant',
  description: 'You are Clara.',
};

describe('configure subdomain', () => {
  it('shows no error for the current value, and the configure wording otherwise', () => {
    expect(configureSubdomainError('demo', 'demo', { value: 'demo', status: 'taken' })).toBeNull();
    expect(configureSubdomainError('de', 'demo', null)).toBe('tooShort');
    expect(configureSubdomainError('other', 'demo', { value: 'other', status: 'taken' })).toBe('taken');
  });
  it('refuses a reserved name, but not an agent keeping the one it already has', () => {
    expect(configureSubdomainError('support', 'demo', null)).toBe('reserved');
    expect(configureSubdomainError('support', 'support', null)).toBeNull();
    expect(canSave({ ...saved, subdomain: 'login' }, saved, { value: 'login', status: 'available' }, false)).toBe(
      false,
    );
  });
  it('disables save on an error, a pending check, a blank name or while saving', () => {
    expect(canSave(saved, saved, null, false)).toBe(true);
    expect(canSave(saved, saved, null, true)).toBe(false);
    expect(canSave({ ...saved, name: ' ' }, saved, null, false)).toBe(false);
    expect(canSave({ ...saved, subdomain: 'new-one' }, saved, { value: 'new-one', status: 'checking' }, false)).toBe(
      false,
    );
    expect(canSave({ ...saved, subdomain: 'new-one' }, saved, { value: 'new-one', status: 'available' }, false)).toBe(
      true,
    );
    expect(canSave({ ...saved, subdomain: 'taken' }, saved, { value: 'taken', status: 'taken' }, false)).toBe(false);
  });
});

describe('changedColumns', () => {
  it('sends only what changed, empty optional text as null', () => {
    expect(changedColumns(saved, saved)).toEqual({});
    expect(changedColumns({ ...saved, name: ' Clara 2 ', companyName: '', directoryListed: false }, saved)).toEqual({
      name: 'Clara 2',
      company_name: null,
      directory_listed: false,
    });
  });
});

describe('shortcut and languages', () => {
  it('recognises Ctrl+S and Cmd+S only', () => {
    expect(isSaveShortcut({ key: 's', ctrlKey: true, metaKey: false, altKey: false })).toBe(true);
    expect(isSaveShortcut({ key: 'S', ctrlKey: false, metaKey: true, altKey: false })).toBe(true);
    expect(isSaveShortcut({ key: 's', ctrlKey: false, metaKey: false, altKey: false })).toBe(false);
    expect(isSaveShortcut({ key: 's', ctrlKey: true, metaKey: false, altKey: true })).toBe(false);
  });
  it('sorts languages by label and searches accent-insensitively', () => {
    const fr = sortedLanguages('fr');
    const labels = fr.map((l) => l.label);
    expect([...labels].sort((a, b) => a.localeCompare(b, 'fr'))).toEqual(labels);
    expect(fr.find((l) => l.code === 'fr_FR')?.label).toBe('français (France)');
    expect(matchesLanguage('français (France)', 'FRANCAIS')).toBe(true);
    expect(matchesLanguage('English (United States)', 'german')).toBe(false);
  });
});

describe('configure says why a save would fail, before it is sent', () => {
  const check = { value: 'clara-', status: 'taken' } as const;

  it('a subdomain with an edge hyphen has its own error, not "taken"', () => {
    expect(configureSubdomainError('clara-', 'demo', check)).toBe('invalidEdges');
    expect(configureSubdomainError('-clara', 'demo', null)).toBe('invalidEdges');
  });

  it.each([
    ['name', 101],
    ['companyName', 201],
    ['description', 100_001],
  ] as const)('a %s of %i characters cannot be saved; one less can', (field, length) => {
    expect(canSave({ ...saved, [field]: 'x'.repeat(length) }, saved, null, false)).toBe(false);
    expect(canSave({ ...saved, [field]: 'x'.repeat(length - 1) }, saved, null, false)).toBe(true);
  });

  it('changing a subdomain the agent had changes its public address; setting a first one does not', () => {
    expect(changesPublicAddress({ ...saved, subdomain: 'clara' }, saved)).toBe(true);
    expect(changesPublicAddress(saved, saved)).toBe(false);
    expect(changesPublicAddress({ ...saved, subdomain: 'clara' }, { ...saved, subdomain: '' })).toBe(false);
  });
});

describe('the echo of an own save', () => {
  it('is recognised when the server already holds every edit of the form', () => {
    const edited = { ...saved, companyName: 'Le Grand Bistrot', description: 'You are Clara, brief.' };
    expect(holdsEdits(edited, edited)).toBe(true);
    expect(holdsEdits(edited, saved)).toBe(false);
    expect(holdsEdits(edited, { ...edited, name: 'Someone else' })).toBe(false);
  });
});
