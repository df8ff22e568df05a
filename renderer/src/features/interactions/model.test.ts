import { describe, expect, it } from 'vitest';
import {
  addOrOpen,
  checkDocumentFile,
  diffInteractions,
  interactionIssues,
  newInteraction,
  orphanedDocuments,
  sameList,
  type Interaction,
} from './model.ts';

const ids = () => {
  let n = 0;
  return () => `id-${++n}`;
};

describe('new interactions', () => {
  it('start enabled with one empty instruction and a channel', () => {
    const created = newInteraction('share_url', ids(), 0);
    expect(created).toMatchObject({ enabled: true, instructions: [{ value: '' }] });
    expect(created.instructions).toHaveLength(1);
    expect(interactionIssues(created)).toEqual([]);
  });

  it('adding an existing type opens it instead of adding another', () => {
    const makeId = ids();
    const first = addOrOpen([], 'share_url', makeId);
    expect(first.list).toHaveLength(1);
    const again = addOrOpen(first.list, 'share_url', makeId);
    expect(again.list).toBe(first.list);
    expect(again.openId).toBe(first.openId);
    expect(addOrOpen(first.list, 'share_document', makeId).list).toHaveLength(2);
  });
});

describe('validation', () => {
  it('needs a channel while enabled and a http(s) URL once one is typed', () => {
    const url = newInteraction('share_url', ids(), 0) as Extract<Interaction, { type: 'share_url' }>;
    const noChannel = { ...url, config: { ...url.config, send_url_email: false } };
    expect(interactionIssues(noChannel)).toEqual(['channel']);
    expect(interactionIssues({ ...noChannel, enabled: false })).toEqual([]);
    expect(interactionIssues({ ...url, config: { ...url.config, url: 'ftp://x.example' } })).toEqual(['url']);
    expect(interactionIssues({ ...url, config: { ...url.config, url: 'https://x.example/menu?a=1' } })).toEqual([]);
  });

  it('accepts PDF, Word, text and image documents up to 10 MB', () => {
    expect(checkDocumentFile({ name: 'Menu.PDF', size: 100 })).toMatchObject({
      ok: true,
      contentType: 'application/pdf',
    });
    expect(checkDocumentFile({ name: 'photo.jpg', size: 10 * 1024 * 1024 })).toMatchObject({ ok: true });
    expect(checkDocumentFile({ name: 'data.csv', size: 10 })).toEqual({ ok: false, reason: 'type' });
    expect(checkDocumentFile({ name: 'noext', size: 10 })).toEqual({ ok: false, reason: 'type' });
    expect(checkDocumentFile({ name: 'big.pdf', size: 10 * 1024 * 1024 + 1 })).toEqual({ ok: false, reason: 'size' });
  });
});

describe('diff', () => {
  it('finds inserts, updates and deletes by id, ignoring config key order', () => {
    const makeId = ids();
    const a = newInteraction('share_url', makeId, 0) as Extract<Interaction, { type: 'share_url' }>;
    const b = newInteraction('share_document', makeId, 1);
    const reordered: Interaction = {
      ...a,
      config: JSON.parse(JSON.stringify(a.config, Object.keys(a.config).reverse())) as typeof a.config,
    };
    expect(sameList([a], [reordered])).toBe(true);
    const renamed = { ...a, name: 'Menu' };
    expect(diffInteractions([a, b], [renamed])).toEqual({ inserts: [], updates: [renamed], deletes: [b.id] });
    expect(diffInteractions([], [a])).toEqual({ inserts: [a], updates: [], deletes: [] });
  });
});

describe('orphaned documents', () => {
  it('lists files of deleted or replaced documents only', () => {
    const doc = newInteraction('share_document', ids(), 0) as Extract<Interaction, { type: 'share_document' }>;
    const withFile = { ...doc, config: { ...doc.config, storage_path: 'u/a/interactions/1-a.pdf' } };
    const replaced = { ...doc, config: { ...doc.config, storage_path: 'u/a/interactions/2-b.pdf' } };
    expect(orphanedDocuments([withFile], [withFile])).toEqual([]);
    expect(orphanedDocuments([withFile], [replaced])).toEqual(['u/a/interactions/1-a.pdf']);
    expect(orphanedDocuments([withFile], [])).toEqual(['u/a/interactions/1-a.pdf']);
    expect(orphanedDocuments([], [replaced])).toEqual([]);
  });
});
