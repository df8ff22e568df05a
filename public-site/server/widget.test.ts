// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { WIDGET_LABELS, createWidgetRoute, widgetScript } from './widget.ts';

/** A route whose database answers public_web_widget with `answer` and public_agent with `agent`. */
function route(
  answer: () => Promise<Response>,
  calls: string[] = [],
  agent: () => Promise<Response> = async () => Response.json(null),
) {
  return createWidgetRoute({
    supabaseUrl: () => 'http://api.test',
    supabaseAnonKey: () => 'anon',
    fetchFn: async (input, init) => {
      const rpc = String(input).split('/').pop();
      calls.push(`${rpc} ${String(init?.body)}`);
      return rpc === 'public_agent' ? agent() : answer();
    },
  });
}

/** The loader's closed shadow root, kept as the script creates it. */
function runCapturingRoot(script: string): ShadowRoot {
  const roots: ShadowRoot[] = [];
  const attach = Element.prototype.attachShadow;
  Element.prototype.attachShadow = function (init) {
    const root = attach.call(this, init);
    roots.push(root);
    return root;
  };
  try {
    new Function(script)();
  } finally {
    Element.prototype.attachShadow = attach;
  }
  return roots[0]!;
}

afterEach(() => {
  document.body.innerHTML = '';
  delete (window as unknown as { __conciergeWidget?: boolean }).__conciergeWidget;
});

describe('widgetScript', () => {
  it('adds the button only on the configured domain (jsdom runs on localhost)', () => {
    new Function(
      widgetScript({ embedUrl: 'http://demo.localhost/?embed=widget', domain: 'example.com', labels: WIDGET_LABELS }),
    )();
    expect(document.body.children).toHaveLength(0);
    new Function(
      widgetScript({ embedUrl: 'http://demo.localhost/?embed=widget', domain: 'localhost', labels: WIDGET_LABELS }),
    )();
    expect(document.body.children).toHaveLength(1);
    // Loading the script twice does not add a second button.
    new Function(
      widgetScript({ embedUrl: 'http://demo.localhost/?embed=widget', domain: 'localhost', labels: WIDGET_LABELS }),
    )();
    expect(document.body.children).toHaveLength(1);
  });

  it('offers a chat button and a call button; the call button opens the panel on the call view', () => {
    document.body.replaceChildren();
    delete (window as unknown as { __conciergeWidget?: boolean }).__conciergeWidget;
    // The loader's shadow root is closed: keep a handle on it as it is created.
    const roots: ShadowRoot[] = [];
    const attach = Element.prototype.attachShadow;
    Element.prototype.attachShadow = function (init) {
      const root = attach.call(this, init);
      roots.push(root);
      return root;
    };
    try {
      new Function(
        widgetScript({ embedUrl: 'http://demo.localhost/?embed=widget', domain: 'localhost', labels: WIDGET_LABELS }),
      )();
    } finally {
      Element.prototype.attachShadow = attach;
    }
    const root = roots[0]!;
    const frame = root.querySelector('iframe')!;
    const chat = root.querySelector<HTMLButtonElement>('button.chat')!;
    const call = root.querySelector<HTMLButtonElement>('button.call')!;
    expect(chat.getAttribute('aria-label')).toBe('Chat with our assistant');
    expect(call.getAttribute('aria-label')).toBe('Call our assistant');
    expect(frame.hidden).toBe(true);
    call.click();
    expect(frame.hidden).toBe(false);
    expect(frame.getAttribute('src')).toBe('http://demo.localhost/?embed=widget&view=call');
    expect(chat.getAttribute('aria-expanded')).toBe('true');
    chat.click();
    expect(frame.hidden).toBe(true);
  });

  it('cannot be broken out of by its values', () => {
    const script = widgetScript({
      embedUrl: 'http://x/</script><script>alert(1)</script>',
      domain: 'x"+alert(1)+"',
      labels: WIDGET_LABELS,
    });
    expect(script).not.toContain('</script>');
    expect(() => new Function(script)).not.toThrow();
  });
});

describe('createWidgetRoute', () => {
  it('ignores other paths', async () => {
    await expect(
      route(async () => Response.json(null))({ url: '/', headers: { host: 'demo.localhost:5181' } }),
    ).resolves.toBeNull();
  });

  it('serves the loader for an enabled widget, naming the embed page of this agent', async () => {
    const calls: string[] = [];
    const answer = await route(
      async () => Response.json({ domain: 'shop.example.com' }),
      calls,
    )({ url: '/api/live-audio-widget', headers: { host: 'demo.localhost:5181' } });
    expect(calls[0]).toBe('public_web_widget {"subdomain":"demo"}');
    expect(answer?.headers['content-type']).toContain('javascript');
    expect(answer?.body).toContain('"domain":"shop.example.com"');
    expect(answer?.body).toContain('"embedUrl":"http://demo.localhost:5181/?embed=widget"');
  });

  it("paints the chat launcher in the agent's brand colour, with a readable icon", async () => {
    const answer = await route(
      async () => Response.json({ domain: 'localhost' }),
      [],
      async () => Response.json({ name: 'Clara', subdomain: 'demo', branding: { primary_color: '#fde047' } }),
    )({ url: '/api/live-audio-widget', headers: { host: 'demo.localhost:5181' } });
    const chat = runCapturingRoot(answer!.body).querySelector<HTMLButtonElement>('button.chat')!;
    expect(chat.style.background).toBe('rgb(253, 224, 71)');
    expect(chat.style.color).toBe('rgb(17, 24, 39)');
  });

  it("falls back to the page's default colour when the agent's branding cannot be read", async () => {
    const answer = await route(
      async () => Response.json({ domain: 'localhost' }),
      [],
      async () => new Response('down', { status: 503 }),
    )({ url: '/api/live-audio-widget', headers: { host: 'demo.localhost:5181' } });
    expect(answer?.body).toContain('"colours":{"brand":"#6366f1","ink":"#ffffff"}');
  });

  it('says the widget is not enabled when the database answers null or an empty body', async () => {
    for (const answer of [async () => Response.json(null), async () => new Response('', { status: 200 })]) {
      const res = await route(answer)({ url: '/api/live-audio-widget', headers: { host: 'demo.localhost:5181' } });
      expect(res?.body).toContain('the web widget is not enabled for this agent');
    }
  });

  it('serves a harmless script when the widget is off, the agent unknown or the database down', async () => {
    for (const answer of [
      async () => Response.json(null),
      async () => new Response('down', { status: 503 }),
      async () => Promise.reject(new Error('x')),
    ]) {
      const res = await route(answer)({ url: '/api/live-audio-widget', headers: { host: 'demo.localhost:5181' } });
      expect(res?.status).toBe(200);
      expect(res?.body).toMatch(/^console\.warn\(/);
    }
    const bare = await route(async () => Response.json({ domain: 'x.com' }))({
      url: '/api/live-audio-widget',
      headers: { host: 'localhost:5181' },
    });
    expect(bare?.body).toContain('no agent at this address');
  });
});
