import { Button, Card, Classes, Elevation, Icon, Intent, Tag } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { formatDate } from '../../../lib/dates.ts';
import { isArabicScript } from '../agentList.ts';
import type { AgentSummary } from '../api/listAgents.ts';
import type { ConsoleKey } from '../../../i18n/keys.ts';

const VOICE_LABEL = { male: 'agents:card.voice_male', female: 'agents:card.voice_female' } as const satisfies Record<
  'male' | 'female',
  ConsoleKey
>;

export interface AgentCardProps {
  agent: AgentSummary;
  onDelete: (agent: AgentSummary) => void;
}

/**
 * One agent of the list (avatar, name, company, tools, documents, voice, number, last update) and
 * its Edit / Test / Delete actions.
 */
export function AgentCard({ agent, onDelete }: AgentCardProps) {
  const { t, i18n } = useTranslation();
  const base = `/agents/${encodeURIComponent(agent.id)}`;
  return (
    <Card className="agent-card" elevation={Elevation.ONE} data-agent-id={agent.id}>
      <div className="agent-card-head">
        {agent.avatarUrl ? (
          <img className="agent-card-avatar" src={agent.avatarUrl} alt="" />
        ) : (
          <span className="agent-card-avatar agent-card-avatar-initial" aria-hidden="true">
            {agent.name.trim().charAt(0).toUpperCase()}
          </span>
        )}
        <div className="agent-card-title">
          <h3 className={isArabicScript(agent.name) ? 'agent-name is-arabic' : 'agent-name'}>{agent.name}</h3>
          {agent.companyName && <p className={Classes.TEXT_MUTED}>{agent.companyName}</p>}
          <Tag className="agent-card-voice" minimal round icon={agent.voice === 'female' ? 'person' : 'user'}>
            {t(VOICE_LABEL[agent.voice])}
          </Tag>
        </div>
      </div>
      <ul className="agent-card-facts">
        <li>
          <Icon icon="wrench" size={14} /> {t('agents:card.tools', { count: agent.toolCount })}
        </li>
        <li>
          <Icon icon="document" size={14} /> {t('agents:card.documents', { count: agent.documentCount })}
        </li>
        <li>
          <Icon icon="phone" size={14} />{' '}
          {agent.phoneNumber ?? <span className={Classes.TEXT_MUTED}>{t('agents:card.noNumber')}</span>}
        </li>
        <li className={Classes.TEXT_MUTED}>
          <Icon icon="time" size={14} />{' '}
          {t('agents:card.updated', { date: formatDate(agent.updatedAt, i18n.language) })}
        </li>
      </ul>
      <div className="agent-card-actions">
        {/* Edit opens Configure, where the agent's fields are; /agents/{id}/edit/* leads to the dashboard. */}
        <Link to={`${base}/configure`} className={`${Classes.BUTTON} ${Classes.INTENT_PRIMARY}`} role="button">
          <Icon icon="edit" />
          <span className={Classes.BUTTON_TEXT}>{t('agents:card.edit')}</span>
        </Link>
        <Link to={`${base}/test`} className={Classes.BUTTON} role="button">
          <Icon icon="play" />
          <span className={Classes.BUTTON_TEXT}>{t('agents:card.test')}</span>
        </Link>
        <Button
          icon="trash"
          intent={Intent.DANGER}
          variant="minimal"
          text={t('agents:card.delete')}
          onClick={() => onDelete(agent)}
        />
      </div>
    </Card>
  );
}

/** Placeholder of a card while the first page loads (6 of them). */
export function AgentCardSkeleton() {
  return (
    <Card className="agent-card" elevation={Elevation.ONE} aria-hidden="true">
      <div className="agent-card-head">
        <span className={`agent-card-avatar ${Classes.SKELETON}`} />
        <div className="agent-card-title">
          <h3 className={Classes.SKELETON}>&nbsp;</h3>
          <p className={Classes.SKELETON}>&nbsp;</p>
        </div>
      </div>
      <p className={Classes.SKELETON}>&nbsp;</p>
      <p className={Classes.SKELETON}>&nbsp;</p>
    </Card>
  );
}
