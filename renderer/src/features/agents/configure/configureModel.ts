import { VOICE_IDLE_SECONDS, VOICE_MAX_CALL_SECONDS, withinBound } from '@contracts/voice-call-bounds.ts';
import { subdomainShapeProblem, textProblems, type FieldErrors } from '../fieldErrors.ts';
import type { SubdomainCheck, Voice } from '../wizard/wizardModel.ts';

/** The general tab's editable fields. */
export interface GeneralForm {
  name: string;
  companyName: string;
  defaultLanguage: string;
  subdomain: string;
  directoryListed: boolean;
  voice: Voice;
  /** The agent's longest voice call, in seconds (the form shows minutes). */
  voiceMaxCallSeconds: number;
  /** The agent's idle cut-off: seconds of caller silence before the call ends. */
  voiceIdleSeconds: number;
  sectorId: string;
  subSectorId: string;
  description: string;
}

export type ConfigureSubdomainError = 'tooShort' | 'invalidEdges' | 'reserved' | 'invalid' | 'taken' | null;

/**
 * Inline subdomain error on configure: the agent's current value shows none;
 * an empty subdomain is allowed here (the agent then has no public page).
 */
export function configureSubdomainError(
  subdomain: string,
  current: string,
  check: SubdomainCheck,
): ConfigureSubdomainError {
  if (subdomain === '' || subdomain === current) return null;
  const shape = subdomainShapeProblem(subdomain);
  if (shape) return shape;
  if (check?.value === subdomain && check.status === 'taken') return 'taken';
  return null;
}

/** Length problems of the general tab's texts, each the database's own limit. */
export function generalProblems(form: GeneralForm): FieldErrors {
  return textProblems({ name: form.name, companyName: form.companyName, prompt: form.description });
}

/** Whether the longest call and the idle cut-off are inside the bounds the database allows. */
export function voiceBoundsValid(form: GeneralForm): boolean {
  return (
    withinBound(form.voiceMaxCallSeconds, VOICE_MAX_CALL_SECONDS) &&
    withinBound(form.voiceIdleSeconds, VOICE_IDLE_SECONDS)
  );
}

/** Whether the save changes the public address (links, QR codes and the widget snippet change). */
export function changesPublicAddress(form: GeneralForm, saved: GeneralForm): boolean {
  return saved.subdomain !== '' && form.subdomain !== saved.subdomain;
}

/** Save is disabled while a subdomain error exists, its check is pending, or a save runs. */
export function canSave(form: GeneralForm, saved: GeneralForm, check: SubdomainCheck, saving: boolean): boolean {
  if (saving || Object.keys(generalProblems(form)).length > 0) return false;
  if (!voiceBoundsValid(form)) return false;
  if (configureSubdomainError(form.subdomain, saved.subdomain, check) !== null) return false;
  if (
    form.subdomain !== saved.subdomain &&
    form.subdomain !== '' &&
    !(check?.value === form.subdomain && check.status === 'available')
  )
    return false;
  return true;
}

/** Only the fields that changed, as columns of the agents table. */
export function changedColumns(form: GeneralForm, saved: GeneralForm): Record<string, unknown> {
  const columns: Record<keyof GeneralForm, string> = {
    name: 'name',
    companyName: 'company_name',
    defaultLanguage: 'default_language',
    subdomain: 'subdomain',
    directoryListed: 'directory_listed',
    voice: 'voice',
    voiceMaxCallSeconds: 'voice_max_call_seconds',
    voiceIdleSeconds: 'voice_idle_seconds',
    sectorId: 'sector',
    subSectorId: 'sub_sector',
    description: 'description',
  };
  const nullable = new Set<keyof GeneralForm>(['companyName', 'subdomain', 'sectorId', 'subSectorId']);
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(columns) as (keyof GeneralForm)[]) {
    if (form[key] === saved[key]) continue;
    const value = key === 'name' ? form.name.trim() : form[key];
    out[columns[key]] = nullable.has(key) && value === '' ? null : value;
  }
  return out;
}

/**
 * Whether the server's row already holds every edit of the form, as a save of it would store them
 * (so a conflict raised by that row is the echo of the user's own earlier save, not someone else's).
 */
export function holdsEdits(form: GeneralForm, server: GeneralForm): boolean {
  return Object.keys(changedColumns(form, server)).length === 0;
}

/** Whether Ctrl+S / Cmd+S was pressed (the browser's own Save page is then prevented). */
export function isSaveShortcut(event: { key: string; ctrlKey: boolean; metaKey: boolean; altKey: boolean }): boolean {
  return (event.ctrlKey || event.metaKey) && !event.altKey && event.key.toLowerCase() === 's';
}
