import { Classes, H5 } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { useBusinessCardEnabled } from '../../features/branding/api/brandingApi.ts';
import { NavButton } from './NavButton.tsx';
import {
  adminSectionLinks,
  agentSectionIcons,
  agentSectionPages,
  numbersSectionLinks,
  type SectionPanel as Panel,
} from './navigation.ts';

/**
 * The second panel beside the 70 px rail: the admin, phone-numbers or per-agent section menu.
 * `horizontal` lays it out as a scrolling tab strip for mobile.
 */
export function SectionPanel({ panel, horizontal = false }: { panel: Panel; horizontal?: boolean }) {
  const { t } = useTranslation();
  const cardEnabled = useBusinessCardEnabled(panel.kind === 'agent' ? panel.agentId : '');
  const links = sectionLinks(panel, cardEnabled);
  const title =
    panel.kind === 'admin'
      ? t('shell:adminPanel.title')
      : panel.kind === 'numbers'
        ? t('shell:numbersPanel.title')
        : t('shell:agentPanel.title');
  return (
    <aside className={`console-section-panel ${horizontal ? 'is-horizontal' : ''}`} aria-label={title}>
      {!horizontal && <H5 className={Classes.TEXT_OVERFLOW_ELLIPSIS}>{title}</H5>}
      {panel.kind === 'agent' && !horizontal && (
        <NavButton to="/agents" icon="arrow-left" exact label={t('shell:agentPanel.backToAgents')} />
      )}
      {links.map((link) => (
        <NavButton
          key={link.to}
          to={link.to}
          icon={link.icon}
          label={t(`shell:${link.labelKey}`)}
          {...(link.disabled ? { disabled: true, disabledReason: t('shell:agentPanel.brandingDisabled') } : {})}
        />
      ))}
    </aside>
  );
}

function sectionLinks(panel: Panel, businessCardEnabled: boolean) {
  if (panel.kind === 'admin') return adminSectionLinks.map((l) => ({ ...l, disabled: false }));
  if (panel.kind === 'numbers') return numbersSectionLinks.map((l) => ({ ...l, disabled: false }));
  const base = `/agents/${encodeURIComponent(panel.agentId)}`;
  return agentSectionPages.map((page) => ({
    to: `${base}/${page}`,
    icon: agentSectionIcons[page],
    labelKey: `agentPanel.${page}`,
    // Spec 001 §2: branding is enabled only with the virtual business card.
    disabled: page === 'branding' && !businessCardEnabled,
  }));
}
