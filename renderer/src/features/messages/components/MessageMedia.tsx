import { whatsAppMediaKind, type WhatsAppMediaItem } from '@contracts/whatsapp-messages.ts';
import { AnchorButton, Classes } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';

/**
 * One attachment: images inline, voice notes with an audio player, videos with a player, anything
 * else (documents, shared links) as a link. `url` is the signed URL of a stored file, or the link
 * itself; undefined while it is being signed or when it could not be.
 */
export function MessageMedia({ item, url }: { item: WhatsAppMediaItem; url: string | undefined }) {
  const { t } = useTranslation();
  const kind = whatsAppMediaKind(item);
  if (!url) {
    return <span className={`${Classes.TEXT_MUTED} ${Classes.TEXT_SMALL}`}>{t('messages:media.unavailable')}</span>;
  }
  if (kind === 'image') {
    return (
      <a href={url} target="_blank" rel="noreferrer noopener" className="wa-media-image">
        <img src={url} alt={item.name ?? t('messages:media.image')} loading="lazy" />
      </a>
    );
  }
  if (kind === 'audio') {
    return <audio controls preload="none" src={url} aria-label={item.name ?? t('messages:media.audio')} />;
  }
  if (kind === 'video') {
    return <video controls preload="none" src={url} aria-label={item.name ?? t('messages:media.video')} />;
  }
  return (
    <AnchorButton
      role="link"
      variant="minimal"
      size="small"
      icon={'url' in item ? 'link' : 'document'}
      href={url}
      target="_blank"
      rel="noreferrer noopener"
      text={item.name ?? t('url' in item ? 'messages:media.link' : 'messages:media.document')}
    />
  );
}
