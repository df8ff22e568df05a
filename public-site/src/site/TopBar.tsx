import { useT } from '../i18n/I18n.tsx';

/** Top bar: the agent's name, the QR code dialog and Share. */
export function TopBar({ title, onQr, onShare }: { title: string; onQr: () => void; onShare: () => void }) {
  const t = useT();
  return (
    <header className="topbar">
      <span className="topbar__title">{title}</span>
      <div className="topbar__actions">
        <button
          type="button"
          className="icon-btn"
          onClick={onQr}
          aria-label={t('topBar.qr')}
          title={t('topBar.qr')}
          data-testid="open-qr"
        >
          <svg viewBox="0 0 24 24" aria-hidden="true">
            <path
              d="M4 4h6v6H4zM14 4h6v6h-6zM4 14h6v6H4zM14 14h2v2h-2zM18 14h2v2h-2zM14 18h2v2h-2zM18 18h2v2h-2zM16 16h2v2h-2z"
              fill="none"
              stroke="currentColor"
              strokeWidth="1.8"
              strokeLinejoin="round"
            />
          </svg>
        </button>
        <button
          type="button"
          className="icon-btn"
          onClick={onShare}
          aria-label={t('topBar.share')}
          title={t('topBar.share')}
          data-testid="share"
        >
          <svg viewBox="0 0 24 24" aria-hidden="true">
            <path
              d="M12 3v12M7 8l5-5 5 5M5 13v6a2 2 0 0 0 2 2h10a2 2 0 0 0 2-2v-6"
              fill="none"
              stroke="currentColor"
              strokeWidth="2"
              strokeLinecap="round"
              strokeLinejoin="round"
            />
          </svg>
        </button>
      </div>
    </header>
  );
}
