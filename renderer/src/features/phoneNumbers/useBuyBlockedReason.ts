import { NON_ADMIN_NUMBER_LIMIT } from '@contracts/phone.ts';
import { useTranslation } from 'react-i18next';
import { useAuth } from '../auth/session/AuthProvider.tsx';
import { useMyNumbersQuery, usePhoneStatusQuery } from './api/numbers.ts';

/**
 * Why the signed-in user cannot buy a number now, or null (the Buy buttons are
 * disabled once a non-admin owns a number; Postgres enforces the same rule on the server).
 */
export function useBuyBlockedReason(): string | null {
  const { t } = useTranslation();
  const { user, profile } = useAuth();
  const status = usePhoneStatusQuery();
  const mine = useMyNumbersQuery(user?.id ?? '');
  if (status.data && !status.data.configured) return t('numbers:notConfigured');
  if (profile?.isAdmin !== true && (mine.data?.length ?? 0) >= NON_ADMIN_NUMBER_LIMIT) return t('numbers:limit');
  return null;
}
