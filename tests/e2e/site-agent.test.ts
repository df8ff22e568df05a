import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, BrowserContext, Page, Route } from 'playwright-core';
import { encodeSseEvent, type AgentChatEvent } from '../../supabase/functions/_shared/contracts/conversation-events.ts';
import { AgentSitePage } from './pages/AgentSitePage.ts';
import { DESKTOP, PHONE, launchBrowser, screenshot, type Viewport } from './support/browser.ts';
import { watchCspViolations } from './support/csp.ts';
import { startOwnerSite, type OwnerSite } from './support/owner-site.ts';

/**
 * The seeded demo agent's public page (subdomain `demo`) in Chromium against the product as
 * `npm start` serves it: Home, tabs, QR, share, the head crawlers read, and the chat.
 */
const product = inject('product');
const DEMO_AGENT_ID = 'a0000000-0000-4000-8000-000000000001';
const DEMO_OWNER_ID = 'd0000000-0000-4000-8000-000000000001';

let browser: Browser;

async function open(
  viewport: Viewport = PHONE,
  locale = 'en-US',
): Promise<{ context: BrowserContext; site: AgentSitePage }> {
  const context = await browser.newContext({
    viewport,
    locale,
    ...(viewport === PHONE ? { isMobile: true, hasTouch: true } : {}),
  });
  const site = new AgentSitePage(await context.newPage(), product.publicSiteUrl);
  await site.openAgent('demo');
  return { context, site };
}

async function serviceInsert(table: string, row: Record<string, unknown>): Promise<{ id: string }> {
  const res = await fetch(`${product.apiUrl}/rest/v1/${table}`, {
    method: 'POST',
    headers: {
      apikey: product.serviceRoleKey,
      authorization: `Bearer ${product.serviceRoleKey}`,
      'content-type': 'application/json',
      prefer: 'return=representation',
    },
    body: JSON.stringify(row),
  });
  if (!res.ok) throw new Error(`insert into ${table}: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { id: string }[])[0]!;
}

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

describe('demo agent page', () => {
  it('renders Home with name, hero title, availability and the two actions; tabs switch', async () => {
    const { context, site } = await open();
    await expect(site.agentName.textContent()).resolves.toBe('Clara');
    await expect(site.heroTitle.textContent()).resolves.toBe('Clara, your table at Le Petit Bistrot');
    await expect(site.availability.textContent()).resolves.toBe('Available 24/7');
    await expect(site.page.title()).resolves.toBe('Le Petit Bistrot - book a table with Clara');
    // The demo has no images or videos: only Home and About.
    await expect(site.visibleTabs()).resolves.toEqual(['home', 'about']);
    await screenshot(site.page, 'site-home-375');
    await site.openTab('about');
    await expect(site.aboutText.textContent()).resolves.toContain('Le Petit Bistrot serves seasonal French cooking');
    await screenshot(site.page, 'site-about-375');
    await site.openTab('home');
    await expect(site.heroTitle.isVisible()).resolves.toBe(true);
    await expect(site.overflowsHorizontally()).resolves.toBe(false);
    await context.close();
  });

  it('speaks French to a French browser', async () => {
    const { context, site } = await open(PHONE, 'fr-FR');
    await expect(site.availability.textContent()).resolves.toBe('Disponible 24h/24, 7j/7');
    await expect(site.tab('about').textContent()).resolves.toBe('À propos');
    await context.close();
  });

  it('opens the QR dialog with a 200 px code of the page address', async () => {
    const { context, site } = await open(DESKTOP);
    await screenshot(site.page, 'site-home-desktop');
    const dialog = await site.openQr();
    await expect(dialog.getByRole('heading').textContent()).resolves.toBe('Scan QR Code');
    const box = await dialog.getByTestId('qr-code').boundingBox();
    expect(box?.width).toBe(200);
    await expect(dialog.getByTestId('qr-code').getAttribute('aria-label')).resolves.toContain(
      product.publicSiteUrl.replace('{agent}', 'demo'),
    );
    await screenshot(site.page, 'site-qr-desktop');
    await site.closeQr();
    await context.close();
  });

  it('copies the link and says so when the browser has no share sheet', async () => {
    const { context, site } = await open(DESKTOP);
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], {
      origin: new URL(site.urlFor('demo')).origin,
    });
    await site.page.evaluate(() => {
      // Headless desktop Chromium may expose navigator.share; the copy path is what is tested here.
      Object.defineProperty(navigator, 'share', { value: undefined, configurable: true });
    });
    await site.share();
    await expect(site.toast.textContent()).resolves.toBe('Link copied!');
    await expect(site.page.evaluate(() => navigator.clipboard.readText())).resolves.toBe(site.urlFor('demo'));
    await context.close();
  });

  it('explains on AI Call that voice is unavailable without a realtime provider (the local product has no OpenAI key)', async () => {
    const { context, site } = await open();
    const dialog = await site.openCall();
    await expect(dialog.getByRole('heading').textContent()).resolves.toBe('Voice calls unavailable');
    await expect(dialog.locator('.dialog__text').textContent()).resolves.toContain('no voice provider is configured');
    await context.close();
  });

  it('serves the agent head to crawlers (no JavaScript)', async () => {
    const url = product.publicSiteUrl.replace('{agent}', 'demo');
    const port = new URL(url).port;
    // Node's fetch cannot set Host; http.get can, which is what a crawler's request looks like.
    const http = await import('node:http');
    const html = await new Promise<string>((resolve, reject) => {
      http
        .get({ host: '127.0.0.1', port, path: '/', headers: { host: `demo.localhost:${port}` } }, (res) => {
          let body = '';
          res.setEncoding('utf8');
          res.on('data', (c: string) => (body += c));
          res.on('end', () => resolve(body));
        })
        .on('error', reject);
    });
    expect(html).toContain('<title>Le Petit Bistrot - book a table with Clara</title>');
    expect(html).toContain('<meta property="og:title" content="Le Petit Bistrot" />');
    expect(html).toContain('<meta name="twitter:description" content="Seasonal French cooking in Paris 11e." />');
    expect(html).toContain(`<link rel="canonical" href="http://demo.localhost:${port}/" />`);
  });
});

describe('media, videos and branding', () => {
  /** The demo agent as public_agent returns it, plus images, a video, colours and custom CSS. */
  async function openDressedDemo(viewport: Viewport): Promise<{ context: BrowserContext; site: AgentSitePage }> {
    const context = await browser.newContext({ viewport, locale: 'en-US' });
    const page = await context.newPage();
    const swatch = (fill: string) =>
      `<svg xmlns="http://www.w3.org/2000/svg" width="600" height="400"><rect width="600" height="400" fill="${fill}"/></svg>`;
    await page.route('https://images.example.test/**', (route) =>
      route.fulfill({
        status: 200,
        contentType: 'image/svg+xml',
        body: swatch(route.request().url().includes('1') ? '#f59e0b' : '#10b981'),
      }),
    );
    await page.route('https://www.youtube-nocookie.com/**', (route) =>
      route.fulfill({ status: 200, contentType: 'text/html', body: '<body style="background:#000"></body>' }),
    );
    await page.route('**/rest/v1/rpc/public_agent', async (route) => {
      const response = await route.fetch();
      const agent = (await response.json()) as { branding: Record<string, unknown> };
      agent.branding = {
        ...agent.branding,
        primary_color: '#0f766e',
        font_family: 'poppins',
        content_images: [
          { url: 'https://images.example.test/1.svg', caption: 'The terrace' },
          { url: 'https://images.example.test/2.svg', caption: 'Our kitchen' },
        ],
        youtube_videos: [{ url: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ', title: 'A day at the bistro' }],
        custom_css: '.agent__title { letter-spacing: 0.05em } body { display: none }',
      };
      await route.fulfill({ response, json: agent });
    });
    const site = new AgentSitePage(page, product.publicSiteUrl);
    await site.openAgent('demo');
    return { context, site };
  }

  it('shows Media and Videos tabs, opens and closes the full-screen viewer, applies branding within the page only', async () => {
    const { context, site } = await openDressedDemo(PHONE);
    await expect(site.visibleTabs()).resolves.toEqual(['home', 'about', 'media', 'videos']);
    // Custom CSS reaches the page's own elements but a rule aimed at <body> does not escape it.
    await expect(site.heroTitle.evaluate((el) => getComputedStyle(el).letterSpacing)).resolves.not.toBe('normal');
    await expect(site.page.evaluate(() => getComputedStyle(document.body).display)).resolves.toBe('block');
    await expect(site.page.locator('.topbar').evaluate((el) => getComputedStyle(el).backgroundColor)).resolves.toBe(
      'rgb(15, 118, 110)',
    );
    await site.openTab('media');
    await expect(site.page.getByTestId('media-item').count()).resolves.toBe(2);
    await expect(site.page.locator('.media-grid__caption').first().textContent()).resolves.toBe('The terrace');
    await site.page.getByTestId('media-item').first().click();
    const viewer = site.page.getByTestId('media-viewer');
    await viewer.locator('figcaption').getByText('The terrace').waitFor();
    await screenshot(site.page, 'site-media-viewer-375');
    await site.page.getByTestId('media-close').click();
    await viewer.waitFor({ state: 'detached' });
    await site.openTab('videos');
    await expect(site.page.locator('[data-testid="videos-tab"] iframe').getAttribute('src')).resolves.toBe(
      'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ',
    );
    await screenshot(site.page, 'site-videos-375');
    await context.close();
  });
});

describe('demo agent voice call (stubbed WebRTC and voice-session)', () => {
  it('goes Start Call → Connecting → Call in Progress with Recording → ended, carrying audio only', async () => {
    const context = await browser.newContext({ viewport: PHONE, locale: 'en-US', isMobile: true, hasTouch: true });
    const page = await context.newPage();
    // A stand-in for the browser's WebRTC: the data channel opens once the answer is set, and the
    // "model" then speaks one line and hears one line (the page keeps neither: the server does).
    await page.addInitScript(() => {
      const w = window as unknown as Record<string, unknown>;
      w.__sentOnChannel = [] as string[];
      class FakeChannel {
        readyState = 'connecting';
        onopen: (() => void) | null = null;
        onmessage: ((e: { data: string }) => void) | null = null;
        send(data: string) {
          (w.__sentOnChannel as string[]).push(data);
        }
        close() {
          this.readyState = 'closed';
        }
      }
      // Two tones stand in for the visitor's microphone and the agent's voice.
      const tone = (hz: number) => {
        const ctx = new AudioContext();
        const osc = ctx.createOscillator();
        osc.frequency.value = hz;
        const out = ctx.createMediaStreamDestination();
        osc.connect(out);
        osc.start();
        return out.stream;
      };
      class FakePeerConnection {
        channel = new FakeChannel();
        addTrack() {}
        createDataChannel() {
          return this.channel;
        }
        async createOffer() {
          return { type: 'offer', sdp: 'v=0\r\no=- 1 1 IN IP4 127.0.0.1\r\n' };
        }
        async setLocalDescription() {}
        ontrack: ((e: { streams: MediaStream[] }) => void) | null = null;
        async setRemoteDescription() {
          this.ontrack?.({ streams: [tone(660)] });
          setTimeout(() => {
            this.channel.readyState = 'open';
            this.channel.onopen?.();
            setTimeout(() => {
              this.channel.onmessage?.({
                data: JSON.stringify({
                  type: 'response.output_audio_transcript.done',
                  transcript: 'Welcome to Le Petit Bistrot. This call is likely recorded.',
                }),
              });
              this.channel.onmessage?.({
                data: JSON.stringify({
                  type: 'conversation.item.input_audio_transcription.completed',
                  transcript: 'A table for two tonight?',
                }),
              });
            }, 50);
          }, 300);
        }
        close() {}
      }
      w.RTCPeerConnection = FakePeerConnection;
      Object.defineProperty(navigator, 'mediaDevices', {
        configurable: true,
        value: { getUserMedia: async () => tone(440) },
      });
    });
    const calls: Record<string, unknown>[] = [];
    const uploads: { type: string | undefined; bytes: number }[] = [];
    await page.route(`${product.apiUrl}/storage/v1/object/upload/sign/**`, async (route) => {
      if (route.request().method() === 'OPTIONS')
        return route.fulfill({
          status: 204,
          headers: {
            'access-control-allow-origin': '*',
            'access-control-allow-methods': 'PUT',
            'access-control-allow-headers': '*',
          },
        });
      uploads.push({
        type: route.request().headers()['content-type'],
        bytes: route.request().postDataBuffer()?.length ?? 0,
      });
      return route.fulfill({ json: { Key: 'recordings/x' }, headers: { 'access-control-allow-origin': '*' } });
    });
    await page.route('**/functions/v1/voice-session**', async (route) => {
      const request = route.request();
      if (request.method() === 'GET')
        return route.fulfill({ json: { available: true }, headers: { 'access-control-allow-origin': '*' } });
      const body = request.postDataJSON() as Record<string, unknown>;
      calls.push(body);
      if (body.action === 'end')
        return route.fulfill({
          json: { durationSeconds: 3, creditsCharged: 1 },
          headers: { 'access-control-allow-origin': '*' },
        });
      await new Promise((r) => setTimeout(r, 300));
      return route.fulfill({
        json: {
          sdp: 'v=0\r\nanswer\r\n',
          callId: 'c0000000-0000-4000-8000-0000000000c1',
          callToken: '1.token',
          reservedSeconds: 600,
          final: false,
          // A signed Storage upload URL: on the API origin, as the CSP expects.
          recordingUploadUrl: `${product.apiUrl}/storage/v1/object/upload/sign/recordings/call.webm?token=t`,
        },
        headers: { 'access-control-allow-origin': '*' },
      });
    });
    const site = new AgentSitePage(page, product.publicSiteUrl);
    await site.openAgent('demo');
    const overlay = await site.openCallOverlay();
    await expect(overlay.getByTestId('call-title').textContent()).resolves.toBe('Start Call');
    await expect(overlay.getByTestId('call-detail').textContent()).resolves.toBe(
      'Ready to start your voice conversation',
    );
    await overlay.getByTestId('call-start').click();
    await page.locator('[data-testid="call-overlay"][data-status="connecting"]').waitFor();
    await expect(overlay.getByTestId('call-title').textContent()).resolves.toBe('Connecting...');
    await page.locator('[data-testid="call-overlay"][data-status="in_progress"]').waitFor();
    await overlay.getByTestId('call-recording').waitFor();
    await expect(overlay.getByTestId('call-title').textContent()).resolves.toBe('Call in Progress');
    await expect(overlay.getByTestId('call-detail').textContent()).resolves.toBe('Speaking with your AI Assistant...');
    await screenshot(page, 'site-call-375');
    // Let the recorder deliver a couple of one-second chunks.
    await page.waitForTimeout(2200);
    await overlay.getByTestId('call-end').click();
    await page.locator('[data-testid="call-overlay"][data-status="ended"]').waitFor();
    await expect.poll(() => calls.length).toBe(2);
    expect(calls[0]).toMatchObject({ agentId: DEMO_AGENT_ID, sdp: 'v=0\r\no=- 1 1 IN IP4 127.0.0.1\r\n' });
    // The page asks for an upload URL of the first type this Chromium records (mp4, else webm).
    expect(['audio/mp4', 'audio/webm']).toContain(calls[0]?.recordingMimeType);
    expect(uploads).toHaveLength(1);
    expect(uploads[0]?.type).toBe(calls[0]?.recordingMimeType);
    expect(uploads[0]?.bytes).toBeGreaterThan(0);
    // The opening is the server's to ask for (over its sideband): the page wrote nothing on the
    // data channel, and its end carries no transcript.
    const sentOnChannel = await page.evaluate(
      () => (window as unknown as { __sentOnChannel: string[] }).__sentOnChannel,
    );
    expect(sentOnChannel).toEqual([]);
    expect(calls[1]).toEqual({ action: 'end', callId: 'c0000000-0000-4000-8000-0000000000c1', callToken: '1.token' });
    await context.close();
  });
});

describe('web widget', () => {
  let ownerSite: OwnerSite;
  beforeAll(async () => {
    ownerSite = await startOwnerSite();
  });
  afterAll(async () => {
    await ownerSite?.close();
  });

  async function ownerWebsite(page: Page, host: 'localhost' | '127.0.0.1'): Promise<void> {
    await page.goto(ownerSite.url(host));
  }

  it('embeds a chat button on the configured domain that opens the agent chat in a frame', async () => {
    await serviceInsert('agent_integrations', {
      agent_id: DEMO_AGENT_ID,
      user_id: DEMO_OWNER_ID,
      kind: 'web_widget',
      enabled: true,
      config: { domain: 'localhost' },
    });
    const context = await browser.newContext({ viewport: DESKTOP, locale: 'en-US' });
    const page = await context.newPage();
    // The agent page in the frame runs under its CSP; its frame-ancestors name localhost.
    const violations = await watchCspViolations(page);
    // The owner's website is on localhost, the configured domain.
    await ownerWebsite(page, 'localhost');
    await page.addScriptTag({ url: `${product.publicSiteUrl.replace('{agent}', 'demo')}/api/live-audio-widget` });
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { __conciergeWidget?: boolean }).__conciergeWidget))
      .toBe(true);
    // The button sits in a closed shadow root (host CSS cannot reach it; neither can selectors).
    await page.mouse.click(DESKTOP.width - 50, DESKTOP.height - 50);
    await expect.poll(() => page.frames().some((f) => f.url().includes('embed=widget'))).toBe(true);
    const frame = page.frames().find((f) => f.url().includes('embed=widget'))!;
    await frame.getByTestId('widget-embed').waitFor();
    await frame.getByTestId('chat-input').waitFor();
    await screenshot(page, 'site-widget-desktop');
    expect(violations()).toEqual([]);
    await context.close();
  });

  it('stays inert on another domain', async () => {
    const context = await browser.newContext({ viewport: DESKTOP, locale: 'en-US' });
    const page = await context.newPage();
    // 127.0.0.1 is neither localhost (the configured domain) nor one of its subdomains.
    await ownerWebsite(page, '127.0.0.1');
    await page.addScriptTag({ url: `${product.publicSiteUrl.replace('{agent}', 'demo')}/api/live-audio-widget` });
    await page.waitForTimeout(200);
    await expect(
      page.evaluate(() => (window as unknown as { __conciergeWidget?: boolean }).__conciergeWidget),
    ).resolves.toBeUndefined();
    await context.close();
  });

  it("cannot be framed by another domain's page (frame-ancestors), though the configured one can", async () => {
    const context = await browser.newContext({ viewport: DESKTOP, locale: 'en-US' });
    const page = await context.newPage();
    const embedUrl = `${product.publicSiteUrl.replace('{agent}', 'demo')}/?embed=widget`;
    const frameOn = async (host: 'localhost' | '127.0.0.1') => {
      await ownerWebsite(page, host);
      await page.evaluate((src) => {
        const frame = document.createElement('iframe');
        frame.src = src;
        document.body.append(frame);
      }, embedUrl);
      await expect.poll(() => page.frames().length).toBe(2);
      return page.frames()[1]!;
    };
    await (await frameOn('localhost')).getByTestId('widget-embed').waitFor();
    const refused = await frameOn('127.0.0.1');
    await page.waitForTimeout(500);
    // Not even our HTML loads in it (the page's own parent check would hide the chat anyway).
    expect(await refused.locator('#root').count()).toBe(0);
    await context.close();
  });
});

describe('demo agent chat', () => {
  /** Serves agent-chat from the test: a stream the page reads token by token. */
  async function stubAgentChat(site: AgentSitePage, conversationId: string, requests: unknown[]): Promise<void> {
    await site.page.route('**/functions/v1/agent-chat', async (route: Route) => {
      if (route.request().method() === 'OPTIONS')
        return route.fulfill({
          status: 204,
          headers: { 'access-control-allow-origin': '*', 'access-control-allow-headers': '*' },
        });
      requests.push({ body: route.request().postDataJSON(), visitorKey: route.request().headers()['x-visitor-key'] });
      const events: AgentChatEvent[] = [
        {
          event: 'meta',
          data: {
            conversationId,
            language: 'en',
            offline: true,
            citations: [
              {
                documentId: 'b0000000-0000-4000-8000-000000000001',
                name: 'Menu and opening hours',
                snippet: 'Open every day',
              },
            ],
          },
        },
        { event: 'delta', data: { text: 'We are open ' } },
        { event: 'delta', data: { text: 'every day from noon.' } },
        { event: 'done', data: { messageId: 'e0000000-0000-4000-8000-000000000009', usage: null } },
      ];
      return route.fulfill({
        status: 200,
        headers: { 'content-type': 'text/event-stream', 'access-control-allow-origin': '*' },
        body: events.map(encodeSseEvent).join(''),
      });
    });
  }

  it('sends a message and shows the streamed reply with its source and the offline label; a reload restores the conversation', async () => {
    const { context, site } = await open();
    const conversationId = 'c0000000-0000-4000-8000-0000000000e2';
    const requests: { body: Record<string, unknown>; visitorKey: string }[] = [];
    await stubAgentChat(site, conversationId, requests);
    await site.openChat();
    await site.sendChat('When are you open?');
    await site.assistantMessages.first().getByText('We are open every day from noon.').waitFor();
    expect(requests[0]?.body).toEqual({ agentId: DEMO_AGENT_ID, message: 'When are you open?', channel: 'web' });
    expect(requests[0]?.visitorKey).toMatch(/^[0-9a-f]{32}$/);
    await expect(site.citations.first().textContent()).resolves.toBe('Menu and opening hours');
    await expect(site.offlineLabels.first().textContent()).resolves.toBe('Offline answer');
    await screenshot(site.page, 'site-chat-375');

    // What agent-chat would have stored for this visitor; the reload reads it back through the RPC.
    const session = await site.chatSession(DEMO_AGENT_ID);
    expect(session.conversationId).toBe(conversationId);
    await serviceInsert('conversations', {
      id: conversationId,
      user_id: DEMO_OWNER_ID,
      agent_id: DEMO_AGENT_ID,
      channel: 'web_chat',
      visitor_id: `visitor:${session.visitorKey}`,
    });
    await serviceInsert('messages', {
      conversation_id: conversationId,
      user_id: DEMO_OWNER_ID,
      agent_id: DEMO_AGENT_ID,
      role: 'user',
      content: 'When are you open?',
      timestamp: '2026-11-21T19:00:00Z',
    });
    await serviceInsert('messages', {
      conversation_id: conversationId,
      user_id: DEMO_OWNER_ID,
      agent_id: DEMO_AGENT_ID,
      role: 'assistant',
      content: 'We are open every day from noon.',
      metadata: { offline: true },
      timestamp: '2026-11-21T19:00:02Z',
    });
    await site.page.reload();
    await site.openChat();
    await site.assistantMessages.first().getByText('We are open every day from noon.').waitFor();
    await expect(site.userMessages.first().textContent()).resolves.toContain('When are you open?');
    await site.sendChat('Thanks');
    await site.assistantMessages.nth(1).getByText('every day from noon').waitFor();
    expect(requests[1]?.body).toEqual({ agentId: DEMO_AGENT_ID, conversationId, message: 'Thanks', channel: 'web' });
    await context.close();
  });

  it('desktop chat layout', async () => {
    const { context, site } = await open(DESKTOP);
    await stubAgentChat(site, 'c0000000-0000-4000-8000-0000000000e3', []);
    await site.openChat();
    await site.sendChat('Do you have vegetarian dishes?');
    await site.assistantMessages.first().getByText('every day from noon').waitFor();
    await screenshot(site.page, 'site-chat-desktop');
    await context.close();
  });

  it('streams an offline reply from the real agent-chat function and resumes it after a reload', async () => {
    const { context, site } = await open();
    await site.openChat();
    await site.sendChat('What are your opening hours?');
    await site.offlineLabels.first().waitFor({ timeout: 30_000 });
    const reply = (await site.assistantMessages.first().textContent()) ?? '';
    expect(reply.trim()).not.toBe('');
    await site.page.reload();
    await site.openChat();
    await site.page.getByText('What are your opening hours?').waitFor({ timeout: 15_000 });
    await site.offlineLabels.first().waitFor();
    await context.close();
  });
});
