import { Callout, Intent, NonIdealState } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';

/** Shown instead of the console when no valid backend config was found at boot. */
export function ConfigErrorScreen({ problems }: { problems: string[] }) {
  const { t } = useTranslation();
  return (
    <div className="console-centered" role="alert">
      <NonIdealState icon="offline" title={t('shell:configError.title')} description={t('shell:configError.body')}>
        <Callout intent={Intent.WARNING} title={t('shell:configError.details')} className="console-config-problems">
          <ul>
            {problems.map((p) => (
              <li key={p}>
                <code>{p}</code>
              </li>
            ))}
          </ul>
        </Callout>
      </NonIdealState>
    </div>
  );
}
