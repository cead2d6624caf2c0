import { useCallback } from 'react';
import { getErrorMessage } from '../../api/api-error';
import { useSnackbar } from '../../components/snackbar-provider';
import { copyToClipboard } from '../../lib/clipboard';
import { authClient } from '../auth/auth-client';

/** Snackbar duration of the token copy, in ms (the spec's 4 s). */
export const TOKEN_SNACKBAR_MS = 4000;

/**
 * Copy the session token (usable as `Authorization: Bearer <token>` on the API) to the clipboard
 * and say how it went. The token is read from the loaded session, not fetched, so the copy stays
 * within the click's user activation.
 */
export function useCopyAccessToken(): () => Promise<void> {
  const session = authClient.useSession();
  const showSnackbar = useSnackbar();
  const token = session.data?.session.token;
  return useCallback(async () => {
    try {
      if (typeof navigator === 'undefined' || !navigator.clipboard?.writeText)
        throw new Error('Clipboard API not available');
      if (!token) throw new Error('Token not available');
      await copyToClipboard(token);
      showSnackbar('Token copied to clipboard', {
        severity: 'success',
        autoHideMs: TOKEN_SNACKBAR_MS,
        testId: 'copy-token-snackbar',
      });
    } catch (error) {
      showSnackbar(`Error: ${getErrorMessage(error)}`, {
        severity: 'error',
        autoHideMs: TOKEN_SNACKBAR_MS,
        testId: 'copy-token-snackbar',
      });
    }
  }, [token, showSnackbar]);
}
