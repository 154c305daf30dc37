import { createRoute, redirect } from '@tanstack/react-router';
import { hasStoredSession } from '@/lib/auth/storage-key';
import { retryImport } from '@/lib/retry-import';
import { publicLayoutRoute } from './public.route';

export const landingRoute = createRoute({
  getParentRoute: () => publicLayoutRoute,
  path: '/',
  // A signed-in visitor goes to /home. Only Web Storage is looked at (no auth client in the landing
  // bundle); the `_app` guard then verifies the session and sends a stale one on to /login.
  beforeLoad: ({ location }) => {
    // An e-mail link that fell back to the site URL returns here with the session in the fragment: the
    // page that reads it (with the auth client) is /home, or /reset-password for a recovery link.
    const fragment = new URLSearchParams(location.hash.replace(/^#/, ''));
    if (fragment.has('access_token') || fragment.has('error_description')) {
      const to = fragment.get('type') === 'recovery' ? '/reset-password' : '/home';
      throw redirect({ to, hash: location.hash, replace: true });
    }
    if (hasStoredSession()) throw redirect({ to: '/home', replace: true });
  },
  loader: ({ context }) => context.i18n.loadNamespaces('landing'),
}).lazy(() => retryImport(() => import('./index.lazy')).then((module) => module.Route));
