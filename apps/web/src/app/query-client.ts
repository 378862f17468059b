import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { ApiError, setSession } from '../api/http';

/** No retry for client errors (4xx: retrying won't help); at most 2 for network or 5xx. */
function shouldRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  return failureCount < 2;
}

/**
 * A deleted account clears local and session storage and goes to
 * /login?message=account_deleted. (A banned user is logged out where every error
 * answer is read: api/http.ts endSessionIfBanned.)
 */
function handleAccountError(error: unknown): void {
  if (!(error instanceof ApiError)) return;
  if (error.code === 'account_deleted') {
    try {
      localStorage.clear();
      sessionStorage.clear();
    } catch {
      // storage unavailable
    }
    setSession(null);
    window.location.assign('/login?message=account_deleted');
  }
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({ onError: handleAccountError }),
    mutationCache: new MutationCache({ onError: handleAccountError }),
    defaultOptions: {
      queries: {
        retry: shouldRetry,
        refetchOnWindowFocus: false,
        staleTime: 30_000,
      },
      mutations: { retry: false },
    },
  });
}
