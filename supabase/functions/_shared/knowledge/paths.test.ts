import { describe, expect, it } from 'vitest';
import { isOwnKnowledgePath, knowledgeStoragePath, parseKnowledgePath } from './paths.ts';

const owner = { userId: 'u-1', agentId: 'a-1' };

describe('knowledge paths', () => {
  it('parses {user}/{agent}/{file}', () => {
    expect(parseKnowledgePath('u-1/a-1/menu.pdf')).toEqual({ userId: 'u-1', agentId: 'a-1', fileName: 'menu.pdf' });
  });

  it.each([
    'u-1/a-1',
    'u-1/a-1/sub/menu.pdf',
    'u-1//menu.pdf',
    '/a-1/menu.pdf',
    'u-1/a-1/',
    'u-1/a-1/.env',
    'u-1/../menu.pdf',
  ])('refuses the malformed path %s', (path) => {
    expect(parseKnowledgePath(path)).toBeNull();
    expect(isOwnKnowledgePath(path, owner)).toBe(false);
  });

  it("accepts the owner's agent folder only", () => {
    expect(isOwnKnowledgePath('u-1/a-1/menu.pdf', owner)).toBe(true);
    expect(isOwnKnowledgePath('u-2/a-1/menu.pdf', owner)).toBe(false);
    expect(isOwnKnowledgePath('u-1/a-2/menu.pdf', owner)).toBe(false);
  });

  it('names a new upload in the owner/agent folder with a timestamped safe name', () => {
    expect(knowledgeStoragePath('u-1', 'a-1', 'Carte des vins été 2026.pdf', 42)).toBe(
      'u-1/a-1/42-Carte_des_vins_ete_2026.pdf',
    );
    expect(knowledgeStoragePath('u-1', 'a-1', '../../etc/passwd.txt', 1)).toBe('u-1/a-1/1-etc_passwd.txt');
    expect(knowledgeStoragePath('u-1', 'a-1', '日本.txt', 1)).toBe('u-1/a-1/1-txt');
    expect(isOwnKnowledgePath(knowledgeStoragePath('u-1', 'a-1', '...'), owner)).toBe(true);
  });
});
