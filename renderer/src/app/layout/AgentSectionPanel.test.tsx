// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AgentDetail } from '../../features/agents/api/agentDetail.ts';
import { agentsKeys } from '../../features/agents/api/keys.ts';
import type { AgentIntegrations } from '../../features/deploy/api/integrations.ts';
import { deployKeys } from '../../features/deploy/api/keys.ts';
import { createI18n } from '../../i18n/index.ts';
import { SectionPanel } from './SectionPanel.tsx';

// The stylesheet import is a browser concern; here we only check that it is asked for.
const fontLoads = vi.hoisted(() => ({ count: 0 }));
vi.mock('@fontsource/noto-sans-arabic/arabic-400.css', () => {
  fontLoads.count += 1;
  return {};
});
vi.mock('@fontsource/noto-sans-arabic/arabic-600.css', () => ({}));

afterEach(cleanup);

const AGENT_ID = '4f1c2d3e-0000-4000-8000-000000000001';

function agent(name: string): AgentDetail {
  return {
    id: AGENT_ID,
    userId: 'u1',
    name,
    companyName: null,
    description: '',
    defaultLanguage: 'en_US',
    voice: 'male',
    voiceMaxCallSeconds: 3600,
    voiceIdleSeconds: 60,
    avatarUrl: null,
    subdomain: 'shop',
    directoryListed: false,
    sector: null,
    subSector: null,
    updatedAt: '2026-11-21T00:00:00Z',
    version: 1,
  };
}

function renderPanel(name: string, cardEnabled: boolean) {
  const client = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity, retry: false } } });
  client.setQueryData(agentsKeys.detail(AGENT_ID), agent(name));
  client.setQueryData<AgentIntegrations>(deployKeys.integrations(AGENT_ID), {
    businessCard: { enabled: cardEnabled, connectedAt: null, disconnectedAt: null },
    webWidget: null,
    whatsApp: null,
  });
  render(
    <I18nextProvider i18n={createI18n('en')}>
      <QueryClientProvider client={client}>
        <MemoryRouter initialEntries={[`/agents/${AGENT_ID}/integrations`]}>
          <SectionPanel panel={{ kind: 'agent', agentId: AGENT_ID }} />
        </MemoryRouter>
      </QueryClientProvider>
    </I18nextProvider>,
  );
  return screen.getByRole('complementary', { name });
}

describe('agent side panel', () => {
  it('shows the agent name and enables branding while the business card is on', () => {
    const panel = renderPanel('Shop assistant', true);
    expect(within(panel).getByTestId('agent-panel-name').textContent).toBe('Shop assistant');
    const branding = within(panel).getByRole('link', { name: 'Branding' });
    expect(branding.getAttribute('aria-disabled')).not.toBe('true');
    expect(branding.getAttribute('href')).toBe(`/agents/${AGENT_ID}/branding`);
    expect(within(panel).getByRole('link', { name: 'Deploy' }).getAttribute('aria-current')).toBe('page');
  });

  it('disables branding while the business card is off', () => {
    const panel = renderPanel('Shop assistant', false);
    expect(within(panel).getByRole('link', { name: 'Branding' }).getAttribute('aria-disabled')).toBe('true');
  });

  it('uses the Arabic font only for a name in Arabic script', async () => {
    const latin = renderPanel('Shop assistant', true);
    expect(within(latin).getByTestId('agent-panel-name').classList.contains('is-arabic-script')).toBe(false);
    expect(fontLoads.count).toBe(0);
    cleanup();
    const arabic = renderPanel('مساعد المتجر', true);
    expect(within(arabic).getByTestId('agent-panel-name').classList.contains('is-arabic-script')).toBe(true);
    await vi.waitFor(() => expect(fontLoads.count).toBe(1));
  });
});
