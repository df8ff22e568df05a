import { Button, Callout, Card, Classes, H4, Icon, Intent, Tag } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { QueryState, SkeletonLines } from '../../../components/QueryState.tsx';
import { useKnowledgeSources } from '../api/knowledge.ts';
import type { VoiceNotice } from '../voiceNotice.ts';
import type { ConsoleKey } from '../../../i18n/keys.ts';

const VOICE_NOTICE_TEXT = {
  offline: { title: 'sandbox:voiceNotice.offlineTitle', body: 'sandbox:voiceNotice.offlineBody' },
  noCredits: { title: 'sandbox:voiceNotice.noCreditsTitle', body: 'sandbox:voiceNotice.noCreditsBody' },
} as const satisfies Record<NonNullable<VoiceNotice>, { title: ConsoleKey; body: ConsoleKey }>;

/**
 * The call button says before use when a call cannot happen (offline mode: no AI key; or no
 * credits), as the public page's AI Call does, instead of failing after the microphone prompt.
 */
export function VoiceCallCard({ onCall, notice }: { onCall: () => void; notice: VoiceNotice }) {
  const { t } = useTranslation();
  return (
    <Card className="sandbox-card" data-testid="sandbox-voice-card">
      <H4>{t('sandbox:voice.title')}</H4>
      <p className={Classes.TEXT_MUTED}>{t('sandbox:voice.body')}</p>
      <MinutesCostNote testId="sandbox-voice-cost" />
      {notice && (
        <Callout
          id="sandbox-voice-notice"
          className="sandbox-voice-notice"
          intent={Intent.WARNING}
          icon={notice === 'offline' ? 'offline' : 'dollar'}
          title={t(VOICE_NOTICE_TEXT[notice].title)}
          data-testid="sandbox-voice-notice"
        >
          {t(VOICE_NOTICE_TEXT[notice].body)}{' '}
          {notice === 'noCredits' && <Link to="/credits">{t('sandbox:voiceNotice.seeCredits')}</Link>}
        </Callout>
      )}
      <Button
        icon="phone"
        intent={Intent.PRIMARY}
        fill
        text={t('sandbox:voice.call')}
        disabled={notice !== null}
        aria-describedby={notice ? 'sandbox-voice-notice' : undefined}
        onClick={onCall}
        data-testid="sandbox-call"
      />
    </Card>
  );
}

/**
 * Said before a sandbox voice or phone test starts: it is billed like a real call, one credit per
 * started minute taken from the balance (the rule the server applies when it settles the call).
 */
export function MinutesCostNote({ testId }: { testId: string }) {
  const { t } = useTranslation();
  return (
    <p className={`${Classes.TEXT_SMALL} sandbox-cost-note`} data-testid={testId}>
      <Icon icon="time" size={12} /> {t('sandbox:cost.note')}
    </p>
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
