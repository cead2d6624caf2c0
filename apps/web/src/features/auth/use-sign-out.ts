import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { setCurrentOrganization } from '../../api/api-client';
import { authClient } from './auth-client';
import { markSignedOut } from './sign-out-intent';

/** Sign out, forget every cached answer, and go to / (which leads to sign-in). */
export function useSignOut(): () => Promise<void> {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useCallback(async () => {
    markSignedOut();
    await authClient.signOut();
    setCurrentOrganization(null);
    queryClient.clear();
    await navigate('/', { replace: true });
  }, [navigate, queryClient]);
}
