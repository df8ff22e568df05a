import { describe, expect, it, vi } from 'vitest';
import { DEFAULT_BRANDING } from '../api/branding.ts';
import { scopeCustomCss } from './customCss.ts';
import { shareLink } from './share.ts';
import { visibleTabs } from './tabs.ts';
import { brandingStyle, readableOn } from './theme.ts';

describe('visibleTabs', () => {
  it('shows Media and Videos only when the agent has some', () => {
    expect(visibleTabs(DEFAULT_BRANDING)).toEqual(['home', 'about']);
    expect(visibleTabs({ images: [{ url: 'https://x/1.png' }], videos: [] })).toEqual(['home', 'about', 'media']);
    expect(visibleTabs({ images: [], videos: [{ videoId: 'dQw4w9WgXcQ' }] })).toEqual(['home', 'about', 'videos']);
  });
});

describe('scopeCustomCss', () => {
  it('nests the owner CSS under the page root', () => {
    expect(scopeCustomCss('body { color: red } .agent__title { font-size: 3rem }')).toBe(
      '.agent-site {\nbody { color: red } .agent__title { font-size: 3rem }\n}',
    );
  });

  it('refuses CSS that would close the wrapper early or hide an escape in comments', () => {
    expect(scopeCustomCss('} body { display: none } .x {')).toBe('');
    expect(scopeCustomCss('.a { color: red }}')).toBe('');
    expect(scopeCustomCss('.a { color: red')).toBe('');
    expect(scopeCustomCss('.a { content: "unterminated }')).toBe('');
    expect(scopeCustomCss('/* never closed } */ }')).toBe('');
  });

  it('keeps braces inside strings and drops comments', () => {
    expect(scopeCustomCss('.a::after { content: "}" } /* } */')).toBe('.agent-site {\n.a::after { content: "}" }\n}');
  });

  it('drops @import and refuses markup', () => {
    expect(scopeCustomCss('@import url(https://evil.example/x.css); .a { color: red }')).toBe(
      '.agent-site {\n.a { color: red }\n}',
    );
    expect(scopeCustomCss('</style><script>alert(1)</script>')).toBe('');
    expect(scopeCustomCss('')).toBe('');
    expect(scopeCustomCss(undefined)).toBe('');
    expect(scopeCustomCss('a'.repeat(20_001))).toBe('');
  });
});

describe('shareLink', () => {
  const data = { url: 'https://demo.example.com/', title: 'Demo' };

  it('uses the native share sheet when present', async () => {
    const share = vi.fn(async () => {});
    await expect(shareLink({ share }, data)).resolves.toBe('shared');
    expect(share).toHaveBeenCalledWith(data);
  });

  it('treats a dismissed share sheet as cancelled, not as a failure', async () => {
    const share = async () => Promise.reject(new DOMException('dismissed', 'AbortError'));
    const writeText = vi.fn(async () => {});
    await expect(shareLink({ share, clipboard: { writeText } }, data)).resolves.toBe('cancelled');
    expect(writeText).not.toHaveBeenCalled();
  });

  it('copies the link when there is no share sheet or it fails', async () => {
    const writeText = vi.fn(async () => {});
    await expect(shareLink({ clipboard: { writeText } }, data)).resolves.toBe('copied');
    expect(writeText).toHaveBeenCalledWith(data.url);
    const broken = async () => Promise.reject(new DOMException('no', 'NotAllowedError'));
    await expect(shareLink({ share: broken, clipboard: { writeText } }, data)).resolves.toBe('copied');
  });

  it('reports a failure when nothing works', async () => {
    await expect(shareLink({}, data)).resolves.toBe('failed');
    await expect(
      shareLink({ clipboard: { writeText: async () => Promise.reject(new Error('denied')) } }, data),
    ).resolves.toBe('failed');
  });
});

describe('branding theme', () => {
  it('picks readable text on the brand colour', () => {
    expect(readableOn('#000000')).toBe('#ffffff');
    expect(readableOn('#6366f1')).toBe('#ffffff');
    expect(readableOn('#fde047')).toBe('#111827');
  });

  it('exposes colours and the font stack as CSS variables', () => {
    expect(brandingStyle({ primaryColor: '#ffffff', secondaryColor: '#000000', fontFamily: 'open-sans' })).toEqual({
      '--brand': '#ffffff',
      '--brand-ink': '#111827',
      '--brand-2': '#000000',
      '--font': "'Open Sans', system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif",
    });
  });
});
