import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { mimeTypeFor, resolveAppRequest } from './appPaths.ts';

const root = path.resolve('/opt/concierge/dist/renderer');
const index = path.join(root, 'index.html');

describe('resolveAppRequest', () => {
  it('serves index.html at the root', () => {
    expect(resolveAppRequest('app://concierge/', root)).toEqual({ kind: 'file', filePath: index, spaFallback: false });
  });

  it('serves built assets', () => {
    expect(resolveAppRequest('app://concierge/assets/index-abc.js', root)).toEqual({
      kind: 'file',
      filePath: path.join(root, 'assets', 'index-abc.js'),
      spaFallback: false,
    });
  });

  it('falls back to index.html for client routes', () => {
    expect(resolveAppRequest('app://concierge/agents/42/dashboard?tab=1', root)).toEqual({
      kind: 'file',
      filePath: index,
      spaFallback: true,
    });
  });

  it('answers the runtime config from memory', () => {
    expect(resolveAppRequest('app://concierge/concierge.config.json', root)).toEqual({ kind: 'runtime-config' });
  });

  it.each([
    'app://concierge/..%2f..%2fetc/passwd',
    'app://concierge/assets/..%5c..%5csecret.txt',
    'app://concierge/a%00.js',
    'app://concierge/%E0%A4%A',
    'app://evil/index.html',
    'https://concierge/index.html',
  ])('refuses %s', (url) => {
    expect(resolveAppRequest(url, root).kind).toBe('forbidden');
  });

  it.each([
    'app://concierge/../../etc/passwd.txt',
    'app://concierge/%2e%2e/%2e%2e/etc/passwd',
    'app://concierge/assets/%2e%2e/%2e%2e/secret.txt',
    'app://concierge/assets/.%2e/.%2e/.%2e/secret.txt',
  ])('never resolves %s outside the root', (url) => {
    // The URL parser collapses (even percent-encoded) dot segments at the root before we see the
    // path; whatever is left must either be refused or stay inside the root.
    const target = resolveAppRequest(url, root);
    if (target.kind === 'file') expect(target.filePath.startsWith(root + path.sep)).toBe(true);
    else expect(target.kind).toBe('forbidden');
  });
});

describe('mimeTypeFor', () => {
  it('knows the renderer build types', () => {
    expect(mimeTypeFor('/x/index.html')).toMatch(/text\/html/);
    expect(mimeTypeFor('/x/a.JS')).toMatch(/javascript/);
    expect(mimeTypeFor('/x/a.woff2')).toBe('font/woff2');
    expect(mimeTypeFor('/x/a.unknown')).toBe('application/octet-stream');
  });
});
