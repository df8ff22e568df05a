import type { Page } from 'playwright-core';

/**
 * An owner's own website with the web widget's script tag on it. The loader puts
 * its buttons in a closed shadow root so the host page's CSS cannot reach them; this model opens
 * that root for the test only (an init script before the loader runs), to read what is drawn.
 */
export class OwnerWebsitePage {
  constructor(readonly page: Page) {}

  /** Visits the website at `url` and adds the widget loaded from `scriptUrl`. */
  async openWithWidget(url: string, scriptUrl: string): Promise<void> {
    await this.page.addInitScript(() => {
      const attach = Element.prototype.attachShadow;
      Element.prototype.attachShadow = function (init: ShadowRootInit) {
        return attach.call(this, { ...init, mode: 'open' });
      };
    });
    await this.page.goto(url);
    await this.page.addScriptTag({ url: scriptUrl });
    await this.page.waitForFunction(() => (window as unknown as { __conciergeWidget?: boolean }).__conciergeWidget);
  }

  /** The chat launcher's painted background and icon colours, as `rgb(r, g, b)`. */
  async launcherColours(): Promise<{ background: string; icon: string }> {
    return this.page.evaluate(() => {
      const hosts = [...document.querySelectorAll('div')].filter((d) => d.shadowRoot);
      const button = hosts[0]?.shadowRoot?.querySelector('button.chat');
      if (!button) throw new Error('no widget launcher on the page');
      const style = getComputedStyle(button);
      return { background: style.backgroundColor, icon: style.color };
    });
  }
}
