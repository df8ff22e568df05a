import { Card, Classes, Intent, ProgressBar } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';

/**
 * The usage box of the sidebar: percent and voice minutes used out of all minutes the user has had
 * (the spec's build showed a fixed 0 %; MainSidebar feeds it from the credits feature).
 */
export function TrialBox({ usedMinutes, totalMinutes }: { usedMinutes: number; totalMinutes: number }) {
  const { t } = useTranslation();
  const percent = totalMinutes > 0 ? Math.min(100, Math.round((usedMinutes / totalMinutes) * 100)) : 0;
  return (
    <Card compact className="console-trial-box">
      <div className="console-trial-head">
        <span className={Classes.TEXT_SMALL}>{t('shell:sidebar.trialTitle')}</span>
        <strong className={Classes.TEXT_SMALL}>{t('shell:sidebar.trialPercent', { percent })}</strong>
      </div>
      <ProgressBar value={percent / 100} intent={Intent.PRIMARY} stripes={false} animate={false} />
      <span className={`${Classes.TEXT_MUTED} ${Classes.TEXT_SMALL}`}>
        {t('shell:sidebar.trialUsage', { used: usedMinutes, total: totalMinutes })}
      </span>
    </Card>
  );
}
