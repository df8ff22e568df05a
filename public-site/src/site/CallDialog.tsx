import { useT } from '../i18n/I18n.tsx';
import { Dialog } from './Dialog.tsx';

/**
 * AI Call while no realtime voice session can be opened from this page: says so honestly and
 * offers the chat instead (issue 8: "the AI Call button explains that voice is unavailable").
 */
export function CallUnavailableDialog({ onClose, onChat }: { onClose: () => void; onChat: () => void }) {
  const t = useT();
  return (
    <Dialog label={t('call.unavailableTitle')} onClose={onClose} testId="call-unavailable">
      <div className="dialog__body dialog__body--center">
        <h2 className="dialog__title">{t('call.unavailableTitle')}</h2>
        <p className="dialog__text">{t('call.unavailableBody')}</p>
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
