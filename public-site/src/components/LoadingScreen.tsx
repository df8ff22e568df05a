import { useT } from '../i18n/I18n.tsx';

export function LoadingScreen() {
  const t = useT();
  return (
    <main className="screen screen--center" aria-busy="true">
      <div className="spinner" role="status" aria-label={t('loading.label')} />
    </main>
  );
}
