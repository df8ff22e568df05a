/**
 * DOCX text: unzip with fflate (pure JS, no dependencies, runs in Deno, Node and browsers), then
 * walk word/document.xml. mammoth was tried first but assigns `__proto__`, which Deno (and so the
 * edge runtime) does not allow.
 *
 * What is read: paragraph text runs (w:t), tabs and breaks; tables become one line per row with
 * cells separated by " | ". Deleted revisions (w:delText) and field codes (w:instrText) are not
 * text the reader sees, so they are skipped.
 */
import { strFromU8, unzipSync } from 'fflate';
import { HttpError } from '../platform/errors.ts';

/** Refuse zip bombs: a real document.xml is rarely above a few MB. */
const MAX_DOCUMENT_XML_BYTES = 60 * 1024 * 1024;

const ENTITIES: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (match, entity: string) => {
    if (entity[0] === '#') {
      const code =
        entity[1] === 'x' || entity[1] === 'X' ? parseInt(entity.slice(2), 16) : parseInt(entity.slice(1), 10);
      return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : '';
    }
    return ENTITIES[entity] ?? match;
  });
}

/** Plain text of a WordprocessingML main document part. */
export function wordXmlToText(xml: string): string {
  const out: string[] = [];
  let inText = false;
  let cellDepth = 0;
  let cellsInRow: string[] = [];
  let cell: string[] = [];
  const emit = (text: string) => (cellDepth > 0 ? cell : out).push(text);
  for (const match of xml.matchAll(/<(\/?)([A-Za-z_][\w.-]*:)?([A-Za-z_][\w.-]*)[^>]*?(\/?)>|([^<]+)/g)) {
    const [, closing, , name, selfClosing, text] = match;
    if (text !== undefined) {
      if (inText) emit(decodeEntities(text));
      continue;
    }
    const isClose = closing === '/';
    switch (name) {
      case 't':
        inText = !isClose && selfClosing !== '/';
        break;
      case 'tab':
        if (!isClose) emit('\t');
        break;
      case 'br':
      case 'cr':
        if (!isClose) emit(cellDepth > 0 ? ' ' : '\n');
        break;
      case 'p':
        if (isClose) emit(cellDepth > 0 ? ' ' : '\n');
        break;
      case 'tc':
        if (!isClose) {
          cellDepth++;
          cell = [];
        } else {
          cellDepth = Math.max(0, cellDepth - 1);
          cellsInRow.push(cell.join('').replace(/\s+/g, ' ').trim());
          cell = [];
        }
        break;
      case 'tr':
        if (!isClose) cellsInRow = [];
        else {
          const row = cellsInRow.filter((value) => value !== '').join(' | ');
          if (row) out.push(`${row}\n`);
          cellsInRow = [];
        }
        break;
      default:
        break;
    }
  }
  return out.join('');
}

export function docxToText(bytes: Uint8Array): string {
  let files: Record<string, Uint8Array>;
  try {
    files = unzipSync(bytes, {
      filter: (file) => file.name === 'word/document.xml' && file.originalSize <= MAX_DOCUMENT_XML_BYTES,
    });
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    throw new HttpError(422, 'unreadable_file', `This Word document could not be read (${message}).`);
  }
  const part = files['word/document.xml'];
  if (!part) {
    throw new HttpError(
      422,
      'unreadable_file',
      'This Word document could not be read (no document body, or it is too large).',
    );
  }
  return wordXmlToText(strFromU8(part));
}
