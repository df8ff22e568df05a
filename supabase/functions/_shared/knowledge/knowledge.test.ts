import { describe, expect, it } from 'vitest';
import { HttpError } from '../platform/errors.ts';
import { OfflineProvider } from '../ai/offline-provider.ts';
import { cosineSimilarity, hashedEmbedding } from '../text/lexical.ts';
import { chunkText } from './chunk.ts';
import { csvToText, decodeText, extractKnowledgeText, sniffCsvDelimiter } from './extract.ts';
import { KNOWLEDGE_MAX_BYTES, checkKnowledgeClaim, validateKnowledgeFile } from './formats.ts';
import { embedInBatches, ingestKnowledgeFile } from './ingest.ts';
import { wordXmlToText } from './docx.ts';
import {
  SAMPLE_CSV,
  SAMPLE_DOCX_BLOCKS,
  SAMPLE_PDF_PAGES,
  SAMPLE_TXT,
  makeDocx,
  makePdf,
} from '../../../../tests/integration/engine/fixtures/make-knowledge-fixtures.ts';

// The same bytes as the committed tests/integration/engine/fixtures/sample.* files, built by the
// fixture script (this zone may not read files through Node APIs).
const samples: Record<string, Uint8Array> = {
  'sample.pdf': new Uint8Array(makePdf(SAMPLE_PDF_PAGES)),
  'sample.docx': new Uint8Array(makeDocx(SAMPLE_DOCX_BLOCKS)),
  'sample.csv': new TextEncoder().encode(SAMPLE_CSV),
  'sample.txt': new TextEncoder().encode(SAMPLE_TXT),
};
const fixture = (name: string) => samples[name]!.slice();

function httpError(run: () => unknown): HttpError {
  try {
    run();
  } catch (error) {
    if (error instanceof HttpError) return error;
    throw error;
  }
  throw new Error('expected an HttpError');
}

describe('knowledge file validation', () => {
  it('accepts the four formats when name, type and bytes agree', () => {
    expect(
      validateKnowledgeFile({ fileName: 'Guide.PDF', contentType: 'application/pdf' }, fixture('sample.pdf')),
    ).toBe('pdf');
    expect(validateKnowledgeFile({ fileName: 'policy.docx', contentType: '' }, fixture('sample.docx'))).toBe('docx');
    expect(
      validateKnowledgeFile(
        { fileName: 'products.csv', contentType: 'application/vnd.ms-excel' },
        fixture('sample.csv'),
      ),
    ).toBe('csv');
    expect(
      validateKnowledgeFile(
        { fileName: 'parking.txt', contentType: 'text/plain; charset=utf-8' },
        fixture('sample.txt'),
      ),
    ).toBe('txt');
  });

  it('refuses other extensions, oversized and empty files with clear 4xx errors', () => {
    expect(httpError(() => checkKnowledgeClaim({ fileName: 'photo.png', size: 10 }))).toMatchObject({
      status: 415,
      code: 'unsupported_file_type',
      message: 'Only PDF, DOCX, CSV and TXT files can be added to the knowledge base.',
    });
    expect(httpError(() => checkKnowledgeClaim({ fileName: 'big.pdf', size: KNOWLEDGE_MAX_BYTES + 1 }))).toMatchObject({
      status: 413,
      code: 'file_too_large',
      message: 'The file is 10.0 MB; knowledge files must be at most 10.0 MB.',
      details: { limit: { kind: 'file_size', max: KNOWLEDGE_MAX_BYTES }, size: KNOWLEDGE_MAX_BYTES + 1 },
    });
    expect(httpError(() => checkKnowledgeClaim({ fileName: 'big.pdf', size: 12.34 * 1024 * 1024 })).message).toContain(
      '12.3 MB',
    );
    expect(checkKnowledgeClaim({ fileName: 'exact.pdf', size: KNOWLEDGE_MAX_BYTES })).toBe('pdf');
    expect(httpError(() => checkKnowledgeClaim({ fileName: 'empty.txt', size: 0 }))).toMatchObject({
      status: 400,
      code: 'empty_file',
    });
    expect(httpError(() => checkKnowledgeClaim({ fileName: 'noextension', size: 5 })).status).toBe(415);
  });

  it('refuses files whose bytes or declared type contradict their name', () => {
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);
    expect(httpError(() => validateKnowledgeFile({ fileName: 'menu.pdf' }, png))).toMatchObject({
      status: 415,
      code: 'file_content_mismatch',
      message: 'The file is named as PDF but its content is not PDF.',
    });
    expect(httpError(() => validateKnowledgeFile({ fileName: 'notes.txt' }, png)).code).toBe('file_content_mismatch');
    expect(httpError(() => validateKnowledgeFile({ fileName: 'doc.docx' }, fixture('sample.pdf'))).code).toBe(
      'file_content_mismatch',
    );
    // A ZIP that is not a Word document.
    const zip = new Uint8Array([0x50, 0x4b, 0x03, 0x04, ...new TextEncoder().encode('xl/workbook.xml')]);
    expect(httpError(() => validateKnowledgeFile({ fileName: 'sheet.docx' }, zip)).code).toBe('file_content_mismatch');
    expect(
      httpError(() => validateKnowledgeFile({ fileName: 'a.pdf', contentType: 'image/png' }, fixture('sample.pdf'))),
    ).toMatchObject({
      status: 415,
      code: 'file_type_mismatch',
    });
  });
});

describe('text extraction', () => {
  it('reads every page of a PDF, accents included', async () => {
    const { text, pageCount } = await extractKnowledgeText('pdf', fixture('sample.pdf'));
    expect(pageCount).toBe(2);
    expect(text).toContain('Nos horaires : du lundi au samedi, de 7h à 19h.');
    expect(text).toContain("Les pièces montées se commandent deux semaines à l'avance.");
  });

  it('reads paragraphs and tables of a DOCX', async () => {
    const { text } = await extractKnowledgeText('docx', fixture('sample.docx'));
    expect(text).toBe(
      [
        'Delivery policy',
        'We deliver anywhere in Lyon within two hours.',
        'Delivery is free for orders above 30 euros.',
        'Zone | Fee',
        'Lyon centre | 0 €',
        'Suburbs | 5 €',
      ].join('\n'),
    );
  });

  it('renders CSV rows as "column: value" lines, honouring quotes and the delimiter', async () => {
    const { text } = await extractKnowledgeText('csv', fixture('sample.csv'));
    expect(text.split('\n')).toEqual([
      'product: Croissant; price: 1.20; allergens: gluten, butter',
      'product: Baguette tradition; price: 1.10; allergens: gluten',
      'product: Tarte "maison"; price: 18.00; allergens: gluten, eggs',
    ]);
    expect(sniffCsvDelimiter('nom;prix\nPain;1,10')).toBe(';');
    expect(csvToText('nom;prix\r\nPain;1,10\r\n')).toBe('nom: Pain; prix: 1,10');
  });

  it('decodes text files: UTF-8 with BOM, UTF-16, and Windows-1252 exports', async () => {
    expect((await extractKnowledgeText('txt', fixture('sample.txt'))).text).toBe(
      'Parking\n\nFree parking is available behind the shop.\nThe nearest metro station is Bellecour.',
    );
    expect(decodeText(new Uint8Array([0xff, 0xfe, 0x68, 0x00, 0xe9, 0x00]))).toBe('hé');
    expect(decodeText(new Uint8Array([0x63, 0x61, 0x66, 0xe9]))).toBe('café');
  });

  it('refuses files with no text and broken files with 422', async () => {
    const blank = makePdf([[]]);
    await expect(extractKnowledgeText('pdf', new Uint8Array(blank))).rejects.toMatchObject({
      status: 422,
      code: 'no_text',
    });
    const truncated = fixture('sample.docx').subarray(0, 200);
    await expect(extractKnowledgeText('docx', truncated)).rejects.toMatchObject({
      status: 422,
      code: 'unreadable_file',
    });
    const garbagePdf = new TextEncoder().encode('%PDF-1.7\nthis is not a pdf body');
    await expect(extractKnowledgeText('pdf', garbagePdf)).rejects.toMatchObject({
      status: 422,
      code: 'unreadable_file',
    });
    await expect(extractKnowledgeText('txt', new TextEncoder().encode('  \n\n '))).rejects.toMatchObject({
      code: 'no_text',
    });
  });
});

describe('chunkText', () => {
  const sentences = Array.from(
    { length: 40 },
    (_, i) => `Sentence number ${i} talks about topic ${i % 7} in some detail.`,
  );
  const text = sentences.join(' ');

  it('packs whole sentences up to the size limit with overlap between neighbours', () => {
    const chunks = chunkText(text, { maxChars: 300, overlapChars: 80 });
    expect(chunks.length).toBeGreaterThan(5);
    for (const chunk of chunks) {
      expect(chunk.content.length).toBeLessThanOrEqual(300);
      expect(chunk.content).toMatch(/^Sentence number \d+ .*detail\.$/);
    }
    for (let i = 1; i < chunks.length; i++) {
      const previousLast = chunks[i - 1]!.content.split('. ').at(-1)!;
      expect(chunks[i]!.content.startsWith(previousLast.replace(/\.$/, ''))).toBe(true);
      expect(chunks[i]!.start).toBeLessThan(chunks[i - 1]!.end);
    }
    // Every sentence is in some chunk.
    for (const sentence of sentences) expect(chunks.some((chunk) => chunk.content.includes(sentence))).toBe(true);
    expect(chunks.map((chunk) => chunk.index)).toEqual(chunks.map((_, i) => i));
  });

  it('keeps CSV rows and headings on their own lines, and rejoins lines a PDF wrapped', () => {
    const csv = 'product: Croissant; price: 1.20\nproduct: Baguette; price: 1.10';
    expect(chunkText(csv).map((chunk) => chunk.content)).toEqual([csv]);
    expect(chunkText('Returns policy\nItems can be returned within 30 days.')[0]?.content).toBe(
      'Returns policy\nItems can be returned within 30 days.',
    );
    expect(chunkText('Our shop is open every day of the week, from early in the morning\nuntil 7pm.')[0]?.content).toBe(
      'Our shop is open every day of the week, from early in the morning until 7pm.',
    );
  });

  it('splits a sentence longer than a chunk at word boundaries and keeps short texts whole', () => {
    const long = 'word '.repeat(400).trim();
    const chunks = chunkText(long, { maxChars: 250, overlapChars: 50 });
    expect(chunks.every((chunk) => chunk.content.length <= 250 && !chunk.content.startsWith(' '))).toBe(true);
    expect(
      chunks
        .map((chunk) => chunk.content)
        .join(' ')
        .split(' ').length,
    ).toBeGreaterThanOrEqual(400);
    expect(chunkText('Just one line.')).toEqual([
      { index: 0, content: 'Just one line.', start: 0, end: 14, tokenEstimate: 4 },
    ]);
    expect(chunkText('   ')).toEqual([]);
  });
});

describe('ingestion pipeline', () => {
  it('validates, extracts, chunks and embeds a document with progress', async () => {
    const progress: number[] = [];
    const document = await ingestKnowledgeFile(
      { fileName: 'guide.pdf', contentType: 'application/pdf', bytes: fixture('sample.pdf') },
      {
        provider: new OfflineProvider(),
        embeddingModel: 'text-embedding-3-small',
        chunking: { maxChars: 120, overlapChars: 40 },
        batchSize: 2,
        onProgress: ({ fraction }) => progress.push(fraction),
      },
    );
    expect(document.format).toBe('pdf');
    expect(document.chunks.length).toBeGreaterThan(2);
    expect(document.embeddingModel).toBe('offline-hashed-1536');
    expect(document.offline).toBe(true);
    expect(progress[0]).toBe(0);
    expect(progress.at(-1)).toBe(1);
    expect([...progress].sort((a, b) => a - b)).toEqual(progress);
    // The chunk about opening hours is the nearest to a question about opening hours.
    const question = hashedEmbedding('Quels sont vos horaires le samedi ?');
    const best = [...document.chunks].sort(
      (a, b) => cosineSimilarity(question, b.embedding) - cosineSimilarity(question, a.embedding),
    )[0];
    expect(best?.content).toContain('horaires');
  });

  it('refuses a bad file before extracting anything', async () => {
    let embedded = false;
    const provider = new OfflineProvider();
    const spy = {
      ...provider,
      capabilities: provider.capabilities,
      embed: async () => ((embedded = true), provider.embed({ model: 'x', inputs: ['x'] })),
    };
    await expect(
      ingestKnowledgeFile(
        { fileName: 'virus.exe', bytes: new Uint8Array([0x4d, 0x5a]) },
        { provider: spy as unknown as OfflineProvider, embeddingModel: 'm' },
      ),
    ).rejects.toMatchObject({ status: 415 });
    expect(embedded).toBe(false);
  });

  it('batches embeddings by count and by size, in order', async () => {
    const provider = new OfflineProvider();
    const sizes: number[] = [];
    const counting = Object.assign(Object.create(provider) as OfflineProvider, {
      embed: (request: Parameters<OfflineProvider['embed']>[0]) => {
        sizes.push(request.inputs.length);
        return provider.embed(request);
      },
    });
    const texts = ['a'.repeat(50), 'b'.repeat(50), 'c'.repeat(50), 'd'.repeat(500), 'e'];
    const progress: [number, number][] = [];
    const result = await embedInBatches(texts, {
      provider: counting,
      model: 'm',
      batchSize: 3,
      maxBatchChars: 200,
      onProgress: (done, total) => progress.push([done, total]),
    });
    expect(sizes).toEqual([3, 1, 1]);
    expect(result.requests).toBe(3);
    expect(
      result.vectors.map((vector) => cosineSimilarity(vector, hashedEmbedding(texts[result.vectors.indexOf(vector)]!))),
    ).toEqual(texts.map(() => expect.closeTo(1, 6)));
    expect(progress).toEqual([
      [0, 5],
      [3, 5],
      [4, 5],
      [5, 5],
    ]);
  });

  it('reads WordprocessingML details: entities, tabs, breaks, split runs; skips deleted text and field codes', () => {
    const xml =
      '<w:document xmlns:w="x"><w:body>' +
      '<w:p><w:r><w:t>Fish &amp; chips</w:t></w:r><w:r><w:tab/><w:t xml:space="preserve"> 12&#8364;</w:t></w:r></w:p>' +
      '<w:p><w:r><w:t>Bon</w:t></w:r><w:r><w:t>jour</w:t></w:r><w:r><w:br/><w:t>ligne 2</w:t></w:r></w:p>' +
      '<w:p><w:del><w:r><w:delText>removed</w:delText></w:r></w:del><w:r><w:instrText>PAGE</w:instrText><w:t>kept</w:t></w:r></w:p>' +
      '<w:p><w:r><w:t/></w:r></w:p>' +
      '</w:body></w:document>';
    expect(wordXmlToText(xml)).toBe('Fish & chips\t 12€\nBonjour\nligne 2\nkept\n\n');
  });
});
