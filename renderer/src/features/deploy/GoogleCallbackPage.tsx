import { Spinner } from '@blueprintjs/core';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import { exchangeCalendarCode } from './api/googleCalendar.ts';
import { planCallback, takeCalendarAgent } from './connection.ts';

/**
 * /auth/google/callback: Google returns here with `code` and `state`. With an
 * error, no code or no stored agent id the owner goes straight back to the agent's integrations;
 * otherwise the code is exchanged (the server stores the tokens and enables the calendar) first.
 * A failed exchange is only logged, and the owner returns to integrations either way.
 */
export function GoogleCallbackPage() {
  const { t } = useTranslation('calendar');
  const navigate = useNavigate();
  const { search } = useLocation();
  const queryClient = useQueryClient();
  // The stored agent id is read once; StrictMode's second effect run must not redo the exchange.
  const handled = useRef(false);

  useEffect(() => {
    if (handled.current) return;
    handled.current = true;
    const plan = planCallback(search, takeCalendarAgent());
    if (plan.kind === 'return') {
      void navigate(plan.to, { replace: true });
      return;
    }
    exchangeCalendarCode(plan.code, plan.state)
      .catch((error: unknown) => console.error('Failed to exchange code for tokens', error))
      .finally(() => {
        void queryClient.invalidateQueries({ queryKey: ['google-calendar'] });
        void navigate(plan.to, { replace: true });
      });
  }, [navigate, queryClient, search]);

  return (
    <div className="console-centered" role="status">
      <Spinner />
      <p>{t('callback.connecting')}</p>
    </div>
  );
}
