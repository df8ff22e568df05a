import { useT } from '../i18n/I18n.tsx';

/** Shown for missing, disabled, misconfigured or failing agents alike. */
export function AgentNotFound() {
  const t = useT();
  return (
    <main className="screen screen--center not-found" data-testid="agent-not-found">
      <svg className="not-found__icon" viewBox="0 0 48 48" aria-hidden="true">
        <circle cx="21" cy="21" r="13" fill="none" stroke="currentColor" strokeWidth="4" />
        <path
          d="M31 31l10 10M16.5 16.5l9 9M25.5 16.5l-9 9"
          stroke="currentColor"
          strokeWidth="4"
          strokeLinecap="round"
        />
      </svg>
      <h1 className="not-found__title">{t('notFound.title')}</h1>
      <p className="not-found__body">{t('notFound.body')}</p>
    </main>
  );
}
