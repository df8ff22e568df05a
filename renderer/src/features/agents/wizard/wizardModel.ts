/**
 * The creation wizard's rules, free of React so they can be tested:
 * steps and their validity, subdomain normalisation, recommended tools, the saved draft.
 */
import { typedSubdomain } from '@contracts/subdomain.ts';
import { subdomainShapeProblem, textProblems, type AgentField, type FieldErrors } from '../fieldErrors.ts';

export const WIZARD_STEPS = ['sector', 'brief', 'basicInfo', 'tools', 'review'] as const;
export type WizardStep = (typeof WIZARD_STEPS)[number];

export type Voice = 'male' | 'female';

export interface WizardDraft {
  step: WizardStep;
  /** The furthest step reached: every step before it counts as completed and is clickable. */
  reached: WizardStep;
  sectorId: string;
  subSectorId: string;
  brief: string;
  name: string;
  companyName: string;
  subdomain: string;
  voice: Voice;
  address: string;
  phone: string;
  email: string;
  website: string;
  toolIds: string[];
  prompt: string;
  /** The brief the basic-info fields were last extracted from: extraction runs again only after a change. */
  extractedFrom: string;
  /** What the prompt was last generated from, and the text generated then (see shouldGeneratePrompt). */
  promptFrom: string;
  generatedPrompt: string;
}

export const emptyDraft: WizardDraft = {
  step: 'sector',
  reached: 'sector',
  sectorId: '',
  subSectorId: '',
  brief: '',
  name: '',
  companyName: '',
  subdomain: '',
  voice: 'male',
  address: '',
  phone: '',
  email: '',
  website: '',
  toolIds: [],
  prompt: '',
  extractedFrom: '',
  promptFrom: '',
  generatedPrompt: '',
};

export function stepIndex(step: WizardStep): number {
  return WIZARD_STEPS.indexOf(step);
}

/** State of the subdomain field: what the availability check has said about the current value. */
export type SubdomainCheck = { value: string; status: 'checking' | 'available' | 'taken' } | null;

export type SubdomainError = 'tooShort' | 'invalidEdges' | 'reserved' | 'invalid' | 'taken' | null;

/** The inline error for a normalised subdomain (empty: no error, the step is simply not valid). */
export function subdomainError(subdomain: string, check: SubdomainCheck): SubdomainError {
  // Shape and reserved names are known at once, without asking the database (which refuses them
  // too, and whose availability check would only say "not available").
  const shape = subdomainShapeProblem(subdomain);
  if (shape) return shape;
  if (subdomain !== '' && check?.value === subdomain && check.status === 'taken') return 'taken';
  return null;
}

/** Length problems of the basic-info fields, each the database's own limit. */
export function basicInfoProblems(draft: WizardDraft): FieldErrors {
  return textProblems({
    name: draft.name,
    companyName: draft.companyName,
    address: draft.address,
    phone: draft.phone,
    email: draft.email,
    website: draft.website,
  });
}

/** The review step's problem: a system prompt longer than the database keeps. */
export function reviewProblems(draft: WizardDraft): FieldErrors {
  return textProblems({ prompt: draft.prompt });
}

/**
 * The first step holding a value the database would refuse (Create goes back there), or null.
 * Availability is not asked again here: the database answers that one, and refusedField maps it.
 */
export function firstStepWithProblems(draft: WizardDraft): WizardStep | null {
  if (
    Object.keys(basicInfoProblems(draft)).length > 0 ||
    draft.subdomain === '' ||
    subdomainShapeProblem(draft.subdomain) !== null
  )
    return 'basicInfo';
  if (Object.keys(reviewProblems(draft)).length > 0) return 'review';
  return null;
}

/** The step where a field is edited (a server refusal of that field sends the owner there). */
export function stepOfField(field: AgentField): WizardStep {
  return field === 'prompt' ? 'review' : 'basicInfo';
}

/** Whether Next may leave the step ("Wizard steps"). */
export function isStepValid(step: WizardStep, draft: WizardDraft, check: SubdomainCheck): boolean {
  switch (step) {
    case 'sector':
      return draft.sectorId !== '' && draft.subSectorId !== '';
    case 'brief':
      return draft.brief.trim() !== '';
    case 'basicInfo':
      // A subdomain still being checked is not yet known to be free.
      return (
        Object.keys(basicInfoProblems(draft)).length === 0 &&
        draft.subdomain !== '' &&
        subdomainError(draft.subdomain, check) === null &&
        check?.value === draft.subdomain &&
        check.status === 'available'
      );
    case 'tools':
      return true;
    case 'review':
      return Object.keys(reviewProblems(draft)).length === 0;
  }
}

/** Changing the sector clears the specialization. */
export function withSector(draft: WizardDraft, sectorId: string): WizardDraft {
  return sectorId === draft.sectorId ? draft : { ...draft, sectorId, subSectorId: '' };
}

/** Moves to a step; the furthest step reached only grows. */
export function goTo(draft: WizardDraft, step: WizardStep): WizardDraft {
  const reached = stepIndex(step) > stepIndex(draft.reached) ? step : draft.reached;
  return { ...draft, step, reached };
}

/** A completed (already reached) step can be clicked in the progress bar. */
export function canJumpTo(draft: WizardDraft, step: WizardStep): boolean {
  return stepIndex(step) <= stepIndex(draft.reached) && step !== draft.step;
}

/**
 * Tools recommended for a sector and brief: the ids seen are email, calendar,
 * maps, crm and messaging. Keywords are English and French stems, matched case- and
 * accent-insensitively.
 */
const recommendations: Record<string, { sectors: string[]; keywords: string[] }> = {
  calendar: {
    sectors: ['healthcare', 'beauty_wellness', 'food_restaurant', 'professional_services', 'education'],
    keywords: [
      'appointment',
      'booking',
      'book',
      'reserv',
      'schedul',
      'calendar',
      'rendez-vous',
      'rdv',
      'agenda',
      'creneau',
    ],
  },
  maps: {
    sectors: ['real_estate', 'food_restaurant', 'public_institutions'],
    keywords: ['address', 'location', 'direction', 'itinerar', 'adresse', 'itineraire', 'acces', 'map', 'visit'],
  },
  crm: {
    sectors: ['real_estate', 'professional_services', 'retail'],
    keywords: ['customer', 'client', 'lead', 'prospect', 'follow-up', 'follow up', 'suivi'],
  },
  email: {
    sectors: ['professional_services', 'real_estate', 'public_institutions'],
    keywords: ['email', 'e-mail', 'mail', 'quote', 'devis', 'courriel', 'newsletter'],
  },
  messaging: {
    sectors: ['retail', 'beauty_wellness', 'healthcare'],
    keywords: ['sms', 'whatsapp', 'message', 'notification', 'reminder', 'rappel', 'text me'],
  },
};

function fold(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();
}

export function recommendedToolIds(sectorId: string, brief: string): Set<string> {
  const text = fold(brief);
  const ids = new Set<string>();
  for (const [toolId, rule] of Object.entries(recommendations)) {
    if (rule.sectors.includes(sectorId) || rule.keywords.some((k) => text.includes(k))) ids.add(toolId);
  }
  return ids;
}

/** Fills only empty basic-info fields from the brief extraction, so nothing typed is overwritten. */
export interface Extraction {
  companyName?: string | null | undefined;
  address?: string | null | undefined;
  phone?: string | null | undefined;
  email?: string | null | undefined;
  website?: string | null | undefined;
  suggestedSubdomain?: string | null | undefined;
  suggestedVoice?: string | null | undefined;
}

export function applyExtraction(draft: WizardDraft, extraction: Extraction): WizardDraft {
  const fill = (current: string, value: string | null | undefined) =>
    current.trim() === '' && value ? value : current;
  const suggested = typedSubdomain(extraction.suggestedSubdomain ?? '').slice(0, 30);
  return {
    ...draft,
    companyName: fill(draft.companyName, extraction.companyName),
    address: fill(draft.address, extraction.address),
    phone: fill(draft.phone, extraction.phone),
    email: fill(draft.email, extraction.email),
    website: fill(draft.website, extraction.website),
    subdomain: fill(draft.subdomain, suggested),
    voice:
      draft.extractedFrom === '' && (extraction.suggestedVoice === 'female' || extraction.suggestedVoice === 'male')
        ? extraction.suggestedVoice
        : draft.voice,
  };
}

/** Reads a saved draft; anything unreadable or from an older shape gives the empty draft. */
export function parseDraft(saved: string | null): WizardDraft {
  if (!saved) return emptyDraft;
  try {
    const value: unknown = JSON.parse(saved);
    if (typeof value !== 'object' || value === null) return emptyDraft;
    const merged = { ...emptyDraft, ...(value as Partial<WizardDraft>) };
    const strings: (keyof WizardDraft)[] = [
      'sectorId',
      'subSectorId',
      'brief',
      'name',
      'companyName',
      'subdomain',
      'address',
      'phone',
      'email',
      'website',
      'prompt',
      'extractedFrom',
      'promptFrom',
      'generatedPrompt',
    ];
    if (strings.some((k) => typeof merged[k] !== 'string')) return emptyDraft;
    if (!WIZARD_STEPS.includes(merged.step) || !WIZARD_STEPS.includes(merged.reached)) return emptyDraft;
    if (merged.voice !== 'male' && merged.voice !== 'female') return emptyDraft;
    if (!Array.isArray(merged.toolIds) || merged.toolIds.some((id) => typeof id !== 'string')) return emptyDraft;
    return merged;
  } catch {
    return emptyDraft;
  }
}

export function draftStorageKey(userId: string): string {
  return `concierge.agentWizardDraft.${userId}`;
}

/** The inputs of prompt generation, as one comparable string. */
export function promptInputsKey(draft: WizardDraft): string {
  return JSON.stringify([
    draft.subSectorId,
    draft.name.trim(),
    draft.companyName.trim(),
    draft.brief.trim(),
    [...draft.toolIds].sort(),
  ]);
}

/**
 * Entering review generates the prompt when its inputs changed since the last
 * generation, but never over a prompt the owner has edited by hand.
 */
export function shouldGeneratePrompt(draft: WizardDraft): boolean {
  if (draft.promptFrom === promptInputsKey(draft)) return false;
  return draft.prompt.trim() === '' || draft.prompt === draft.generatedPrompt;
}

/** Leaving brief extracts company details when the brief is non-empty and changed since last time. */
export function shouldExtract(draft: WizardDraft): boolean {
  return draft.brief.trim() !== '' && draft.brief !== draft.extractedFrom;
}
