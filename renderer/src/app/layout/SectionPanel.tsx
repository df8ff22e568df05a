import { Classes, H5 } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { useAgentQuery } from '../../features/agents/api/agentDetail.ts';
import { useIntegrationsQuery } from '../../features/deploy/api/integrations.ts';
import { AgentPanelHeader } from './AgentPanelHeader.tsx';
import { NavButton } from './NavButton.tsx';
import { adminSectionLinks, agentSectionLinks, numbersSectionLinks, type SectionPanel as Panel } from './navigation.ts';

/**
 * The second panel beside the 70 px rail: the admin, phone-numbers or per-agent section menu.
 * `horizontal` lays it out as a scrolling tab strip for mobile.
 */
export function SectionPanel({ panel, horizontal = false }: { panel: Panel; horizontal?: boolean }) {
  if (panel.kind === 'agent') return <AgentSectionPanel agentId={panel.agentId} horizontal={horizontal} />;
  return <AreaSectionPanel panel={panel} horizontal={horizontal} />;
}

function AreaSectionPanel({ panel, horizontal }: { panel: Exclude<Panel, { kind: 'agent' }>; horizontal: boolean }) {
  const { t } = useTranslation();
  const links = panel.kind === 'admin' ? adminSectionLinks : numbersSectionLinks;
  const title = panel.kind === 'admin' ? t('shell:adminPanel.title') : t('shell:numbersPanel.title');
  return (
    <aside className={`console-section-panel ${horizontal ? 'is-horizontal' : ''}`} aria-label={title}>
      {!horizontal && <H5 className={Classes.TEXT_OVERFLOW_ELLIPSIS}>{title}</H5>}
      {links.map((link) => (
        <NavButton key={link.to} to={link.to} icon={link.icon} label={t(link.labelKey)} />
      ))}
    </aside>
  );
}

/**
 * The per-agent panel: avatar and name, then edit (dashboard), configure, prompts,
 * integrations, test, branding, calls. Branding follows the business card, read from the same query
 * as the deploy page so toggling the card there updates the link at once.
 */
function AgentSectionPanel({ agentId, horizontal }: { agentId: string; horizontal: boolean }) {
  const { t } = useTranslation();
  const agent = useAgentQuery(agentId);
  const integrations = useIntegrationsQuery(agentId);
  const cardEnabled = integrations.data ? integrations.data.businessCard?.enabled === true : null;
  const title = t('shell:agentPanel.title');
  return (
    <aside
      className={`console-section-panel is-agent ${horizontal ? 'is-horizontal' : ''}`}
      aria-label={agent.data?.name ?? title}
    >
      {!horizontal && <NavButton to="/agents" icon="arrow-left" exact label={t('shell:agentPanel.backToAgents')} />}
      <AgentPanelHeader agent={agent.data ?? null} compact={horizontal} />
      {agentSectionLinks(agentId, cardEnabled).map((link) => (
        <NavButton
          key={link.to}
          to={link.to}
          icon={link.icon}
          label={t(link.labelKey)}
          {...(link.disabled ? { disabled: true, disabledReason: t('shell:agentPanel.brandingDisabled') } : {})}
        />
      ))}
    </aside>
  );
}
