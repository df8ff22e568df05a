import { Card, Classes, Intent, ProgressBar } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';

export interface TrialBoxProps {
  usedMinutes: number;
  totalMinutes: number;
  /** The running subscription's pack; null on the free pack (the spec's trial box). */
  packName: string | null;
}

/**
 * The usage box of the sidebar: voice minutes used of the minutes the pack gives this period (the
 * spec's build showed a fixed 0 %; MainSidebar feeds it from the credits feature's SQL aggregate).
 */
export function TrialBox({ usedMinutes, totalMinutes, packName }: TrialBoxProps) {
  const { t } = useTranslation();
  const percent = totalMinutes > 0 ? Math.min(100, Math.round((usedMinutes / totalMinutes) * 100)) : 0;
  return (
    <Card compact className="console-trial-box" data-testid="usage-box">
      <div className="console-trial-head">
        <span className={Classes.TEXT_SMALL}>
          {packName ? t('shell:sidebar.packTitle', { pack: packName }) : t('shell:sidebar.trialTitle')}
        </span>
        <strong className={Classes.TEXT_SMALL}>{t('shell:sidebar.trialPercent', { percent })}</strong>
      </div>
      <ProgressBar value={percent / 100} intent={Intent.PRIMARY} stripes={false} animate={false} />
      <span className={`${Classes.TEXT_MUTED} ${Classes.TEXT_SMALL}`} data-testid="usage-minutes">
        {t('shell:sidebar.trialUsage', { used: usedMinutes, total: totalMinutes })}
      </span>
    </Card>
  );
}
