import { Button, Card, Classes, Intent, ProgressBar } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { MinutesFigures } from '../../features/credits/components/MinutesFigures.tsx';

export interface TrialBoxProps {
  /** The credit balance in minutes, said with the same words as on the Credits page. */
  balance: number;
  usedMinutes: number;
  totalMinutes: number;
  /** The running subscription's pack; null on the free pack, where the box reads as a trial. */
  packName: string | null;
  /** While the numbers load the box is a skeleton; when they fail it says so with a retry. */
  state?: 'loading' | 'error' | 'ready';
  onRetry?: () => void;
}

/**
 * The usage box of the sidebar: voice minutes used of the minutes the pack gives this period, real
 * figures rather than a fixed 0 % (MainSidebar feeds it from the credits feature's SQL aggregate).
 */
export function TrialBox({ balance, usedMinutes, totalMinutes, packName, state = 'ready', onRetry }: TrialBoxProps) {
  const { t } = useTranslation();
  if (state === 'error') {
    return (
      <Card compact className="console-trial-box" data-testid="usage-box">
        <span className={`${Classes.TEXT_MUTED} ${Classes.TEXT_SMALL}`}>{t('shell:sidebar.usageUnavailable')}</span>
        {onRetry && (
          <Button
            size="small"
            variant="minimal"
            icon="refresh"
            text={t('shell:sidebar.usageRetry')}
            onClick={onRetry}
          />
        )}
      </Card>
    );
  }
  const skeleton = state === 'loading' ? ` ${Classes.SKELETON}` : '';
  const percent = totalMinutes > 0 ? Math.min(100, Math.round((usedMinutes / totalMinutes) * 100)) : 0;
  return (
    <Card compact className="console-trial-box" data-testid="usage-box">
      <div className="console-trial-head">
        <span className={`${Classes.TEXT_SMALL}${skeleton}`}>
          {packName ? t('shell:sidebar.packTitle', { pack: packName }) : t('shell:sidebar.trialTitle')}
        </span>
        <strong className={`${Classes.TEXT_SMALL}${skeleton}`}>{t('shell:sidebar.trialPercent', { percent })}</strong>
      </div>
      <ProgressBar value={percent / 100} intent={Intent.PRIMARY} stripes={false} animate={false} />
      <MinutesFigures
        balance={balance}
        usedMinutes={usedMinutes}
        totalMinutes={totalMinutes}
        loading={state === 'loading'}
        small
      />
    </Card>
  );
}
