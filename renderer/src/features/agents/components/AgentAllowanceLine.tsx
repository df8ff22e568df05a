import { Classes, Icon, Intent } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { allowanceFull, type AgentAllowance } from '../agentAllowance.ts';

/**
 * "1 of 1 agents used — upgrade": the pack's agent allowance, said before a creation is refused
 * (agents list and the wizard's first step). Full, it links to the packs.
 */
export function AgentAllowanceLine({ allowance }: { allowance: AgentAllowance }) {
  const { t } = useTranslation();
  const full = allowanceFull(allowance);
  return (
    <p className={`agent-allowance ${full ? '' : Classes.TEXT_MUTED}`} data-testid="agent-allowance">
      {full && (
        <>
          <Icon icon="lock" intent={Intent.WARNING} />{' '}
        </>
      )}
      {allowance.max === null
        ? t('agents:allowance.unlimited', { count: allowance.used })
        : t('agents:allowance.used', { used: allowance.used, max: allowance.max })}
      {full && (
        <>
          {' — '}
          <Link to="/credits">{t('agents:allowance.upgrade')}</Link>
        </>
      )}
    </p>
  );
}
