import type { WhatsAppMediaItem } from '@contracts/whatsapp-messages.ts';
import { Callout, Classes, Intent, Tag } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../lib/dates.ts';
import type { WhatsAppMessage } from '../api/threadMessages.ts';
import { deliveryIntent, deliveryOf, failureText } from '../model.ts';
import { MessageMedia } from './MessageMedia.tsx';
import { messageText } from '../../../errors/errorText.ts';

/** One message of a thread: who, when, the text, its attachments, delivery and why it failed. */
export function MessageBubble({
  message,
  mediaUrl,
}: {
  message: WhatsAppMessage;
  mediaUrl: (item: WhatsAppMediaItem) => string | undefined;
}) {
  const { t, i18n } = useTranslation();
  const delivery = deliveryOf(message);
  const failure = failureText(message);
  return (
    <li className={`wa-message is-${message.direction}`} data-testid="wa-message" data-direction={message.direction}>
      <div className="wa-message-meta">
        <span className={Classes.TEXT_MUTED}>
          <span data-testid="wa-author">
            {t(
              message.direction === 'inbound'
                ? 'messages:thread.customer'
                : message.byOwner
                  ? 'messages:thread.owner'
                  : 'messages:thread.agent',
            )}
          </span>
          {' · '}
          <time dateTime={message.sentAt}>{formatDate(message.sentAt, i18n.language)}</time>
        </span>
        <Tag minimal round intent={deliveryIntent[delivery]} data-testid="wa-delivery" data-delivery={delivery}>
          {t(`messages:delivery.${delivery}`)}
        </Tag>
      </div>
      {message.body && <p className="wa-message-body">{message.body}</p>}
      {message.media.length > 0 && (
        <div className="wa-message-media">
          {message.media.map((item, index) => (
            <MessageMedia key={index} item={item} url={mediaUrl(item)} />
          ))}
        </div>
      )}
      {failure && (
        <Callout intent={Intent.DANGER} icon="error" compact data-testid="wa-failure">
          {messageText(t, failure.key, failure.params)}
        </Callout>
      )}
    </li>
  );
}
