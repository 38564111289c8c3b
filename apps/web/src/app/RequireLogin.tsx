import type { ReactNode } from 'react';
import { Navigate, useLocation } from '../lib/hash-router.tsx';
import { selectLoggedIn, useUserStore } from '../stores/user.ts';

/**
 * A page that only makes sense signed in: without a session (never signed in, or the
 * session was lost) it goes to the login page, which comes back here afterwards.
 */
export function RequireLogin({ children }: { children: ReactNode }) {
  const loggedIn = useUserStore(selectLoggedIn);
  const { pathname, search } = useLocation();
  if (loggedIn) return children;
  return <Navigate to={`/accountLogin/index?redirect=${encodeURIComponent(pathname + search)}`} replace />;
}
