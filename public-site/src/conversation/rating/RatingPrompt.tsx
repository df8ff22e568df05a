import { useId, useRef, type KeyboardEvent } from 'react';
import { RATING_VALUES } from '@contracts/insights.ts';
import { conversationText, type ConversationKey, type ConversationLocale } from '../messages.ts';
import type { RatingState } from './useRating.ts';
import './rating.css';

export interface RatingPromptProps {
  locale: ConversationLocale;
  /** Which question: the chat's or the call's. */
  subject: 'chat' | 'call';
  state: RatingState;
  onRate: (rating: number) => void;
  /** Dark background (the call overlay). */
  tone?: 'light' | 'dark';
}

/**
 * The visitor's 1-5 rating: five buttons (Tab or the arrow keys move between them,
 * Enter or Space rates); after a rating it thanks the visitor and stays changeable.
 */
export function RatingPrompt({ locale, subject, state, onRate, tone = 'light' }: RatingPromptProps) {
  const t = (key: ConversationKey, params?: Record<string, string>) => conversationText(locale, key, params);
  const titleId = useId();
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);
  const shown = state.rating;

  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>, index: number) => {
    const step =
      event.key === 'ArrowRight' || event.key === 'ArrowUp'
        ? 1
        : event.key === 'ArrowLeft' || event.key === 'ArrowDown'
          ? -1
          : 0;
    if (step === 0) return;
    event.preventDefault();
    const next = (index + step + RATING_VALUES.length) % RATING_VALUES.length;
    buttons.current[next]?.focus();
  };

  return (
    <div className={`cv-rating cv-rating--${tone}`} data-testid={`rating-${subject}`} data-status={state.status}>
      <p className="cv-rating__title" id={titleId}>
        {t(subject === 'call' ? 'rateCall' : 'rateChat')}
      </p>
      <div className="cv-rating__stars" role="group" aria-labelledby={titleId}>
        {RATING_VALUES.map((value, index) => (
          <button
            key={value}
            ref={(el) => {
              buttons.current[index] = el;
            }}
            type="button"
            className={`cv-rating__star${shown !== null && value <= shown ? ' cv-rating__star--on' : ''}`}
            aria-pressed={shown === value}
            aria-label={t('rateValue', { value: String(value) })}
            disabled={state.status === 'sending'}
            onClick={() => onRate(value)}
            onKeyDown={(e) => onKeyDown(e, index)}
            data-testid={`rating-${subject}-${value}`}
          >
            <svg viewBox="0 0 24 24" aria-hidden="true">
              <path d="M12 3.5l2.6 5.3 5.9.9-4.3 4.1 1 5.8-5.2-2.8-5.2 2.8 1-5.8-4.3-4.1 5.9-.9z" />
            </svg>
          </button>
        ))}
      </div>
      <p className="cv-rating__note" role="status" data-testid={`rating-${subject}-status`}>
        {state.status === 'saved' ? t('rateThanks') : state.status === 'failed' ? t('rateFailed') : ''}
      </p>
    </div>
  );
}
