import { Classes } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { charLength, limitLevel } from '@contracts/field-limits.ts';
import './charCounter.css';

export { charLength };

/**
 * "1,234 / 4,000" under a field with a server limit, the maximum being the contract's constant the
 * server checks against. Close to the limit it turns to the warning colour; at the limit it says
 * so, and past it (a text that came from elsewhere, e.g. a generator) it names the limit instead
 * of a save failing later.
 */
export function CharCounter({
  value,
  max,
  testId,
  id,
}: {
  value: string;
  max: number;
  testId?: string | undefined;
  /** For the field's aria-describedby. */
  id?: string | undefined;
}) {
  const { t } = useTranslation();
  const count = charLength(value);
  const level = limitLevel(count, max);
  const part = (name: string) => (testId ? `${testId}-${name}` : undefined);
  return (
    <div className={`${Classes.TEXT_SMALL} char-counter`} data-level={level} data-testid={testId} id={id}>
      <span className="char-counter-count" data-testid={part('count')}>
        {t('common:counter.count', { value: count, max })}
      </span>
      {level === 'full' && (
        <span role="status" className="char-counter-note" data-testid={part('full')}>
          {t('common:counter.full', { max })}
        </span>
      )}
      {level === 'over' && (
        <span role="alert" className="char-counter-note" data-testid={part('over')}>
          {t('common:counter.over', { max })}
        </span>
      )}
    </div>
  );
}
