import { lazy, Suspense, useEffect } from 'react';
import { Navigate, useLocation, useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ErrorBoundary } from '@/shared/error-boundary';
import { errorText, ERROR_TOAST_SECONDS } from '@/shared/errors';
import { feedback } from '@/shared/feedback';
import { endSession, loadSession, useSession } from '@/shared/session';
import { getToken } from '@/shared/settings';
import { TopProgress } from '@/shared/top-progress';
import LoginPage, { useLoginBrand } from '@/features/auth/login-page';
import { decideGuard, LOGIN_PATH, safeRedirect } from './guard';
import { useDocumentTitle } from './route-title';

/** Layout, menus and every screen: a separate chunk, fetched only past the guard. */
const Shell = lazy(() => import('./shell'));

/**
 * The route guard in front of every address. The decision is `decideGuard`; this
 * component carries it out: redirect, load the session (then decide again), or render.
 */
export function AppRoutes() {
  const { pathname, search } = useLocation();
  const session = useSession();
  const action = decideGuard({
    pathname,
    search,
    hasToken: Boolean(getToken()),
    rolesLoaded: session.roles !== null,
    signedOut: session.signedOut,
  });

  useEffect(() => {
    if (action.type !== 'load') return;
    // Several effects may wait on the one shared load (StrictMode runs effects twice); only
    // the one still current reports a failure.
    let current = true;
    loadSession().catch((err: unknown) => {
      if (!current) return;
      // clear the token, show the message (or 'Has Error'); the guard, seeing no
      // token, then sends the user to /login?redirect={path}.
      feedback().message.error({ content: errorText(err), duration: ERROR_TOAST_SECONDS });
      endSession();
    });
    return () => {
      current = false;
    };
  }, [action.type]);

  if (action.type === 'redirect') return <Navigate to={action.to} replace />;
  if (action.type === 'load') return <TopProgress />;
  if (pathname === LOGIN_PATH) return <LoginRoute />;
  return (
    <ErrorBoundary>
      <Suspense fallback={<TopProgress />}>
        <Shell />
      </Suspense>
    </ErrorBoundary>
  );
}

function LoginRoute() {
  const { t } = useTranslation('login');
  const navigate = useNavigate();
  const [params] = useSearchParams();
  // The configured brand, not a generic name, heads the sign-in tab and card.
  const brand = useLoginBrand();
  useDocumentTitle(t('pageTitle'), brand || t('title'));
  return (
    <LoginPage
      brand={brand}
      onSignedIn={() => void navigate(safeRedirect(params.get('redirect')), { replace: true })}
    />
  );
}
