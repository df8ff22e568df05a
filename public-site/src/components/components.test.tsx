import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { I18nProvider } from '../i18n/I18n.tsx';
import type { Locale } from '../i18n/translate.ts';
import { DEFAULT_BRANDING } from '../api/branding.ts';
import MediaTab from '../site/MediaTab.tsx';
import { VideosTab } from '../site/VideosTab.tsx';
import { AgentHeader } from './AgentHeader.tsx';
import { AgentNotFound } from './AgentNotFound.tsx';
import { LoadingScreen } from './LoadingScreen.tsx';

function render(node: ReactNode, locale: Locale = 'en'): string {
  return renderToStaticMarkup(<I18nProvider locale={locale}>{node}</I18nProvider>);
}

describe('AgentHeader', () => {
  it('falls back to the default hero title and the initial as avatar', () => {
    const html = render(<AgentHeader agent={{ name: 'riad Atlas', subdomain: 'riad', branding: DEFAULT_BRANDING }} />);
    expect(html).toContain('<h1 class="agent__title">AI Assistant</h1>');
    expect(html).toContain('>R</div>');
    expect(html).toContain('Available 24/7');
    expect(html).not.toContain('agent__subtitle');
    expect(html).not.toContain('open-chat');
  });

  it('says the name once when the hero title is the name (its default)', () => {
    const html = render(
      <AgentHeader
        agent={{ name: 'Ada assistant', subdomain: 'ada', heroTitle: 'Ada assistant', branding: DEFAULT_BRANDING }}
      />,
    );
    expect(html).toContain('<h1 class="agent__title">Ada assistant</h1>');
    expect(html).not.toContain('agent__name');
  });

  it('offers AI Chat and AI Call when the page wires them', () => {
    const html = render(
      <AgentHeader
        agent={{ name: 'Riad', subdomain: 'riad', branding: DEFAULT_BRANDING }}
        onChat={() => {}}
        onCall={() => {}}
      />,
      'fr',
    );
    expect(html).toContain('Chat IA');
    expect(html).toContain('Appel IA');
  });

  it('shows the agent branding texts and avatar', () => {
    const html = render(
      <AgentHeader
        agent={{
          name: 'Riad',
          subdomain: 'riad',
          avatarUrl: 'https://cdn.example.com/a.png',
          heroTitle: 'Welcome',
          heroSubtitle: 'We answer',
          branding: DEFAULT_BRANDING,
        }}
      />,
      'fr',
    );
    expect(html).toContain('src="https://cdn.example.com/a.png"');
    expect(html).toContain('alt="Avatar de Riad"');
    expect(html).toContain('>Welcome</h1>');
    expect(html).toContain('>We answer</p>');
    expect(html).toContain('Disponible 24h/24, 7j/7');
  });

  it('escapes agent-provided text', () => {
    const html = render(
      <AgentHeader agent={{ name: '<img src=x onerror=alert(1)>', subdomain: 'x', branding: DEFAULT_BRANDING }} />,
    );
    expect(html).not.toContain('<img src=x');
  });
});

describe('AgentNotFound and LoadingScreen', () => {
  it('say Agent Not Found and Loading in the visitor language', () => {
    expect(render(<AgentNotFound />)).toContain('Agent Not Found');
    expect(render(<AgentNotFound />, 'fr')).toContain('Agent introuvable');
    expect(render(<LoadingScreen />, 'fr')).toContain('aria-label="Chargement…"');
  });
});

describe('MediaTab and VideosTab', () => {
  it('puts album images under their album name, content images first without one', () => {
    const html = render(
      <MediaTab
        images={[
          { url: 'https://cdn.example.com/0.jpg', caption: 'Terrace' },
          { url: 'https://cdn.example.com/1.jpg', album: 'Desserts' },
          { url: 'https://cdn.example.com/2.jpg', album: 'Desserts' },
          { url: 'https://cdn.example.com/3.jpg', album: 'Kitchen' },
        ]}
      />,
    );
    expect([...html.matchAll(/<h2 class="media-album__name">([^<]*)<\/h2>/g)].map((m) => m[1])).toEqual([
      'Desserts',
      'Kitchen',
    ]);
    expect(html.indexOf('0.jpg')).toBeLessThan(html.indexOf('Desserts'));
    // The viewer numbering runs across albums.
    expect(html).toContain('aria-label="Open image 4"');
  });

  it('shows a video’s channel under its title', () => {
    const html = render(<VideosTab videos={[{ videoId: 'dQw4w9WgXcQ', title: 'Our bakery', author: 'Fournil' }]} />);
    expect(html).toContain('<p class="videos__title">Our bakery</p><p class="videos__author">Fournil</p>');
  });
});
