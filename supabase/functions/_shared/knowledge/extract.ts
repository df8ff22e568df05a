/**
 * Text extraction for knowledge files, with libraries that run both in Deno (npm:) and Node:
 * - PDF: unpdf (PDF.js built for serverless runtimes, no native code, no worker);
 * - DOCX: fflate + a WordprocessingML walker (docx.ts);
 * - CSV: csv-parse (RFC 4180 quoting), rows rendered as "column: value" lines so each row reads
 *   as a sentence for retrieval and for the model;
 * - TXT: UTF-8 (UTF-16 with BOM, else Windows-1252 as the usual legacy fallback).
 */
import { extractText as extractPdfText } from 'unpdf';
import { parse as parseCsv } from 'csv-parse/sync';
import { HttpError } from '../platform/errors.ts';
import type { KnowledgeFormat } from './formats.ts';
import { docxToText } from './docx.ts';

export interface ExtractedText {
  text: string;
  /** PDF pages; null for formats without pages. */
  pageCount: number | null;
}

/** Bound on what one document may contribute (≈ 500 pages of dense text). */
export const MAX_EXTRACTED_CHARS = 2_000_000;

/** Decodes plain text: BOM-aware, UTF-8 first, Windows-1252 for legacy exports. */
export function decodeText(bytes: Uint8Array): string {
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return new TextDecoder('utf-16le').decode(bytes.subarray(2));
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return new TextDecoder('utf-16be').decode(bytes.subarray(2));
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    return new TextDecoder('windows-1252').decode(bytes);
  }
}

/** NFC, unified line ends, no control characters, no runs of blank lines or spaces. */
export function normalizeText(text: string): string {
  return (
    text
      .normalize('NFC')
      .replace(/\r\n?/g, '\n')
      .replace(/[^\S\n]+/g, ' ')
      // eslint-disable-next-line no-control-regex -- removing control characters is the point
      .replace(/[\u0000-\u0008\u000b-\u001f\u007f]/g, '')
      .replace(/ *\n */g, '\n')
      .replace(/\n{3,}/g, '\n\n')
      .trim()
  );
}

/** The most frequent of , ; tab | in the first line outside quotes (Excel in French uses ;). */
export function sniffCsvDelimiter(text: string): string {
  const firstLine = text.split(/\r?\n/, 1)[0] ?? '';
  const counts = new Map<string, number>([
    [',', 0],
    [';', 0],
    ['\t', 0],
    ['|', 0],
  ]);
  let quoted = false;
  for (const char of firstLine) {
    if (char === '"') quoted = !quoted;
    else if (!quoted && counts.has(char)) counts.set(char, (counts.get(char) ?? 0) + 1);
  }
  let best = ',';
  let bestCount = 0;
  for (const [delimiter, count] of counts) {
    if (count > bestCount) {
      best = delimiter;
      bestCount = count;
    }
  }
  return best;
}

export function csvToText(source: string): string {
  let rows: string[][];
  try {
    rows = parseCsv(source, {
      bom: true,
      delimiter: sniffCsvDelimiter(source),
      relax_column_count: true,
      relax_quotes: true,
      skip_empty_lines: true,
      trim: true,
    }) as string[][];
  } catch (error) {
    throw new HttpError(422, 'unreadable_file', `This CSV file could not be read: ${(error as Error).message}`);
  }
  const [header, ...body] = rows;
  if (!header) return '';
  if (body.length === 0) return header.join(', ');
  return body
    .map((row) =>
      row
        .map((cell, index) => (cell === '' ? '' : header[index] ? `${header[index]}: ${cell}` : cell))
        .filter((part) => part !== '')
        .join('; '),
    )
    .filter((line) => line !== '')
    .join('\n');
}

async function pdfToText(bytes: Uint8Array): Promise<ExtractedText> {
  try {
    // PDF.js takes ownership of the buffer it is given: hand it a copy.
    const { totalPages, text } = await extractPdfText(new Uint8Array(bytes), { mergePages: false });
    return { text: text.join('\n\n'), pageCount: totalPages };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    if (/password/i.test(message)) {
      throw new HttpError(422, 'unreadable_file', 'This PDF is password-protected; upload an unprotected copy.');
    }
    throw new HttpError(422, 'unreadable_file', `This PDF could not be read (${message}).`);
  }
}

export async function extractKnowledgeText(format: KnowledgeFormat, bytes: Uint8Array): Promise<ExtractedText> {
  let extracted: ExtractedText;
  switch (format) {
    case 'pdf':
      extracted = await pdfToText(bytes);
      break;
    case 'docx':
      extracted = { text: docxToText(bytes), pageCount: null };
      break;
    case 'csv':
      extracted = { text: csvToText(decodeText(bytes)), pageCount: null };
      break;
    case 'txt':
      extracted = { text: decodeText(bytes).replace(/^\ufeff/, ''), pageCount: null };
      break;
  }
  const text = normalizeText(extracted.text).slice(0, MAX_EXTRACTED_CHARS);
  if (text.length === 0) {
    throw new HttpError(
      422,
      'no_text',
      format === 'pdf'
        ? 'No text was found in this PDF (scanned pages need OCR, which is not supported).'
        : 'No text was found in this file.',
    );
  }
  return { text, pageCount: extracted.pageCount };
}
