import { Classes } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';

/** Characters as Postgres' char_length counts them (code points): the count the server checks. */
export function charLength(value: string): number {
  return Array.from(value).length;
}

/**
 * '120 / 100000' under a field with a server limit (the limit comes from the contract module the
 * server checks against), and, past it, a line naming the limit instead of a generic failure.
 */
export function CharCounter({ value, max, testId }: { value: string; max: number; testId?: string }) {
  const { t } = useTranslation();
  const count = charLength(value);
  const over = count > max;
  return (
    <div className={`${Classes.TEXT_SMALL} char-counter`} data-testid={testId}>
      <span
        className={over ? Classes.INTENT_DANGER : Classes.TEXT_MUTED}
        data-testid={testId ? `${testId}-count` : undefined}
      >
        {t('common:counter.count', { count, max })}
      </span>
      {over && (
        <span role="alert" className="bp6-text-danger" data-testid={testId ? `${testId}-over` : undefined}>
          {' '}
          {t('common:counter.over', { max })}
        </span>
      )}
    </div>
  );
}
