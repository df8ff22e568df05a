import type { Locator, Page } from 'playwright-core';
import { deployEn } from '../../../renderer/src/features/deploy/locales/en.ts';
import { shellEn } from '../../../renderer/src/app/locales/en.ts';

/** /agents/{id}/integrations (Deploy) and the agent side panel, as the owner sees them (English). */
export class DeployPage {
  constructor(
    readonly page: Page,
    readonly baseUrl: string,
  ) {}

  async goto(agentId: string): Promise<void> {
    await this.page.goto(new URL(`/agents/${agentId}/integrations`, this.baseUrl).toString());
    await this.page.getByRole('heading', { name: deployEn.title, exact: true }).waitFor();
  }

  sidePanel(agentName: string): Locator {
    return this.page.getByRole('complementary', { name: agentName });
  }

  panelLink(agentName: string, label: string): Locator {
    return this.sidePanel(agentName).getByRole('link', { name: label, exact: true });
  }

  brandingLink(agentName: string): Locator {
    return this.panelLink(agentName, shellEn.agentPanel.branding);
  }

  businessCard(): Locator {
    return this.page.getByTestId('deploy-business-card');
  }

  /** The business card's "Open page" link to the public page (absent while the page is off). */
  openPageLink(): Locator {
    // Blueprint's AnchorButton is an <a> with the button role.
    return this.businessCard().getByRole('button', { name: deployEn.businessCard.open, exact: true });
  }

  /** Clicks the business card switch (its label: the input itself is visually hidden). */
  async toggleBusinessCard(): Promise<void> {
    await this.businessCard().getByText(deployEn.businessCard.toggle, { exact: true }).click();
  }

  widget(): Locator {
    return this.page.getByTestId('deploy-web-widget');
  }

  async openWidgetDialog(): Promise<Locator> {
    await this.page.getByTestId('widget-configure').click();
    const dialog = this.page.getByRole('dialog');
    await dialog.getByTestId('widget-domain').waitFor();
    return dialog;
  }

  domainInput(): Locator {
    return this.page.getByTestId('widget-domain');
  }

  submit(): Locator {
    return this.page.getByTestId('widget-submit');
  }

  whatsApp(): Locator {
    return this.page.getByTestId('deploy-whatsapp');
  }

  whatsAppConnect(): Locator {
    return this.whatsApp().getByTestId('whatsapp-connect');
  }

  whatsAppDisconnect(): Locator {
    return this.whatsApp().getByTestId('whatsapp-disconnect');
  }

  /** The sender's status as the card shows it (data-status: CREATING, ONLINE, …). */
  whatsAppStatus(status: string): Locator {
    return this.whatsApp().locator(`[data-testid="whatsapp-status"][data-status="${status}"]`);
  }

  /** The quality rating tag (data-colour: green, yellow, red). */
  whatsAppQuality(): Locator {
    return this.whatsApp().getByTestId('whatsapp-quality');
  }

  whatsAppReadiness(label: string): Locator {
    return this.whatsApp().getByText(label, { exact: true });
  }

  toast(text: string): Locator {
    return this.page.locator('.bp6-toast').getByText(text, { exact: true });
  }

  async shot(name: string): Promise<void> {
    // Let Blueprint's transitions settle so the picture shows the resting state.
    await this.page.waitForTimeout(400);
    await this.page.screenshot({ path: `/tmp/shots/deploy-${name}.png`, fullPage: true });
  }
}
