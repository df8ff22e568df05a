import { describe, expect, it } from 'vitest';
import {
  applyExtraction,
  canJumpTo,
  emptyDraft,
  firstStepWithProblems,
  goTo,
  isStepValid,
  parseDraft,
  promptInputsKey,
  shouldExtract,
  shouldGeneratePrompt,
  recommendedToolIds,
  subdomainError,
  withSector,
  type WizardDraft,
} from './wizardModel.ts';

const draft = (patch: Partial<WizardDraft>): WizardDraft => ({ ...emptyDraft, ...patch });

describe('subdomain', () => {
  it('reports too short, taken, and nothing while the check has not answered', () => {
    expect(subdomainError('', null)).toBeNull();
    expect(subdomainError('ab', null)).toBe('tooShort');
    expect(subdomainError('abc', { value: 'abc', status: 'taken' })).toBe('taken');
    expect(subdomainError('abcd', { value: 'abc', status: 'taken' })).toBeNull();
    expect(subdomainError('abc', { value: 'abc', status: 'checking' })).toBeNull();
  });
  it('says a reserved name is reserved at once, before the check answers', () => {
    expect(subdomainError('admin', null)).toBe('reserved');
    expect(subdomainError('billing', { value: 'billing', status: 'taken' })).toBe('reserved');
    expect(subdomainError('demo', null)).toBeNull();
    expect(
      isStepValid('basicInfo', draft({ name: 'Clara', subdomain: 'admin' }), { value: 'admin', status: 'available' }),
    ).toBe(false);
  });
});

describe('step validity', () => {
  it('needs a sector and a specialization', () => {
    expect(isStepValid('sector', draft({ sectorId: 'healthcare' }), null)).toBe(false);
    expect(isStepValid('sector', draft({ sectorId: 'healthcare', subSectorId: 'dental_practice' }), null)).toBe(true);
  });
  it('needs a non-blank brief', () => {
    expect(isStepValid('brief', draft({ brief: '  \n' }), null)).toBe(false);
    expect(isStepValid('brief', draft({ brief: 'A bakery' }), null)).toBe(true);
  });
  it('needs a name and a subdomain confirmed available; company name is optional', () => {
    const base = draft({ name: 'Clara', subdomain: 'clara' });
    expect(isStepValid('basicInfo', base, { value: 'clara', status: 'available' })).toBe(true);
    expect(isStepValid('basicInfo', base, { value: 'clara', status: 'checking' })).toBe(false);
    expect(isStepValid('basicInfo', base, { value: 'clara', status: 'taken' })).toBe(false);
    expect(isStepValid('basicInfo', base, { value: 'other', status: 'available' })).toBe(false);
    expect(isStepValid('basicInfo', { ...base, name: ' ' }, { value: 'clara', status: 'available' })).toBe(false);
    expect(isStepValid('basicInfo', { ...base, subdomain: 'cl' }, { value: 'cl', status: 'available' })).toBe(false);
  });
  it('always accepts tools and review', () => {
    expect(isStepValid('tools', emptyDraft, null)).toBe(true);
    expect(isStepValid('review', emptyDraft, null)).toBe(true);
  });
});

describe('navigation', () => {
  it('clears the specialization when the sector changes', () => {
    const d = draft({ sectorId: 'healthcare', subSectorId: 'dental_practice' });
    expect(withSector(d, 'retail').subSectorId).toBe('');
    expect(withSector(d, 'healthcare').subSectorId).toBe('dental_practice');
  });
  it('lets completed steps be clicked, not later ones', () => {
    let d = goTo(emptyDraft, 'brief');
    d = goTo(d, 'basicInfo');
    d = goTo(d, 'sector');
    expect(d.reached).toBe('basicInfo');
    expect(canJumpTo(d, 'brief')).toBe(true);
    expect(canJumpTo(d, 'basicInfo')).toBe(true);
    expect(canJumpTo(d, 'tools')).toBe(false);
    expect(canJumpTo(d, 'sector')).toBe(false);
  });
});

describe('recommended tools', () => {
  it('follows the sector', () => {
    expect([...recommendedToolIds('healthcare', '')].sort()).toEqual(['calendar', 'messaging']);
  });
  it('follows brief keywords in English and French, accents ignored', () => {
    expect(recommendedToolIds('', 'Envoyer un devis par courriel').has('email')).toBe(true);
    expect(recommendedToolIds('', 'Prise de RÉSERVATIONS').has('calendar')).toBe(true);
    expect(recommendedToolIds('', 'Give directions to the shop').has('maps')).toBe(true);
    expect(recommendedToolIds('', 'nothing relevant').size).toBe(0);
  });
});

describe('extraction', () => {
  it('fills empty fields only and shortens the suggested subdomain to 30', () => {
    const result = applyExtraction(draft({ companyName: 'Mine' }), {
      companyName: 'Theirs',
      phone: '+33 1 00',
      suggestedSubdomain: 'A-Very-Long-Bakery-Name-In-Paris-Eleven',
      suggestedVoice: 'female',
    });
    expect(result.companyName).toBe('Mine');
    expect(result.phone).toBe('+33 1 00');
    expect(result.subdomain).toBe('a-very-long-bakery-name-in-par');
    expect(result.voice).toBe('female');
  });
});

describe('draft storage', () => {
  it('round-trips and rejects anything malformed', () => {
    const d = draft({ brief: 'A bakery', toolIds: ['email'], step: 'tools', reached: 'tools' });
    expect(parseDraft(JSON.stringify(d))).toEqual(d);
    expect(parseDraft('{oops')).toEqual(emptyDraft);
    expect(parseDraft(JSON.stringify({ ...d, step: 'nowhere' }))).toEqual(emptyDraft);
    expect(parseDraft(JSON.stringify({ ...d, toolIds: [1] }))).toEqual(emptyDraft);
    expect(parseDraft(null)).toEqual(emptyDraft);
  });
});

describe('when the AI runs', () => {
  it('extracts only for a non-empty brief that changed', () => {
    expect(shouldExtract(draft({ brief: ' ' }))).toBe(false);
    expect(shouldExtract(draft({ brief: 'A bakery' }))).toBe(true);
    expect(shouldExtract(draft({ brief: 'A bakery', extractedFrom: 'A bakery' }))).toBe(false);
  });
  it('regenerates the prompt after an input change, never over a hand edit', () => {
    const d = draft({ name: 'Clara', brief: 'A bakery' });
    expect(shouldGeneratePrompt(d)).toBe(true);
    const generated = { ...d, prompt: 'P1', generatedPrompt: 'P1', promptFrom: promptInputsKey(d) };
    expect(shouldGeneratePrompt(generated)).toBe(false);
    expect(shouldGeneratePrompt({ ...generated, toolIds: ['email'] })).toBe(true);
    expect(shouldGeneratePrompt({ ...generated, toolIds: ['email'], prompt: 'P1 edited by hand' })).toBe(false);
  });
});

describe('the wizard never reaches Create with a value the database refuses', () => {
  const available = { value: 'clara', status: 'available' } as const;
  const ready = draft({
    sectorId: 'food_restaurant',
    subSectorId: 'restaurant',
    brief: 'A bistrot',
    name: 'Clara',
    subdomain: 'clara',
    prompt: 'You are Clara.',
  });

  it('a subdomain starting or ending with a hyphen has its own error, not "taken"', () => {
    expect(subdomainError('-clara', { value: '-clara', status: 'taken' })).toBe('invalidEdges');
    expect(subdomainError('clara-', null)).toBe('invalidEdges');
    expect(subdomainError('cla-ra', null)).toBeNull();
  });

  it.each([
    ['name', 101],
    ['companyName', 201],
    ['address', 501],
    ['phone', 41],
    ['email', 321],
    ['website', 2049],
  ] as const)('basic info with a %s of %i characters cannot go on', (field, length) => {
    expect(isStepValid('basicInfo', { ...ready, [field]: 'x'.repeat(length) }, available)).toBe(false);
    expect(isStepValid('basicInfo', { ...ready, [field]: 'x'.repeat(length - 1) }, available)).toBe(true);
  });

  it('a system prompt over 100 000 characters blocks Create, and Create goes back to the first bad step', () => {
    expect(isStepValid('review', { ...ready, prompt: 'x'.repeat(100_001) }, available)).toBe(false);
    expect(isStepValid('review', { ...ready, prompt: 'x'.repeat(100_000) }, available)).toBe(true);
    expect(firstStepWithProblems(ready)).toBeNull();
    expect(firstStepWithProblems({ ...ready, companyName: 'x'.repeat(201) })).toBe('basicInfo');
    expect(firstStepWithProblems({ ...ready, subdomain: 'clara-' })).toBe('basicInfo');
    expect(firstStepWithProblems({ ...ready, prompt: 'x'.repeat(100_001) })).toBe('review');
  });
});
