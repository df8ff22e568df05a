import { Button, Card, Classes, H4, Intent, Tag } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { QueryState, SkeletonLines } from '../../../components/QueryState.tsx';
import { useKnowledgeSources } from '../api/knowledge.ts';

export function VoiceCallCard({ onCall }: { onCall: () => void }) {
  const { t } = useTranslation();
  return (
    <Card className="sandbox-card" data-testid="sandbox-voice-card">
      <H4>{t('sandbox:voice.title')}</H4>
      <p className={Classes.TEXT_MUTED}>{t('sandbox:voice.body')}</p>
      <Button
        icon="phone"
        intent={Intent.PRIMARY}
        fill
        text={t('sandbox:voice.call')}
        onClick={onCall}
        data-testid="sandbox-call"
      />
    </Card>
  );
}

export function KnowledgeCard({ agentId }: { agentId: string }) {
  const { t } = useTranslation();
  const sources = useKnowledgeSources(agentId);
  return (
    <Card className="sandbox-card" data-testid="sandbox-knowledge">
      <H4>{t('sandbox:knowledge.title')}</H4>
      <QueryState
        query={sources}
        loading={<SkeletonLines count={2} />}
        isEmpty={(list) => list.length === 0}
        empty={<p className={Classes.TEXT_MUTED}>{t('sandbox:knowledge.empty')}</p>}
      >
        {(list) => (
          <ul className="sandbox-sources">
            {list.map((source) => (
              <li key={source.id} data-testid="sandbox-source">
                <div className="sandbox-source__name">
                  <strong>{source.name}</strong>
                  {source.status !== 'uploaded' ? (
                    <Tag minimal intent={source.status === 'failed' ? Intent.DANGER : Intent.WARNING}>
                      {t(source.status === 'failed' ? 'sandbox:knowledge.failed' : 'sandbox:knowledge.processing')}
                    </Tag>
                  ) : null}
                </div>
                {source.preview ? (
                  <p className={`${Classes.TEXT_MUTED} sandbox-source__preview`}>{source.preview}</p>
                ) : null}
              </li>
            ))}
          </ul>
        )}
      </QueryState>
    </Card>
  );
}

export function StatsCard({ messages, tools }: { messages: number; tools: number }) {
  const { t } = useTranslation();
  return (
    <Card className="sandbox-card" data-testid="sandbox-stats">
      <H4>{t('sandbox:stats.title')}</H4>
      <dl className="sandbox-stats">
        <div>
          <dt>{t('sandbox:stats.messages')}</dt>
          <dd data-testid="sandbox-stat-messages">{messages}</dd>
        </div>
        <div>
          <dt>{t('sandbox:stats.tools')}</dt>
          <dd data-testid="sandbox-stat-tools">{tools}</dd>
        </div>
      </dl>
    </Card>
  );
}
