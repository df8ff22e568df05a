import { describe, expect, it } from 'vitest';
import { KNOWLEDGE_MAX_BYTES, checkKnowledgeFile, formatFileSize, splitDuplicateFiles } from './knowledgeFiles.ts';

describe('knowledge file checks', () => {
  it.each([
    ['menu.pdf', 'application/pdf'],
    ['Tarifs.CSV', 'text/csv'],
    ['notes.txt', 'text/plain'],
    ['guide.docx', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'],
  ])('accepts %s and sends it as %s', (name, contentType) => {
    expect(checkKnowledgeFile({ name, size: 100 })).toEqual({ ok: true, format: expect.any(String), contentType });
  });

  it.each(['photo.png', 'old.doc', 'archive.zip', 'noextension', 'pdf'])('refuses %s', (name) => {
    expect(checkKnowledgeFile({ name, size: 100 })).toEqual({ ok: false, reason: 'unsupportedType' });
  });

  it('refuses files over 10 MB and empty files, accepts exactly 10 MB', () => {
    expect(checkKnowledgeFile({ name: 'a.pdf', size: KNOWLEDGE_MAX_BYTES + 1 })).toEqual({
      ok: false,
      reason: 'tooLarge',
    });
    expect(checkKnowledgeFile({ name: 'a.pdf', size: 0 })).toEqual({ ok: false, reason: 'empty' });
    expect(checkKnowledgeFile({ name: 'a.pdf', size: KNOWLEDGE_MAX_BYTES }).ok).toBe(true);
  });
});

describe('file sizes', () => {
  it('formats in the interface language', () => {
    expect(formatFileSize(1536, 'en')).toBe('1.5 KB');
    expect(formatFileSize(2.5 * 1024 * 1024, 'fr')).toBe('2,5 Mo');
    expect(formatFileSize(null, 'en')).toBe('');
  });
});

describe('splitDuplicateFiles', () => {
  const file = (name: string) => ({ name });
  it('asks about names the agent already has, ignoring case and spaces', () => {
    const { fresh, duplicates } = splitDuplicateFiles([file('Menu.pdf'), file('hours.txt')], [' menu.PDF']);
    expect(fresh.map((f) => f.name)).toEqual(['hours.txt']);
    expect(duplicates.map((f) => f.name)).toEqual(['Menu.pdf']);
  });
  it('asks about the second copy within one selection', () => {
    const { fresh, duplicates } = splitDuplicateFiles([file('a.txt'), file('A.txt')], []);
    expect(fresh.map((f) => f.name)).toEqual(['a.txt']);
    expect(duplicates.map((f) => f.name)).toEqual(['A.txt']);
  });
});
