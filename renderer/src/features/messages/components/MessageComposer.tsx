import { Button, Callout, Intent } from '@blueprintjs/core';
import {
  renderTemplate,
  WHATSAPP_WINDOW_MS,
  type OwnerSendAnswer,
  type TemplateChoice,
  type TemplateSend,
  type WhatsAppTemplate,
} from '@contracts/whatsapp.ts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { QueryState } from '../../../components/QueryState.tsx';
import type { QueryLike } from '../../../components/queryView.ts';
import type { AppError } from '../../../errors/appError.ts';
import { failureText } from '../model.ts';
import { TemplatePicker } from './TemplatePicker.tsx';
import { LimitedTextArea } from '../../../components/LimitedText.tsx';
import { OWNER_MESSAGE_MAX } from '@contracts/whatsapp.ts';
import { errorText, messageText } from '../../../errors/errorText.ts';

/** What the last send came to: WhatsApp's answer (sent, or not and why) or a failed request. */
export type SendOutcome = { kind: 'answer'; answer: OwnerSendAnswer } | { kind: 'error'; error: AppError } | null;

export interface MessageComposerProps {
  /** When the customer last wrote (ISO), or null when no message of theirs is loaded. */
  lastInboundAt: string | null;
  now: number;
  /** The sender's approved templates (read only outside the window). */
  templates: QueryLike<WhatsAppTemplate[]>;
  /** The agent's chosen template, picked first. */
  choice: TemplateChoice | null;
  sending: boolean;
  outcome: SendOutcome;
  /** Resolves true when the message went out (the text box is then emptied). */
  onSendText: (text: string) => Promise<boolean>;
  onSendTemplate: (template: TemplateSend, text: string) => void;
}

/** Whether free-form messages are allowed: within 24 h of the customer's last message (WhatsApp's rule). */
export function insideWindow(lastInboundAt: string | null, now: number): boolean {
  return lastInboundAt !== null && now - Date.parse(lastInboundAt) <= WHATSAPP_WINDOW_MS;
}

/**
 * The owner writes to the customer from the thread: free text within the 24-hour customer service
 * window; outside it the composer says why and offers the sender's approved templates with their
 * variables. What WhatsApp answered (sent, or refused with its code, e.g. 63016) is shown.
 */
export function MessageComposer(props: MessageComposerProps) {
  const { t } = useTranslation();
  const { lastInboundAt, now, templates, choice, sending, outcome } = props;
  const [text, setText] = useState('');
  const open = insideWindow(lastInboundAt, now);

  const sendText = async () => {
    const message = text.trim();
    if (!message) return;
    if (await props.onSendText(message)) setText('');
  };

  return (
    <section className="wa-composer" aria-label={t('messages:composer.label')} data-testid="wa-composer">
      {open ? (
        <div className="wa-composer-text">
          <LimitedTextArea
            id="wa-composer-text"
            aria-label={t('messages:composer.label')}
            placeholder={t('messages:composer.placeholder')}
            value={text}
            max={OWNER_MESSAGE_MAX}
            fill
            autoResize
            onValueChange={setText}
            onKeyDown={(event) => {
              if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) void sendText();
            }}
          />
          <Button
            intent={Intent.PRIMARY}
            icon="send-message"
            loading={sending}
            disabled={text.trim() === ''}
            text={t('messages:composer.send')}
            onClick={() => void sendText()}
          />
        </div>
      ) : (
        <>
          <Callout intent={Intent.WARNING} icon="time" data-testid="wa-window-closed">
            {t('messages:composer.outsideWindow')}
          </Callout>
          <QueryState
            query={templates}
            errorTitle={t('messages:template.loadError')}
            isEmpty={(rows) => rows.length === 0}
            empty={<Callout intent={Intent.NONE}>{t('messages:template.empty')}</Callout>}
          >
            {(rows) => (
              <TemplatePicker
                key={choice?.content_sid ?? ''}
                idPrefix="wa-compose-template"
                templates={rows}
                choice={choice}
                saving={sending}
                requireTemplate
                submitLabel={t('messages:composer.sendTemplate')}
                onSave={(picked) => {
                  if (!picked) return;
                  const template = rows.find((candidate) => candidate.sid === picked.content_sid);
                  const wording = renderTemplate(template?.body ?? '', picked.variables).trim();
                  props.onSendTemplate(
                    { content_sid: picked.content_sid, variables: picked.variables },
                    wording || picked.friendly_name,
                  );
                }}
              />
            )}
          </QueryState>
        </>
      )}
      <Outcome outcome={outcome} />
    </section>
  );
}

function Outcome({ outcome }: { outcome: SendOutcome }) {
  const { t } = useTranslation();
  if (!outcome) return null;
  if (outcome.kind === 'error') {
    return (
      <Callout intent={Intent.DANGER} icon="error" role="alert" data-testid="wa-send-error">
        {errorText(t, outcome.error)}
      </Callout>
    );
  }
  const { answer } = outcome;
  const failure = answer.notSentReason
    ? failureText({
        direction: 'outbound',
        status: 'not_sent',
        notSentReason: answer.notSentReason,
        errorCode: answer.failure?.code ?? null,
        errorMessage: answer.failure?.message ?? null,
      })
    : null;
  if (failure) {
    return (
      <Callout intent={Intent.DANGER} icon="error" role="alert" data-testid="wa-send-error">
        {messageText(t, failure.key, failure.params)}
      </Callout>
    );
  }
  return (
    <p role="status" className="wa-composer-sent">
      {t('messages:composer.sent')}
    </p>
  );
}
