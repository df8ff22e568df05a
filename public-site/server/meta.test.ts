import { describe, expect, it } from 'vitest';
import { parsePublicAgent } from '../src/api/publicAgent.ts';
import { escapeHtml, injectAgentMeta, renderAgentIndex } from './meta.ts';

// The real template, through Vite's raw import (public-site code may not import Node built-ins).
import template from '../index.html?raw';

function agent(branding: Record<string, unknown> = {}, extra: Record<string, unknown> = {}) {
  const parsed = parsePublicAgent({
    name: 'Clara',
    subdomain: 'demo',
    company_name: 'Le Petit Bistrot',
    branding,
    ...extra,
  });
  if (!parsed) throw new Error('fixture');
  return parsed;
}

function head(html: string): string {
  return html.slice(0, html.indexOf('</head>'));
}

describe('injectAgentMeta', () => {
  it('writes the agent title, description, canonical, Open Graph and Twitter tags once', () => {
    const html = injectAgentMeta(
      template,
      agent(
        {
          primary_color: '#112233',
          meta_title: 'Le Petit Bistrot - book a table',
          meta_description: 'Seasonal French cooking.',
          og_title: 'Le Petit Bistrot',
          twitter_description: 'Tweet text',
        },
        { avatar_url: 'https://cdn.example.com/clara.png' },
      ),
      'http://demo.localhost:5181/some/path?x=1',
    );
    const h = head(html);
    expect(h.match(/<title>/g)).toHaveLength(1);
    expect(h).toContain('<title>Le Petit Bistrot - book a table</title>');
    expect(h).toContain('<meta name="description" content="Seasonal French cooking." />');
    expect(h).toContain('<link rel="canonical" href="http://demo.localhost:5181/" />');
    expect(h).toContain('<meta property="og:title" content="Le Petit Bistrot" />');
    expect(h).toContain('<meta property="og:description" content="Seasonal French cooking." />');
    expect(h).toContain('<meta property="og:url" content="http://demo.localhost:5181/" />');
    expect(h).toContain('<meta property="og:image" content="https://cdn.example.com/clara.png" />');
    expect(h).toContain('<meta property="og:site_name" content="Le Petit Bistrot" />');
    expect(h).toContain('<meta name="twitter:title" content="Le Petit Bistrot" />');
    expect(h).toContain('<meta name="twitter:description" content="Tweet text" />');
    expect(h.match(/name="theme-color"/g)).toHaveLength(1);
    expect(h).toContain('<meta name="theme-color" content="#112233" />');
    // The app still boots.
    expect(html).toContain('<div id="root"></div>');
  });

  it('falls back to the name and hero texts when no SEO fields are set', () => {
    const h = head(
      injectAgentMeta(
        template,
        agent({ hero_title: 'Your host', hero_subtitle: 'Book a table' }),
        'https://demo.agents.example.com/',
      ),
    );
    expect(h).toContain('<title>Clara - Your host</title>');
    expect(h).toContain('<meta name="description" content="Book a table" />');
    expect(h).toContain('<meta name="twitter:title" content="Clara - Your host" />');
    expect(h).not.toContain('og:image');
  });

  it('escapes every agent-provided value', () => {
    const h = head(
      injectAgentMeta(
        template,
        agent({ meta_title: '</title><script>alert(1)</script>', meta_description: '" onload="x' }),
        'https://demo.example.com/',
      ),
    );
    expect(h).not.toContain('<script>alert(1)</script>');
    // Markup in texts is dropped (these are plain-text snippets), and what is left is escaped.
    expect(h).toContain('<title>alert(1)</title>');
    const amp = head(
      injectAgentMeta(template, agent({ meta_title: 'Fish & "chips" 1 < 2' }), 'https://demo.example.com/'),
    );
    expect(amp).toContain('<title>Fish &amp; &quot;chips&quot; 1 &lt; 2</title>');
    expect(h).toContain('content="&quot; onload=&quot;x"');
  });

  it('marks unknown agents noindex with the not-found title', () => {
    const h = head(injectAgentMeta(template, null, 'http://nope.localhost/'));
    expect(h).toContain('<title>Agent Not Found</title>');
    expect(h).toContain('<meta name="robots" content="noindex" />');
    expect(h).not.toContain('og:title');
  });

  it('writes no tracking script into the page: trackers wait for consent, only named for the CSP', () => {
    const page = renderAgentIndex(
      template,
      agent({
        integrations: {
          google_analytics: { enabled: true, value: 'G-ABCDEF1234' },
          google_tag_manager: { enabled: false, value: 'GTM-ABC123' },
          meta_pixel: { enabled: true, value: '1234567890' },
        },
      }),
      'https://d.example.com/',
    );
    expect(page.trackers).toEqual(['googleAnalytics', 'metaPixel']);
    expect(page.status).toBe(200);
    expect(page.html).not.toContain('googletagmanager');
    expect(page.html).not.toContain('fbq(');
  });

  it('answers 404 for an unknown agent', () => {
    expect(renderAgentIndex(template, null, 'http://nope.localhost/')).toMatchObject({ status: 404, trackers: [] });
  });

  it('escapeHtml covers the five special characters', () => {
    expect(escapeHtml(`<a href="x" title='y'>&</a>`)).toBe(
      '&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;&amp;&lt;/a&gt;',
    );
  });
});
