import { Anchor, Stack } from '@mantine/core';
import { IconLogin2 } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { prewarmSyncWorker } from '@/sync/worker-prewarm';
import { AuthCard } from './auth-card';
import { ForgotPasswordForm } from './forgot-password-form';
import { LoginForm } from './login-form';
import { OAuthButtons } from './oauth-buttons';
import { SessionEndedNotice } from './session-ended-notice';

export function LoginPage() {
  const { t } = useTranslation('auth');
  // null: the sign-in form; a string: the forgot-password form, prefilled with what was typed.
  const [forgotEmail, setForgotEmail] = useState<string | null>(null);
  // The sync worker loads while the user types, not after sign-in (src/sync/worker-prewarm.ts).
  useEffect(prewarmSyncWorker, []);
  return (
    <AuthCard
      icon={<IconLogin2 size={26} />}
      title={t('login.title')}
      description={t('login.description')}
      footer={
        <>
          {t('login.noAccount')}{' '}
          <Anchor component={Link} to="/register" fw={600}>
            {t('login.registerLink')}
          </Anchor>
        </>
      }
    >
      {forgotEmail === null ? (
        <Stack gap="lg">
          <SessionEndedNotice />
          <LoginForm onForgotPassword={setForgotEmail} />
          <OAuthButtons />
        </Stack>
      ) : (
        <ForgotPasswordForm initialEmail={forgotEmail} onDone={() => setForgotEmail(null)} />
      )}
    </AuthCard>
  );
}
