import { Classes } from '@blueprintjs/core';
import { useEffect } from 'react';
import type { AgentDetail } from '../../features/agents/api/agentDetail.ts';
import { ARABIC_NAME_CLASS, hasArabicScript, loadArabicFont } from './arabicScript.ts';

/** The agent's avatar (or initial) and name at the top of its side panel. */
export function AgentPanelHeader({ agent, compact = false }: { agent: AgentDetail | null; compact?: boolean }) {
  const arabic = agent !== null && hasArabicScript(agent.name);
  useEffect(() => {
    if (arabic) void loadArabicFont();
  }, [arabic]);
  if (!agent) {
    return (
      <div className={`agent-panel-header ${compact ? 'is-compact' : ''}`} aria-hidden="true">
        <span className={`agent-panel-avatar ${Classes.SKELETON}`} />
        {!compact && <span className={`agent-panel-name ${Classes.SKELETON}`}>&nbsp;</span>}
      </div>
    );
  }
  const initial = [...agent.name.trim()][0]?.toUpperCase() ?? '?';
  return (
    <div className={`agent-panel-header ${compact ? 'is-compact' : ''}`} data-testid="agent-panel-header">
      {agent.avatarUrl ? (
        <img className="agent-panel-avatar" src={agent.avatarUrl} alt="" />
      ) : (
        <span className={`agent-panel-avatar is-initial ${arabic ? ARABIC_NAME_CLASS : ''}`} aria-hidden="true">
          {initial}
        </span>
      )}
      <span
        className={`agent-panel-name ${Classes.TEXT_OVERFLOW_ELLIPSIS} ${arabic ? ARABIC_NAME_CLASS : ''}`}
        dir="auto"
        title={agent.name}
        data-testid="agent-panel-name"
      >
        {agent.name}
      </span>
    </div>
  );
}
