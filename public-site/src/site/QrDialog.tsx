import { QRCodeSVG } from 'qrcode.react';
import { useT } from '../i18n/I18n.tsx';
import { Dialog } from './Dialog.tsx';

/** 'Scan QR Code': 200 px, error-correction level H. Loaded on demand. */
export default function QrDialog({ url, onClose }: { url: string; onClose: () => void }) {
  const t = useT();
  return (
    <Dialog label={t('qr.title')} onClose={onClose} testId="qr-dialog">
      <div className="dialog__body dialog__body--center">
        <h2 className="dialog__title">{t('qr.title')}</h2>
        <p className="dialog__text">{t('qr.body')}</p>
        <div className="qr">
          <QRCodeSVG
            value={url}
            size={200}
            level="H"
            marginSize={2}
            role="img"
            aria-label={t('qr.image', { url })}
            data-testid="qr-code"
          />
        </div>
        <p className="qr__url">{url}</p>
        <button type="button" className="btn btn--primary" onClick={onClose} data-testid="qr-close">
          {t('qr.close')}
        </button>
      </div>
    </Dialog>
  );
}
