/**
 * What the knowledge tab accepts before any byte leaves the browser (PDF, CSV,
 * TXT, DOCX; 10 MB). The server checks again (bucket limits, knowledge-ingest sniffs the bytes);
 * this only spares the owner an upload that would be refused.
 */
import { megabytes } from '@contracts/limit-refusal.ts';
import { UPLOAD_LIMITS } from '@contracts/upload-limits.ts';

/** knowledge-ingest's own limit (the contract's), and how the tab says it. */
export const KNOWLEDGE_MAX_BYTES = UPLOAD_LIMITS.knowledgeDocument;
export const KNOWLEDGE_MAX_MEGABYTES = megabytes(KNOWLEDGE_MAX_BYTES);

export type KnowledgeFormat = 'pdf' | 'docx' | 'csv' | 'txt';

/** The type sent with the upload: browsers leave `File.type` empty for some of these. */
export const KNOWLEDGE_CONTENT_TYPES: Record<KnowledgeFormat, string> = {
  pdf: 'application/pdf',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  csv: 'text/csv',
  txt: 'text/plain',
};

/** For the file picker's `accept`. */
export const KNOWLEDGE_ACCEPT = '.pdf,.docx,.csv,.txt,' + Object.values(KNOWLEDGE_CONTENT_TYPES).join(',');

export type KnowledgeFileCheck =
  | { ok: true; format: KnowledgeFormat; contentType: string }
  | { ok: false; reason: 'unsupportedType' | 'tooLarge' | 'empty' };

export function checkKnowledgeFile(file: { name: string; size: number }): KnowledgeFileCheck {
  const extension = /\.([A-Za-z0-9]+)$/.exec(file.name)?.[1]?.toLowerCase() ?? '';
  if (!(extension in KNOWLEDGE_CONTENT_TYPES)) return { ok: false, reason: 'unsupportedType' };
  if (file.size > KNOWLEDGE_MAX_BYTES) return { ok: false, reason: 'tooLarge' };
  if (file.size === 0) return { ok: false, reason: 'empty' };
  const format = extension as KnowledgeFormat;
  return { ok: true, format, contentType: KNOWLEDGE_CONTENT_TYPES[format] };
}

/**
 * Splits a selection into files to upload now and files whose name the agent already has (a
 * document, an upload in progress, or an earlier file of the same selection): those are asked
 * about first, since uploading the same file twice doubles what the agent retrieves from it.
 * Names compare without case or surrounding spaces, as owners see them.
 */
export function splitDuplicateFiles<F extends { name: string }>(
  files: readonly F[],
  knownNames: Iterable<string>,
): { fresh: F[]; duplicates: F[] } {
  const key = (name: string) => name.trim().toLocaleLowerCase();
  const seen = new Set(Array.from(knownNames, key));
  const fresh: F[] = [];
  const duplicates: F[] = [];
  for (const file of files) {
    if (seen.has(key(file.name))) duplicates.push(file);
    else {
      seen.add(key(file.name));
      fresh.push(file);
    }
  }
  return { fresh, duplicates };
}

/** "1.2 MB", "340 KB": sizes in the list. */
export function formatFileSize(bytes: number | null, locale: string): string {
  if (bytes === null) return '';
  const format = (value: number, unit: string) =>
    `${new Intl.NumberFormat(locale, { maximumFractionDigits: 1 }).format(value)} ${unit}`;
  if (bytes >= 1024 * 1024) return format(bytes / (1024 * 1024), locale.startsWith('fr') ? 'Mo' : 'MB');
  if (bytes >= 1024) return format(bytes / 1024, locale.startsWith('fr') ? 'Ko' : 'KB');
  return format(bytes, locale.startsWith('fr') ? 'o' : 'B');
}
