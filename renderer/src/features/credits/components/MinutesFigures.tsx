import { Classes } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import './minutesFigures.css';

export interface MinutesFiguresProps {
  /** The minutes the owner can still spend (1 credit = 1 minute). */
  balance: number;
  /** Voice minutes used of the minutes the pack gives this period. */
  usedMinutes: number;
  totalMinutes: number;
  /** Grey placeholders while the figures load. */
  loading?: boolean;
  small?: boolean;
}

/**
 * The owner's two minute figures in one wording, drawn by the sidebar's usage box and by the
 * Credits page alike so both always say the same thing with the same words: the balance, and
 * the pack's minutes used this period.
 */
export function MinutesFigures({
  balance,
  usedMinutes,
  totalMinutes,
  loading = false,
  small = false,
}: MinutesFiguresProps) {
  const { t } = useTranslation();
  const cls = `${Classes.TEXT_MUTED}${small ? ` ${Classes.TEXT_SMALL}` : ''}${loading ? ` ${Classes.SKELETON}` : ''}`;
  return (
    <div className="minutes-figures">
      <span className={cls} data-testid="minutes-balance">
        {t('credits:figures.balance', { count: balance })}
      </span>
      <span className={cls} data-testid="minutes-period">
        {t('credits:figures.period', { used: usedMinutes, total: totalMinutes })}
      </span>
    </div>
  );
}
