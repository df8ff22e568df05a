/**
 * Which files the knowledge base accepts (PDF, DOCX, CSV, TXT, 10 MB) and how we tell them
 * apart. The name and the declared type are only claims: the bytes must agree, so a renamed
 * executable or image is refused before any parser sees it.
 */
import { HttpError } from '../platform/errors.ts';
import { limitDetails } from '../contracts/limit-refusal.ts';
import { UPLOAD_LIMITS } from '../contracts/upload-limits.ts';

export const KNOWLEDGE_MAX_BYTES = UPLOAD_LIMITS.knowledgeDocument;

export type KnowledgeFormat = 'pdf' | 'docx' | 'csv' | 'txt';

export const KNOWLEDGE_MIME_TYPES: Record<KnowledgeFormat, string> = {
  pdf: 'application/pdf',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  csv: 'text/csv',
  txt: 'text/plain',
};

/** Declared types we accept per format, besides the generic ones browsers send when unsure. */
const ACCEPTED_DECLARED_TYPES: Record<KnowledgeFormat, string[]> = {
  pdf: ['application/pdf', 'application/x-pdf'],
  docx: [KNOWLEDGE_MIME_TYPES.docx],
  csv: ['text/csv', 'application/csv', 'text/comma-separated-values', 'application/vnd.ms-excel', 'text/plain'],
  txt: ['text/plain', 'text/markdown'],
};
const GENERIC_TYPES = ['', 'application/octet-stream', 'binary/octet-stream'];

const EXTENSIONS: Record<string, KnowledgeFormat> = { pdf: 'pdf', docx: 'docx', csv: 'csv', txt: 'txt', text: 'txt' };

const FORMAT_LABEL: Record<KnowledgeFormat, string> = { pdf: 'PDF', docx: 'Word (DOCX)', csv: 'CSV', txt: 'text' };

export interface KnowledgeFileClaim {
  fileName: string;
  /** Content-Type as declared by the uploader (may be empty). */
  contentType?: string | null;
  size: number;
}

function formatMegabytes(bytes: number): string {
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

/** 413 naming the knowledge file limit, with it in `details.limit` (and the file's size when known). */
export function knowledgeFileTooLarge(size?: number): HttpError {
  const limit = formatMegabytes(KNOWLEDGE_MAX_BYTES);
  return new HttpError(
    413,
    'file_too_large',
    size === undefined
      ? `Knowledge files must be at most ${limit}.`
      : `The file is ${formatMegabytes(size)}; knowledge files must be at most ${limit}.`,
    {},
    limitDetails({ kind: 'file_size', max: KNOWLEDGE_MAX_BYTES }, size === undefined ? {} : { size }),
  );
}

/** Checks name, declared type and size (before reading the bytes). Throws HttpError 4xx. */
export function checkKnowledgeClaim(claim: KnowledgeFileClaim): KnowledgeFormat {
  const extension = claim.fileName.toLowerCase().match(/\.([a-z0-9]+)$/)?.[1] ?? '';
  const format = EXTENSIONS[extension];
  if (!format) {
    throw new HttpError(
      415,
      'unsupported_file_type',
      'Only PDF, DOCX, CSV and TXT files can be added to the knowledge base.',
    );
  }
  const declared = (claim.contentType ?? '').split(';')[0]!.trim().toLowerCase();
  if (!GENERIC_TYPES.includes(declared) && !ACCEPTED_DECLARED_TYPES[format].includes(declared)) {
    throw new HttpError(
      415,
      'file_type_mismatch',
      `The file is named .${extension} but was sent as ${declared}. Only PDF, DOCX, CSV and TXT files are accepted.`,
    );
  }
  if (claim.size <= 0) throw new HttpError(400, 'empty_file', 'The file is empty.');
  if (claim.size > KNOWLEDGE_MAX_BYTES) throw knowledgeFileTooLarge(claim.size);
  return format;
}

function startsWith(bytes: Uint8Array, signature: number[], at = 0): boolean {
  return signature.every((byte, index) => bytes[at + index] === byte);
}

function containsAscii(bytes: Uint8Array, needle: string): boolean {
  const codes = Array.from(needle, (char) => char.charCodeAt(0));
  outer: for (let i = 0; i <= bytes.length - codes.length; i++) {
    for (let j = 0; j < codes.length; j++) if (bytes[i + j] !== codes[j]) continue outer;
    return true;
  }
  return false;
}

/** What the bytes are, as far as these four formats go. */
export function sniffKnowledgeFormat(bytes: Uint8Array): KnowledgeFormat | 'zip' | 'binary' | 'text' {
  // %PDF- may follow a little garbage (some generators prepend a BOM or whitespace).
  const head = bytes.subarray(0, 1024);
  if (containsAscii(head, '%PDF-')) return 'pdf';
  if (startsWith(bytes, [0x50, 0x4b, 0x03, 0x04])) {
    // ZIP entry names are stored uncompressed: a Word document has word/document.xml.
    return containsAscii(bytes, 'word/document.xml') ? 'docx' : 'zip';
  }
  const sample = bytes.subarray(0, 8192);
  if (sample.includes(0)) {
    // UTF-16 text has NULs too; a BOM tells it apart from binary.
    if (startsWith(bytes, [0xff, 0xfe]) || startsWith(bytes, [0xfe, 0xff])) return 'text';
    return 'binary';
  }
  return 'text';
}

/** Checks that the bytes are what the name says. Throws HttpError 415 when they are not. */
export function checkKnowledgeBytes(format: KnowledgeFormat, bytes: Uint8Array): void {
  if (bytes.byteLength > KNOWLEDGE_MAX_BYTES) throw knowledgeFileTooLarge(bytes.byteLength);
  if (bytes.byteLength === 0) throw new HttpError(400, 'empty_file', 'The file is empty.');
  const sniffed = sniffKnowledgeFormat(bytes);
  const ok = format === 'csv' || format === 'txt' ? sniffed === 'text' : sniffed === format;
  if (!ok) {
    throw new HttpError(
      415,
      'file_content_mismatch',
      `The file is named as ${FORMAT_LABEL[format]} but its content is not ${FORMAT_LABEL[format]}.`,
    );
  }
}

/** Both checks at once, for callers that have the bytes already. */
export function validateKnowledgeFile(claim: Omit<KnowledgeFileClaim, 'size'>, bytes: Uint8Array): KnowledgeFormat {
  const format = checkKnowledgeClaim({ ...claim, size: bytes.byteLength });
  checkKnowledgeBytes(format, bytes);
  return format;
}
