import { useT } from '../i18n/I18n.tsx';
import { Dialog } from './Dialog.tsx';

/**
 * AI Call when voice-session says no call can start (no realtime provider, no owner credits, or
 * the function is unreachable): says so and offers the chat instead.
 */
export function CallUnavailableDialog({
  reason,
  onClose,
  onChat,
}: {
  reason: 'no_provider' | 'no_credits' | 'unreachable';
  onClose: () => void;
  onChat: () => void;
}) {
  const t = useT();
  return (
    <Dialog label={t('call.unavailableTitle')} onClose={onClose} testId="call-unavailable">
      <div className="dialog__body dialog__body--center">
        <h2 className="dialog__title">{t('call.unavailableTitle')}</h2>
        <p className="dialog__text">{t(reason === 'no_credits' ? 'call.noCreditsBody' : 'call.unavailableBody')}</p>
        <div className="dialog__actions">
          <button type="button" className="btn btn--ghost" onClick={onClose}>
            {t('call.close')}
          </button>
          <button type="button" className="btn btn--primary" onClick={onChat}>
            {t('call.useChat')}
          </button>
        </div>
      </div>
    </Dialog>
  );
}
