import { Card, Classes, H2, NonIdealState, Spinner } from '@blueprintjs/core';
import { ChatView } from '@conversation/ChatView.tsx';
import type { ConversationEndpoint } from '@conversation/api.ts';
import type { ConversationState } from '@conversation/state.ts';
import { lazy, Suspense, useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import type { AgentChatEvent } from '@contracts/conversation-events.ts';
import { SkeletonLines } from '../../../components/QueryState.tsx';
import { toAppError } from '../../../errors/appError.ts';
import { getRuntimeConfig } from '../../../lib/supabase.ts';
import { useAgentQuery, type AgentDetail } from '../../agents/api/agentDetail.ts';
import { useAccessToken } from '../api/knowledge.ts';
import { useVoiceAvailabilityQuery } from '../api/voiceAvailability.ts';
import { voiceNotice } from '../voiceNotice.ts';
import { MicButton } from '../components/MicButton.tsx';
import { TryToolButton } from '../components/TryToolButton.tsx';
import { KnowledgeCard, StatsCard, VoiceCallCard } from '../components/SideCards.tsx';
import { PhoneCallCard, PhoneCallDialog } from '../components/PhoneCallDialog.tsx';
import { useSandboxPhoneCall } from '../phone/usePhoneCall.ts';
import type { RecordingErrorKey, RecordingPhase } from '../recording/voiceMessage.ts';
import './sandbox.css';
import { errorText } from '../../../errors/errorText.ts';

// The call overlay (WebRTC, recorder) loads only when the owner calls.
const CallOverlay = lazy(() => import('@conversation/call/CallOverlay.tsx'));

/** The initial loading skeleton lasts one second. */
const SKELETON_MS = 1_000;

/** /agents/{id}/test: the owner's Test Agent sandbox. */
export function SandboxPage() {
  const { t } = useTranslation();
  const { agentId = '' } = useParams();
  const agent = useAgentQuery(agentId);
  const token = useAccessToken();
  const [warm, setWarm] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setWarm(true), SKELETON_MS);
    return () => clearTimeout(timer);
  }, []);

  if (!warm || agent.isPending || token.isPending) {
    return (
      <div className="sandbox-page" data-testid="sandbox-loading" aria-busy="true">
        <SkeletonLines count={6} />
      </div>
    );
  }
  const error = agent.error ?? token.error;
  if (error || !agent.data || !token.data) {
    const appError = error ? toAppError(error) : null;
    return (
      <div className="sandbox-page" data-testid="sandbox-not-found">
        <NonIdealState
          icon="error"
          title={t('sandbox:notFound.title')}
          description={appError ? errorText(t, appError) : t('sandbox:notFound.body')}
          action={
            <Link to="/agents" className={Classes.BUTTON} role="button">
              {t('sandbox:back')}
            </Link>
          }
        />
      </div>
    );
  }
  return <Sandbox key={agent.data.id} agent={agent.data} accessToken={token.data} />;
}

function Sandbox({ agent, accessToken }: { agent: AgentDetail; accessToken: string }) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language === 'fr' ? 'fr' : 'en';
  const config = getRuntimeConfig();
  const endpoint = useMemo<ConversationEndpoint>(
    () => ({ supabaseUrl: config.supabaseUrl, anonKey: config.supabaseAnonKey, accessToken }),
    [config.supabaseUrl, config.supabaseAnonKey, accessToken],
  );
  const chatAgent = useMemo(
    () => ({ id: agent.id, name: agent.name, ...(agent.avatarUrl ? { avatarUrl: agent.avatarUrl } : {}) }),
    [agent.id, agent.name, agent.avatarUrl],
  );
  const [messages, setMessages] = useState(0);
  const [tools, setTools] = useState(0);
  const [phase, setPhase] = useState<RecordingPhase>('idle');
  const [recordingError, setRecordingError] = useState<RecordingErrorKey | null>(null);
  const [calling, setCalling] = useState(false);
  const notice = voiceNotice(useVoiceAvailabilityQuery(endpoint, agent.id).data);
  const greeting = t('sandbox:greeting', { name: agent.name });
  const phone = useSandboxPhoneCall(agent, greeting);
  const offline = notice === 'offline';

  const onStateChange = useCallback((state: ConversationState) => setMessages(state.messages.length), []);
  // One `running` event per tool call the engine makes (then succeeded or failed).
  const onEvent = useCallback((event: AgentChatEvent) => {
    if (event.event === 'tool' && event.data.status === 'running') setTools((n) => n + 1);
  }, []);
  const onRecording = useCallback((next: RecordingPhase, error: RecordingErrorKey | null) => {
    setPhase(next);
    setRecordingError(error);
  }, []);

  return (
    <div className="sandbox-page" data-testid="sandbox-page">
      <header className="sandbox-header">
        <H2>{t('sandbox:title')}</H2>
        <p className={Classes.TEXT_MUTED}>{t('sandbox:subtitle', { name: agent.name })}</p>
      </header>
      <div className="sandbox-grid">
        <Card className="sandbox-chat">
          <ChatView
            endpoint={endpoint}
            agent={chatAgent}
            channel="sandbox"
            locale={locale}
            // Each visit starts a fresh test conversation: nothing is restored from storage.
            store={null}
            greeting={greeting}
            inputDisabled={phase !== 'idle'}
            onEvent={onEvent}
            onStateChange={onStateChange}
            composerAddon={({ send, pending }) => (
              <>
                <TryToolButton send={send} pending={pending || phase !== 'idle'} language={locale} />
                <MicButton send={send} pending={pending} language={locale} onChange={onRecording} offline={offline} />
              </>
            )}
            composerNote={
              recordingError ? (
                <p className="sandbox-recording-error" role="alert" data-testid="sandbox-recording-error">
                  {t(recordingError)}
                </p>
              ) : phase === 'transcribing' ? (
                <p className="sandbox-recording-note">{t('sandbox:recording.transcribing')}</p>
              ) : offline ? (
                <p className="sandbox-recording-note" id="sandbox-mic-offline" data-testid="sandbox-mic-offline">
                  {t('sandbox:voiceNotice.micOffline')}
                </p>
              ) : null
            }
          />
        </Card>
        <aside className="sandbox-side">
          <VoiceCallCard onCall={() => setCalling(true)} notice={notice} />
          <PhoneCallCard onCall={phone.start} busy={phone.call !== null || calling} />
          <KnowledgeCard agentId={agent.id} />
          <StatsCard messages={messages} tools={tools} />
        </aside>
      </div>
      {calling ? (
        <Suspense fallback={<Spinner className="sandbox-call-pending" />}>
          <CallOverlay endpoint={endpoint} agent={chatAgent} locale={locale} onClose={() => setCalling(false)} />
        </Suspense>
      ) : null}
      {phone.call ? (
        <PhoneCallDialog call={phone.call} agentName={agent.name} voiced={phone.voiced} onClose={phone.close} />
      ) : null}
    </div>
  );
}
