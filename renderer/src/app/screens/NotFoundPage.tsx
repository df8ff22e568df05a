import { AnchorButton, Intent, NonIdealState } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { useLinkClickHandler } from 'react-router-dom';

/** Any unknown path: 'Page Not Found' with a link home. */
export function NotFoundPage({ inShell = false }: { inShell?: boolean }) {
  const { t } = useTranslation();
  const goHome = useLinkClickHandler<HTMLElement>('/');
  return (
    <div className={inShell ? 'console-centered is-in-shell' : 'console-centered'}>
      <NonIdealState
        icon="search"
        title={t('shell:notFound.title')}
        description={t('shell:notFound.body')}
        action={
          <AnchorButton
            role="link"
            href="/"
            onClick={goHome}
            intent={Intent.PRIMARY}
            icon="home"
            text={t('shell:notFound.home')}
          />
        }
      />
    </div>
  );
}
