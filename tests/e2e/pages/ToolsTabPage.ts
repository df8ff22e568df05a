import type { Locator, Page } from 'playwright-core';
import type { agentToolsEn } from '../../../renderer/src/features/agents/locales/tools.en.ts';

/** The Tools tab of /agents/{id}/configure and the sandbox's "try this tool" button. */
export class ToolsTabPage {
  constructor(
    readonly page: Page,
    readonly baseUrl: string,
    readonly texts: typeof agentToolsEn,
  ) {}

  async open(agentId: string): Promise<void> {
    await this.page.goto(new URL(`/agents/${agentId}/configure`, this.baseUrl).toString());
    await this.page.getByRole('tab', { name: this.texts.tab }).click();
    await this.page.getByRole('heading', { name: this.texts.title }).waitFor();
  }

  /** The cards of the tools the agent uses. */
  agentTool(id: string): Locator {
    return this.page.getByTestId('agent-tool').and(this.page.locator(`[data-tool-id="${id}"]`));
  }

  /** The cards of the catalogue tools the agent can add. */
  addableTool(id: string): Locator {
    return this.page.getByTestId('addable-tool').and(this.page.locator(`[data-tool-id="${id}"]`));
  }

  async add(id: string): Promise<void> {
    await this.addableTool(id).getByRole('button', { name: this.texts.add }).click();
    await this.agentTool(id).waitFor();
  }

  async remove(id: string): Promise<void> {
    await this.agentTool(id).getByRole('button', { name: this.texts.remove }).click();
    await this.addableTool(id).waitFor();
  }

  need(id: string): Locator {
    return this.agentTool(id).getByTestId('tool-need');
  }

  async tryTool(id: string): Promise<void> {
    await this.agentTool(id).getByRole('button', { name: this.texts.try }).click();
    await this.page.getByTestId('sandbox-page').waitFor();
  }

  sandboxTryButton(): Locator {
    return this.page.getByTestId('sandbox-try-tool');
  }
}
