import { describe, expect, it } from 'vitest';
import { requestedPath, sectionAnchors } from './sections.ts';

describe('landing sections', () => {
  it('has its five anchors in order', () => {
    expect(sectionAnchors).toEqual(['features', 'industries', 'integrations', 'pricing', 'enterprise']);
  });

  it('passes on only an in-app requested path', () => {
    expect(requestedPath({ from: '/credits' })).toBe('/credits');
    expect(requestedPath({ from: '//evil.example' })).toBeUndefined();
    expect(requestedPath({ from: 'https://evil.example' })).toBeUndefined();
    expect(requestedPath(null)).toBeUndefined();
  });
});
