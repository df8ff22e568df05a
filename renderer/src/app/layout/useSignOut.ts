import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { toastError } from '../../components/toaster.ts';
import { signOut } from '../../features/auth/api/signOut.ts';
import { toAppError } from '../../errors/appError.ts';

/** Signs out, drops every cached query of the previous user and returns to the landing page. */
export function useSignOut(): () => Promise<void> {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { t } = useTranslation();
  return useCallback(async () => {
    try {
      await signOut();
      queryClient.clear();
      navigate('/', { replace: true });
    } catch (error) {
      toastError(toAppError(error, 'signOut'), t);
    }
  }, [queryClient, navigate, t]);
}
