import type { Locator, Page } from 'playwright-core';
import { indexHtmlAssets } from '../../support/index-html-assets.ts';

/**
 * The console as a user sees it, independent of any feature page: navigation, the global screens
 * (not found, error, config error), the guards' spinner and the translation warning.
 */
export class ConsolePage {
  constructor(
    readonly page: Page,
    readonly baseUrl: string,
  ) {}

  async goto(path: string): Promise<void> {
    await this.page.goto(new URL(path, this.baseUrl).toString());
  }

  /** The current in-app path (pathname + search). */
  path(): string {
    const url = new URL(this.page.url());
    return `${url.pathname}${url.search}`;
  }

  async waitForPath(pathname: string): Promise<void> {
    await this.page.waitForURL((url) => url.pathname === pathname);
  }

  /** Whether the page is wider than the window (a horizontal scrollbar on the whole page). */
  async overflowsHorizontally(): Promise<boolean> {
    return this.page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth + 1);
  }

  /** Waits until no loading skeleton is left on the page (the data is drawn). */
  async waitForContent(): Promise<void> {
    await this.page.waitForFunction(() => document.querySelector('.bp6-skeleton') === null);
  }

  /**
   * Visible elements that stick out of the window on the right (or are cut at its edge), except
   * those inside a container that scrolls sideways on purpose (wide tables): what a phone user
   * cannot see. Each as `tag.class` for a readable failure.
   */
  async elementsPastTheRightEdge(): Promise<string[]> {
    return this.page.evaluate(() => {
      const width = window.innerWidth;
      const scrollsSideways = (el: Element | null): boolean => {
        for (let node = el?.parentElement ?? null; node; node = node.parentElement) {
          const overflow = getComputedStyle(node).overflowX;
          if ((overflow === 'auto' || overflow === 'scroll') && node.scrollWidth > node.clientWidth) return true;
        }
        return false;
      };
      const out: string[] = [];
      for (const el of Array.from(document.body.querySelectorAll('*'))) {
        const box = el.getBoundingClientRect();
        if (box.width === 0 || box.height === 0 || box.right <= width + 1) continue;
        if (getComputedStyle(el).position === 'fixed' || scrollsSideways(el)) continue;
        out.push(`${el.tagName.toLowerCase()}.${String(el.className).split(' ').join('.')} (${Math.round(box.right)})`);
      }
      return out.slice(0, 10);
    });
  }

  /** The scripts the served index.html loads before any click: the entry and its modulepreloads. */
  async firstLoadScripts(): Promise<string[]> {
    const { entry, preloaded } = indexHtmlAssets(await (await this.page.request.get(this.baseUrl)).text());
    return [entry, ...preloaded];
  }

  /** Starts recording the console's own scripts the browser asks for, as `/assets/…` paths. */
  recordScripts(): () => string[] {
    const origin = new URL(this.baseUrl).origin;
    const seen: string[] = [];
    this.page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.origin === origin && url.pathname.endsWith('.js')) seen.push(url.pathname);
    });
    return () => [...seen];
  }

  /**
   * Makes every request for the chunk whose file name starts with `chunk-` fail at the network, as
   * after a redeploy that removed it or a dropped connection. Returns the undo.
   */
  async failChunk(chunk: string): Promise<() => Promise<void>> {
    const matches = (url: URL) => url.pathname.startsWith(`/assets/${chunk}-`) && url.pathname.endsWith('.js');
    await this.page.route(matches, (route) => route.abort('failed'));
    return () => this.page.unroute(matches);
  }

  /** The error screen's heading ('This page could not be loaded', 'Something went wrong'). */
  errorHeading(texts: { title: string }): Locator {
    return this.page.getByRole('alert').getByRole('heading', { name: texts.title });
  }

  errorAction(name: string): Locator {
    return this.page.getByRole('alert').getByRole('button', { name });
  }

  /** A link of the main navigation, by its label. */
  mainNavLink(label: string): Locator {
    return this.page.locator('.console-sidebar').getByRole('link', { name: label, exact: true });
  }

  heading(name: string | RegExp): Locator {
    return this.page.getByRole('heading', { name });
  }

  notFoundHeading(texts: { title: string }): Locator {
    return this.heading(texts.title);
  }

  homeLink(texts: { home: string }): Locator {
    return this.page.getByRole('link', { name: texts.home });
  }

  /** The console's single toast, by its text. */
  toast(text: string): Locator {
    return this.page.getByText(text, { exact: true });
  }

  /** The sidebar's usage box's pack line ('Pack minutes this period: 12 / 500'). */
  usageMinutes(): Locator {
    return this.page.getByTestId('usage-box').getByTestId('minutes-period');
  }

  /** The sidebar's usage box's balance line ('Balance: 60 minutes'). */
  usageBalance(): Locator {
    return this.page.getByTestId('usage-box').getByTestId('minutes-balance');
  }

  usageBox(): Locator {
    return this.page.getByTestId('usage-box');
  }

  translationDialog(): Locator {
    return this.page.getByRole('dialog');
  }

  /** Simulates Chrome/Google Translate the way it marks a translated page. */
  async simulateBrowserTranslation(): Promise<void> {
    await this.page.evaluate(() => {
      document.documentElement.classList.add('translated-ltr');
      document.documentElement.lang = 'de';
    });
  }

  async stopBrowserTranslation(lang: string): Promise<void> {
    await this.page.evaluate((l) => {
      document.documentElement.classList.remove('translated-ltr');
      document.documentElement.lang = l;
    }, lang);
  }

  /**
   * Starts the browser already signed in: a session whose access token is signed with the stack's
   * JWT secret is stored where supabase-js keeps it (`sb-<host>-auth-token`), as the auth service
   * would have left it after a sign-in. Lets shell tests run before any sign-in UI is involved.
   */
  /** Signs in through the real login form and waits until the console has taken the user in. */
  async signIn(email: string, password: string): Promise<void> {
    await this.goto('/login');
    await this.page.locator('input[type=email]').fill(email);
    await this.page.locator('input[type=password]').fill(password);
    await this.page.locator('button[type=submit]').click();
    await this.page.waitForURL((url) => url.pathname !== '/login');
  }

  /** Signs out with the sidebar's button (its accessible name in the user's language); the console goes home. */
  async signOut(label: string): Promise<void> {
    await this.page.getByRole('button', { name: label, exact: true }).click();
    await this.waitForPath('/');
  }

  async setViewport(width: number, height: number): Promise<void> {
    await this.page.setViewportSize({ width, height });
  }

  async screenshot(file: string): Promise<void> {
    // Let Blueprint's transitions settle so the picture shows the resting state.
    await this.page.waitForTimeout(400);
    await this.page.screenshot({ path: file, fullPage: true });
  }
}
