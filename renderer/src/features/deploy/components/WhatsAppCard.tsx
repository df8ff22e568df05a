import { Alert, AnchorButton, Button, Callout, Classes, Intent, Switch, Tag } from '@blueprintjs/core';
import {
  qualityColour,
  senderAwaitsCode,
  senderNeedsAttention,
  senderReadiness,
  type QualityColour,
  type SenderReadiness,
  type SenderState,
} from '@contracts/whatsapp.ts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLinkClickHandler } from 'react-router-dom';
import { DeployCard } from './DeployCard.tsx';
import { WhatsAppVerification } from './WhatsAppVerification.tsx';
import type { ConsoleKey } from '../../../i18n/keys.ts';

const QUALITY_INTENT: Record<QualityColour, Intent> = {
  green: Intent.SUCCESS,
  yellow: Intent.WARNING,
  red: Intent.DANGER,
};

/** The card's readiness words for each stage (contracts/whatsapp.ts senderReadiness). */
const READINESS_KEYS = {
  ready: 'deploy:whatsApp.ready',
  creating: 'deploy:whatsApp.readiness.creating',
  awaitingCode: 'deploy:whatsApp.readiness.awaitingCode',
  verifying: 'deploy:whatsApp.readiness.verifying',
  inReview: 'deploy:whatsApp.readiness.inReview',
  attention: 'deploy:whatsApp.notReady',
  notReady: 'deploy:whatsApp.notReady',
} as const satisfies Record<SenderReadiness, ConsoleKey>;

export interface WhatsAppCardProps {
  agentId: string;
  sender: SenderState;
  hasNumber: boolean;
  brandingEnabled: boolean;
  /** Facebook app configured for the embedded sign-up (runtime config). */
  signupConfigured: boolean;
  busy: boolean;
  /** The last status poll failed (the card keeps the last known state; the poll retries in 60 s). */
  pollFailed: boolean;
  onConnect: () => void;
  onDisconnect: () => void;
  /** The owner's verification code while the sender is PENDING_VERIFICATION. */
  onVerify: (code: string) => void;
  verifying: boolean;
  /** Why the last code was refused, in the owner's language. */
  verifyError: string | null;
  /** agents.whatsapp_voice_replies; null while it loads. */
  voiceReplies: boolean | null;
  voiceRepliesSaving: boolean;
  onVoiceRepliesChange: (on: boolean) => void;
}

/**
 * WhatsApp Business on Deploy: connect through Meta's sign-up, the sender's
 * number, status, quality rating (HIGH green, MEDIUM yellow, else red), messaging limit and
 * readiness, the setup notice when it is OFFLINE or in ERROR, disconnect, the owner's "reply to
 * voice notes with a voice note" option; links to the messages and the business profile.
 */
export function WhatsAppCard(props: WhatsAppCardProps) {
  const { agentId, sender, hasNumber, brandingEnabled, signupConfigured, busy } = props;
  const { t } = useTranslation();
  const [confirming, setConfirming] = useState(false);
  const base = `/agents/${encodeURIComponent(agentId)}`;
  const openMessages = useLinkClickHandler<HTMLElement>(`${base}/messages`);
  const openBranding = useLinkClickHandler<HTMLElement>(`${base}/branding`);
  const colour = qualityColour(sender.qualityRating);
  return (
    <DeployCard
      icon="chat"
      testId="deploy-whatsapp"
      title={t('deploy:whatsApp.title')}
      description={t('deploy:whatsApp.description')}
      status={{
        label: t(READINESS_KEYS[sender.ready ? 'ready' : senderReadiness(sender)]),
        intent: sender.ready ? Intent.SUCCESS : Intent.NONE,
      }}
      footer={
        <>
          {sender.connected ? (
            <Button
              icon="disable"
              intent={Intent.DANGER}
              variant="minimal"
              loading={busy}
              data-testid="whatsapp-disconnect"
              text={t('deploy:whatsApp.disconnect')}
              onClick={() => setConfirming(true)}
            />
          ) : (
            <Button
              icon="link"
              intent={Intent.PRIMARY}
              loading={busy}
              data-testid="whatsapp-connect"
              text={t('deploy:whatsApp.connect')}
              onClick={props.onConnect}
            />
          )}
          <AnchorButton
            variant="minimal"
            icon="envelope"
            role="link"
            href={`${base}/messages`}
            onClick={openMessages}
            text={t('deploy:whatsApp.messages')}
          />
          <AnchorButton
            variant="minimal"
            icon="style"
            role="link"
            href={`${base}/branding`}
            onClick={openBranding}
            disabled={!brandingEnabled}
            text={t('deploy:whatsApp.branding')}
          />
        </>
      }
    >
      {sender.connected ? (
        <dl className="deploy-facts" data-testid="whatsapp-sender">
          <dt>{t('deploy:whatsApp.number')}</dt>
          <dd>{sender.phoneNumber ?? '—'}</dd>
          <dt>{t('deploy:whatsApp.statusLabel')}</dt>
          <dd data-testid="whatsapp-status" data-status={sender.status ?? ''}>
            {t('deploy:whatsApp.statusValue', { status: sender.status ?? '—' })}
          </dd>
          <dt>{t('deploy:whatsApp.quality')}</dt>
          <dd>
            {sender.qualityRating ? (
              <Tag minimal intent={QUALITY_INTENT[colour]} data-testid="whatsapp-quality" data-colour={colour}>
                {sender.qualityRating}
              </Tag>
            ) : (
              '—'
            )}
          </dd>
          <dt>{t('deploy:whatsApp.limit')}</dt>
          <dd>{sender.messagingLimits ?? '—'}</dd>
        </dl>
      ) : (
        <p className={Classes.TEXT_MUTED} data-testid="whatsapp-status">
          {t('deploy:whatsApp.notConnected')}
          {!hasNumber && ` ${t('deploy:whatsApp.needsNumber')}`}
        </p>
      )}
      {sender.connected && senderAwaitsCode(sender.status) && (
        <WhatsAppVerification
          phoneNumber={sender.phoneNumber}
          busy={props.verifying}
          error={props.verifyError}
          onVerify={props.onVerify}
        />
      )}
      {sender.connected && senderNeedsAttention(sender.status) && (
        <Callout intent={Intent.DANGER} icon="error" data-testid="whatsapp-setup-issue">
          {t('deploy:whatsApp.setupIssue')}
          {sender.offlineReasons.length > 0 && (
            <ul>
              {sender.offlineReasons.map((reason) => (
                <li key={`${reason.code ?? ''}-${reason.message}`}>
                  {reason.code ? `${reason.code}: ` : ''}
                  {reason.message}
                </li>
              ))}
            </ul>
          )}
        </Callout>
      )}
      {sender.connected && (
        <div data-testid="whatsapp-voice-replies">
          <Switch
            checked={props.voiceReplies === true}
            disabled={props.voiceReplies === null || props.voiceRepliesSaving}
            label={t('deploy:whatsApp.voiceReplies')}
            onChange={(event) => props.onVoiceRepliesChange(event.currentTarget.checked)}
          />
          <p className={`${Classes.TEXT_SMALL} ${Classes.TEXT_MUTED}`}>{t('deploy:whatsApp.voiceRepliesHelp')}</p>
        </div>
      )}
      {props.pollFailed && (
        <p className={`${Classes.TEXT_SMALL} ${Classes.TEXT_MUTED}`}>{t('deploy:whatsApp.pollFailed')}</p>
      )}
      {!signupConfigured && !sender.connected && (
        <p className={`deploy-not-available ${Classes.TEXT_SMALL}`}>{t('deploy:whatsApp.notConfigured')}</p>
      )}
      <Alert
        isOpen={confirming}
        intent={Intent.DANGER}
        icon="disable"
        cancelButtonText={t('deploy:whatsApp.cancel')}
        confirmButtonText={t('deploy:whatsApp.disconnect')}
        onCancel={() => setConfirming(false)}
        onConfirm={() => {
          setConfirming(false);
          props.onDisconnect();
        }}
      >
        <p>{t('deploy:whatsApp.confirmDisconnect')}</p>
      </Alert>
    </DeployCard>
  );
}
