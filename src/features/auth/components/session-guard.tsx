import { Button, Center, Loader, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconPlugConnectedX, IconShieldX } from '@tabler/icons-react';
import { Navigate } from '@tanstack/react-router';
import type { User } from '@supabase/supabase-js';
import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { AUTH_LOADING_TIMEOUT_MS } from '@/domain/constants';
import { signedOutDestination } from '@/lib/auth/session-ended';
import { useAuthState } from '@/lib/auth/use-auth-state';
import { reloadPage } from '@/lib/reload-page';
import { needsSecondFactor } from '../data/assurance-level';

// Only a session that still owes its sign-in code shows the code form: its chunk (form, inputs) stays
// off the first signed-in screen of everyone else.
const SecondFactorGate = lazy(() =>
  import('./second-factor-gate').then((module) => ({ default: module.SecondFactorGate })),
);

/**
 * The protected routes' gate (spec point 2, session check): a verifying-session screen while the session
 * loads, Connection Timeout with a reload button after 8 s, /login without a user (the landing page right
 * after the user's own sign-out), /reset-password for a recovery session, the Authentication Error message
 * when reading the session failed.
 */
export function SessionGuard({
  children,
}: {
  children: (signedIn: { user: User; accessToken: string }) => ReactNode;
}) {
  const auth = useAuthState();
  switch (auth.status) {
    case 'loading':
      return <VerifyingSession />;
    case 'signedOut':
      return <Navigate to={signedOutDestination()} replace />;
    case 'recovery':
      return <Navigate to="/reset-password" replace />;
    case 'error':
      return <SessionProblem kind="error" />;
    case 'signedIn':
      // An account with an authenticator app enters only after the sign-in code (aal2).
      if (needsSecondFactor(auth.session))
        return (
          <Suspense
            fallback={
              <Center mih="70vh">
                <Loader />
              </Center>
            }
          >
            <SecondFactorGate session={auth.session} />
          </Suspense>
        );
      return children({ user: auth.user, accessToken: auth.session.access_token });
  }
}

function VerifyingSession() {
  const { t } = useTranslation('auth');
  const [timedOut, setTimedOut] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setTimedOut(true), AUTH_LOADING_TIMEOUT_MS);
    return () => clearTimeout(timer);
  }, []);
  if (timedOut) return <SessionProblem kind="timeout" />;
  return (
    <Center mih="60vh" role="status" aria-live="polite">
      <Stack align="center" gap="sm">
        <Loader />
        <Text c="dimmed">{t('session.verifying')}</Text>
      </Stack>
    </Center>
  );
}

function SessionProblem({ kind }: { kind: 'timeout' | 'error' }) {
  const { t } = useTranslation('auth');
  const Icon = kind === 'timeout' ? IconPlugConnectedX : IconShieldX;
  return (
    <Center mih="60vh" p="md">
      <Stack align="center" ta="center" gap="sm" maw={420} role="alert">
        <ThemeIcon
          size={56}
          radius="xl"
          variant="light"
          color={kind === 'timeout' ? 'orange' : 'red'}
          aria-hidden
        >
          <Icon size={30} />
        </ThemeIcon>
        <Title order={1} fz="h2">
          {t(kind === 'timeout' ? 'session.timeoutTitle' : 'session.errorTitle')}
        </Title>
        <Text c="dimmed">
          {t(kind === 'timeout' ? 'session.timeoutDescription' : 'session.errorDescription')}
        </Text>
        <Button mt="xs" onClick={reloadPage}>
          {t('session.reload')}
        </Button>
      </Stack>
    </Center>
  );
}
