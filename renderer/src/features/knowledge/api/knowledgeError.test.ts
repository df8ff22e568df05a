import { describe, expect, it } from 'vitest';
import { ERROR_CODES } from '@contracts/errors.ts';
import { knowledgeEn } from '../locales/en.ts';
import { knowledgeFr } from '../locales/fr.ts';
import { KnowledgeError } from './knowledgeError.ts';

/** The codes the knowledge-ingest function answers upload failures with (contracts/errors.ts). */
const INGEST_CODES = [
  'file_not_found',
  'document_not_found',
  'invalid_path',
  'file_too_large',
  'empty_file',
  'unsupported_file_type',
  'file_type_mismatch',
  'file_content_mismatch',
  'unreadable_file',
  'no_text',
  'no_file',
  'already_ingested',
  'already_processing',
  'provider_error',
  'ingestion_failed',
  'upload_interrupted',
  'upload_not_pending',
  'upload_not_retryable',
] as const;

describe('upload failures reach the owner in their language', () => {
  it('every code knowledge-ingest answers is a contract code worded in English and in French', () => {
    for (const code of INGEST_CODES) {
      expect(ERROR_CODES).toContain(code);
      expect(knowledgeEn.serverErrors[code]).toBeTruthy();
      expect(knowledgeFr.serverErrors[code]).toBeTruthy();
      expect(knowledgeFr.serverErrors[code]).not.toBe(knowledgeEn.serverErrors[code]);
    }
    expect(Object.keys(knowledgeEn.serverErrors).sort()).toEqual([...INGEST_CODES].sort());
  });

  it('a failure keeps the server’s code, whose wording key wins over its English sentence', () => {
    const failure = new KnowledgeError('processingFailed', { file: 'scan.pdf' }, 'No text was found.', 'no_text');
    expect(failure.reasonKey).toBe('knowledge:serverErrors.no_text');
    expect(new KnowledgeError('uploadFailed').reasonKey).toBeUndefined();
  });
});
