/**
 * Interactions as the console edits them: the types, a new
 * interaction's defaults, the validation shared with Postgres (private.check_interaction), and the
 * diff between the last saved list and the edited one that autosave writes.
 */
import {
  INTERACTION_LIMITS,
  INTERACTION_TYPES,
  DOCUMENT_MIME_TYPES,
  documentExtension,
  isInteractionType,
  isInteractionUrl,
  type DocumentConfig,
  type DocumentExtension,
  type Instruction,
  type InteractionType,
  type UrlConfig,
} from '@contracts/interactions.ts';

export type { DocumentConfig, Instruction, InteractionType, UrlConfig };
export const SUPPORTED_TYPES = INTERACTION_TYPES;
/** Shown in the picker, labelled coming soon: they cannot be added yet. */
export const COMING_SOON_TYPES = ['collect_feedback', 'book_callback', 'send_form'] as const;

export const AUTOSAVE_DELAY_MS = 1000;

interface Base {
  id: string;
  name: string;
  enabled: boolean;
  instructions: Instruction[];
  sortOrder: number;
}
export type Interaction =
  (Base & { type: 'share_document'; config: DocumentConfig }) | (Base & { type: 'share_url'; config: UrlConfig });

export const isSupportedType = isInteractionType;

export function newInstruction(makeId: () => string): Instruction {
  return { id: makeId(), type: 'keyword', value: '' };
}

/** A new interaction starts enabled with one empty instruction (email channel on). */
export function newInteraction(type: InteractionType, makeId: () => string, sortOrder: number): Interaction {
  const base = { id: makeId(), name: '', enabled: true, instructions: [newInstruction(makeId)], sortOrder };
  return type === 'share_document'
    ? { ...base, type, config: { send_email: true, send_whatsapp: false } }
    : {
        ...base,
        type,
        config: { url: '', url_title: '', url_description: '', send_url_email: true, send_url_whatsapp: false },
      };
}

/** Adding a type that exists opens the existing one. */
export function addOrOpen(
  list: Interaction[],
  type: InteractionType,
  makeId: () => string,
): { list: Interaction[]; openId: string } {
  const existing = list.find((interaction) => interaction.type === type);
  if (existing) return { list, openId: existing.id };
  const created = newInteraction(type, makeId, list.length);
  return { list: [...list, created], openId: created.id };
}

export type InteractionIssue = 'channel' | 'url';

export function isValidUrl(value: string): boolean {
  return isInteractionUrl(value.trim());
}

export function hasChannel(interaction: Interaction): boolean {
  return interaction.type === 'share_document'
    ? interaction.config.send_email || interaction.config.send_whatsapp
    : interaction.config.send_url_email || interaction.config.send_url_whatsapp;
}

/** What Postgres would refuse: drafts (empty URL, no file) are fine, a wrong URL or no channel is not. */
export function interactionIssues(interaction: Interaction): InteractionIssue[] {
  const issues: InteractionIssue[] = [];
  if (interaction.enabled && !hasChannel(interaction)) issues.push('channel');
  if (interaction.type === 'share_url' && interaction.config.url.trim() !== '' && !isValidUrl(interaction.config.url))
    issues.push('url');
  return issues;
}

export type FileCheck =
  { ok: true; extension: DocumentExtension; contentType: string } | { ok: false; reason: 'type' | 'size' };

/** Pdf, doc, docx, txt, png, jpg, jpeg, at most 10 MB. */
export function checkDocumentFile(file: { name: string; size: number }): FileCheck {
  const extension = documentExtension(file.name);
  if (extension === null) return { ok: false, reason: 'type' };
  if (file.size > INTERACTION_LIMITS.documentBytes) return { ok: false, reason: 'size' };
  return { ok: true, extension, contentType: DOCUMENT_MIME_TYPES[extension] };
}

/** A stable text form of one interaction, to compare lists independently of key order. */
function fingerprint(interaction: Interaction): string {
  const config = Object.entries(interaction.config).sort(([a], [b]) => a.localeCompare(b));
  return JSON.stringify([
    interaction.id,
    interaction.type,
    interaction.name,
    interaction.enabled,
    interaction.instructions.map((item) => [item.id, item.type, item.value]),
    config,
    interaction.sortOrder,
  ]);
}

export function sameInteraction(a: Interaction, b: Interaction): boolean {
  return fingerprint(a) === fingerprint(b);
}

export function sameList(a: Interaction[], b: Interaction[]): boolean {
  return a.length === b.length && a.every((interaction, index) => sameInteraction(interaction, b[index]!));
}

export interface InteractionsDiff {
  inserts: Interaction[];
  updates: Interaction[];
  deletes: string[];
}

/** What to write to go from `saved` to `current`: rows are matched by id. */
export function diffInteractions(saved: Interaction[], current: Interaction[]): InteractionsDiff {
  const before = new Map(saved.map((interaction) => [interaction.id, interaction]));
  const after = new Set(current.map((interaction) => interaction.id));
  return {
    inserts: current.filter((interaction) => !before.has(interaction.id)),
    updates: current.filter((interaction) => {
      const previous = before.get(interaction.id);
      return previous !== undefined && !sameInteraction(previous, interaction);
    }),
    deletes: saved.filter((interaction) => !after.has(interaction.id)).map((interaction) => interaction.id),
  };
}

/** Uploaded documents the saved list used and `current` no longer does (deleted or replaced). */
export function orphanedDocuments(saved: Interaction[], current: Interaction[]): string[] {
  const paths = (list: Interaction[]) =>
    list.flatMap((interaction) =>
      interaction.type === 'share_document' && interaction.config.storage_path ? [interaction.config.storage_path] : [],
    );
  const kept = new Set(paths(current));
  return paths(saved).filter((path) => !kept.has(path));
}
