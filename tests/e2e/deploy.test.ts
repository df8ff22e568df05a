import { get } from 'node:http';
import type { SupabaseClient } from '@supabase/supabase-js';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { shellEn } from '../../renderer/src/app/locales/en.ts';
import { deployEn } from '../../renderer/src/features/deploy/locales/en.ts';
import { messagesEn } from '../../renderer/src/features/messages/locales/en.ts';
import { ConsolePage } from './pages/ConsolePage.ts';
import { DeployPage } from './pages/DeployPage.ts';
import { DESKTOP, launchBrowser, newPage, PHONE } from './support/browser.ts';
import { signInDemoOwner } from './support/clients.ts';
import { callHistoryTexts } from '../../renderer/src/features/history/locales/calls.fr.ts';

/**
 * The deploy page as the demo owner uses it: business card toggle and
 * the branding link, the web widget configured for a domain (server-generated key, script served
 * from the agent's subdomain), invalid domain, Update disabled when unchanged, disable.
 */
const product = inject('product');
const { demo } = product;
const AGENT_NAME = 'Deploy agent';
const SUBDOMAIN = 'deploy-e2e';

describe('deploy page', () => {
  let browser: Browser;
  let owner: SupabaseClient;
  let agentId: string;

  beforeAll(async () => {
    browser = await launchBrowser();
    const signedIn = await signInDemoOwner(product);
    owner = signedIn.client;
    const { data, error } = await owner
      .from('agents')
      .insert({ user_id: signedIn.userId, name: AGENT_NAME, subdomain: SUBDOMAIN })
      .select('id')
      .single();
    if (error || !data) throw new Error(error?.message);
    agentId = (data as { id: string }).id;
  });
  afterAll(async () => {
    await owner?.from('agents').delete().eq('id', agentId);
    await browser?.close();
  });

  /**
   * GETs the widget loader as a website would. Node cannot resolve `*.localhost`, so the request
   * goes to loopback with the agent's host name in the Host header (what the site server routes on).
   */
  const fetchLoader = (): Promise<string> => {
    const url = new URL(scriptUrl());
    return new Promise((resolve, reject) => {
      get({ host: '127.0.0.1', port: url.port, path: url.pathname, headers: { host: url.host } }, (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (body += chunk));
        res.on('end', () => resolve(body));
      }).on('error', reject);
    });
  };

  const scriptUrl = () => `${product.publicSiteUrl.replace('{agent}', SUBDOMAIN)}/api/live-audio-widget`;

  it('turns the business card off and on, and the branding link follows', async () => {
    const { page, context } = await newPage(browser, DESKTOP);
    await new ConsolePage(page, product.consoleUrl).signIn(demo.DEMO_OWNER_EMAIL, demo.DEMO_OWNER_PASSWORD);
    const deploy = new DeployPage(page, product.consoleUrl);
    await deploy.goto(agentId);
    await expect.poll(() => deploy.brandingLink(AGENT_NAME).getAttribute('aria-disabled')).not.toBe('true');
    await deploy.shot('desktop');

    await deploy.toggleBusinessCard();
    await deploy.toast(deployEn.businessCard.disabledToast).waitFor();
    await expect.poll(() => deploy.brandingLink(AGENT_NAME).getAttribute('aria-disabled')).toBe('true');
    await deploy.businessCard().getByText(deployEn.disabled, { exact: true }).waitFor();
    const off = await owner
      .from('agent_integrations')
      .select('enabled, disconnected_at')
      .match({ agent_id: agentId, kind: 'virtual_business_card' })
      .single();
    expect(off.data).toMatchObject({ enabled: false });
    expect(off.data?.disconnected_at).not.toBeNull();
    await deploy.shot('card-off');

    await deploy.toggleBusinessCard();
    await deploy.toast(deployEn.businessCard.enabledToast).waitFor();
    await expect.poll(() => deploy.brandingLink(AGENT_NAME).getAttribute('aria-disabled')).not.toBe('true');
    const on = await owner
      .from('agent_integrations')
      .select('enabled, connected_at, disconnected_at')
      .match({ agent_id: agentId, kind: 'virtual_business_card' })
      .single();
    expect(on.data).toMatchObject({ enabled: true, disconnected_at: null });
    await context.close();
  });

  it('enables the web widget for a domain, refuses an invalid one, keeps Update off when unchanged, disables it', async () => {
    const { page, context } = await newPage(browser, DESKTOP);
    await new ConsolePage(page, product.consoleUrl).signIn(demo.DEMO_OWNER_EMAIL, demo.DEMO_OWNER_PASSWORD);
    const deploy = new DeployPage(page, product.consoleUrl);
    await deploy.goto(agentId);

    // Invalid domain: “Invalid Domain” with an example, and no way to submit.
    let dialog = await deploy.openWidgetDialog();
    await deploy.domainInput().fill('not a domain');
    await dialog.getByText(deployEn.widget.invalidTitle, { exact: true }).waitFor();
    await dialog.getByText('Please enter a valid domain name (e.g., example.com).').waitFor();
    expect(await deploy.submit().isDisabled()).toBe(true);
    await deploy.shot('widget-invalid');

    // A valid domain enables it; the key and the script URL come from the server.
    await deploy.domainInput().fill('https://Shop.Example.com/');
    expect(await deploy.submit().isDisabled()).toBe(false);
    await deploy.submit().click();
    await deploy.toast('Web widget enabled on shop.example.com').waitFor();
    await deploy.page.getByRole('dialog').waitFor({ state: 'detached' });
    const key = (await deploy.widget().getByTestId('widget-key').textContent()) ?? '';
    expect(key).toMatch(/^ww_[0-9a-f]{48}$/);
    expect(await deploy.widget().getByTestId('widget-script-url').textContent()).toBe(scriptUrl());
    expect(await deploy.widget().getByTestId('widget-domain-value').textContent()).toBe('shop.example.com');
    const stored = await owner
      .from('agent_integrations')
      .select('enabled, config')
      .match({ agent_id: agentId, kind: 'web_widget' })
      .single();
    expect(stored.data).toMatchObject({ enabled: true, config: { api_key: key, domain: 'shop.example.com' } });
    // The script URL really serves the loader, locked to that domain.
    const loader = await fetchLoader();
    expect(loader).toContain('"domain":"shop.example.com"');
    await deploy.shot('widget-enabled');

    // Same domain (any spelling): Update stays disabled; another domain enables it.
    dialog = await deploy.openWidgetDialog();
    expect(await deploy.domainInput().inputValue()).toBe('shop.example.com');
    expect(await deploy.submit().textContent()).toBe(deployEn.widget.update);
    expect(await deploy.submit().isDisabled()).toBe(true);
    await deploy.domainInput().fill('SHOP.example.com');
    expect(await deploy.submit().isDisabled()).toBe(true);
    await deploy.domainInput().fill('other.example.com');
    expect(await deploy.submit().isDisabled()).toBe(false);
    await dialog.getByRole('button', { name: deployEn.widget.cancel }).click();
    await dialog.waitFor({ state: 'detached' });

    // Disable: the card says so and the loader goes quiet.
    await deploy.widget().getByTestId('widget-disable').click();
    await deploy.toast(deployEn.widget.disabledToast).waitFor();
    await deploy.widget().getByText(deployEn.disabled, { exact: true }).waitFor();
    expect(await deploy.widget().getByTestId('widget-key').count()).toBe(0);
    expect(await fetchLoader()).toContain('not enabled');
    await context.close();
  });

  it('on a phone, shows the cards in one column and the agent links as a strip', async () => {
    const { page, context } = await newPage(browser, PHONE);
    await new ConsolePage(page, product.consoleUrl).signIn(demo.DEMO_OWNER_EMAIL, demo.DEMO_OWNER_PASSWORD);
    const deploy = new DeployPage(page, product.consoleUrl);
    await deploy.goto(agentId);
    await deploy.page.getByTestId('deploy-phone').waitFor();
    // The shared e2e product has no Twilio account: the card says so instead of offering a purchase.
    await deploy.page.getByText(deployEn.phone.notConfigured).waitFor();
    // Nor a Facebook app: WhatsApp's sign-up says it is not configured.
    await deploy.page.getByText(deployEn.whatsApp.notConfigured).waitFor();
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(PHONE.width);
    await deploy.shot('375');
    await context.close();
  });

  it('opens the agent’s call history and WhatsApp messages, and blocks Deploy while translated', async () => {
    const { page, context } = await newPage(browser, DESKTOP);
    const shell = new ConsolePage(page, product.consoleUrl);
    await shell.signIn(demo.DEMO_OWNER_EMAIL, demo.DEMO_OWNER_PASSWORD);
    const deploy = new DeployPage(page, product.consoleUrl);
    await deploy.goto(agentId);
    await deploy.panelLink(AGENT_NAME, shellEn.agentPanel.calls).click();
    await shell.waitForPath(`/agents/${agentId}/calls`);
    // Call history is a French screen in both interface languages.
    await page.getByRole('heading', { name: callHistoryTexts.title }).waitFor();
    await deploy.goto(agentId);
    await deploy.page.getByTestId('deploy-whatsapp').getByRole('link', { name: deployEn.whatsApp.messages }).click();
    await shell.waitForPath(`/agents/${agentId}/messages`);
    await page.getByRole('heading', { name: messagesEn.agentTitle.replace('{{agent}}', AGENT_NAME) }).waitFor();

    await deploy.goto(agentId);
    await shell.simulateBrowserTranslation();
    await page.getByText(shellEn.translation.blocked).waitFor();
    expect(await page.getByTestId('deploy-web-widget').count()).toBe(0);
    await context.close();
  });

  it('shows an Arabic-script agent name in the Arabic font, fetched only then', async () => {
    const arabicName = 'مساعد المتجر';
    const renamed = await owner.from('agents').update({ name: arabicName }).eq('id', agentId);
    expect(renamed.error).toBeNull();
    const { page, context } = await newPage(browser, DESKTOP);
    const fontRequests: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('noto-sans-arabic')) fontRequests.push(r.url());
    });
    await new ConsolePage(page, product.consoleUrl).signIn(demo.DEMO_OWNER_EMAIL, demo.DEMO_OWNER_PASSWORD);
    // The agent list and other pages do not ask for the font.
    expect(fontRequests).toEqual([]);
    const deploy = new DeployPage(page, product.consoleUrl);
    await deploy.goto(agentId);
    const name = deploy.sidePanel(arabicName).getByTestId('agent-panel-name');
    await expect.poll(() => name.evaluate((el) => getComputedStyle(el).fontFamily)).toContain('Noto Sans Arabic');
    await expect
      .poll(() =>
        page.evaluate(() =>
          [...document.fonts].some((f) => f.family.includes('Noto Sans Arabic') && f.status === 'loaded'),
        ),
      )
      .toBe(true);
    expect(fontRequests.some((u) => u.endsWith('.woff2'))).toBe(true);
    await deploy.shot('arabic');
    await owner.from('agents').update({ name: AGENT_NAME }).eq('id', agentId);
    await context.close();
  });
});
