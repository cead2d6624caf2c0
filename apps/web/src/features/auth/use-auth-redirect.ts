import { useSearchParams } from 'react-router';
import { safeRedirect } from '../../lib/with-org';

/** Where to go after signing in (the `redirect` parameter, else /hub), and a query string that keeps it. */
export function useAuthRedirect(): { redirectTo: string; redirectQuery: string } {
  const [params] = useSearchParams();
  const raw = params.get('redirect');
  const redirectTo = safeRedirect(raw);
  return { redirectTo, redirectQuery: raw ? `?redirect=${encodeURIComponent(raw)}` : '' };
}
