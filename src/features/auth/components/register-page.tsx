import { Alert, Anchor, Button, SegmentedControl, Stack, Text } from '@mantine/core';
import { IconMailCheck, IconUserPlus } from '@tabler/icons-react';
import { Link, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { resendVerification, signUp } from '../data/auth-actions';
import { toastError, toastSuccess } from '@/lib/feedback/toast';
import { AuthCard } from './auth-card';
import { RegisterFormA } from './register-form-a';
import { RegisterFormB } from './register-form-b';

export type RegisterVariant = 'a' | 'b';

interface RegisterPageProps {
  /** From the `?variant=` search parameter; the toggle on the page switches it too. */
  variant: RegisterVariant;
}

export function RegisterPage({ variant }: RegisterPageProps) {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const [sentTo, setSentTo] = useState<string | null>(null);

  const submit = async (email: string, password: string, data: Record<string, string>) => {
    setBusy(true);
    const result = await signUp(email, password, data);
    setBusy(false);
    if (!result.ok) toastError(result.message, { title: t('toast.createFailed') });
    else if (result.signedIn) void navigate({ to: '/home' });
    else {
      toastSuccess(t('toast.accountCreated'));
      setSentTo(email.trim());
    }
  };

  const resend = async (email: string) => {
    const result = await resendVerification(email);
    if (result.ok) toastSuccess(t('toast.verificationSent'));
    else toastError(result.message);
  };

  return (
    <AuthCard
      icon={<IconUserPlus size={26} />}
      title={t('register.title')}
      description={t('register.description')}
      footer={
        <>
          {t('register.haveAccount')}{' '}
          <Anchor component={Link} to="/login" fw={600}>
            {t('register.signInLink')}
          </Anchor>
        </>
      }
    >
      {sentTo !== null ? (
        <Alert
          color="teal"
          variant="light"
          icon={<IconMailCheck size={20} />}
          title={t('register.checkInboxTitle')}
        >
          <Stack gap="sm" align="flex-start">
            <Text size="sm">{t('register.checkInbox', { email: sentTo })}</Text>
            <Button size="xs" variant="light" color="teal" onClick={() => void resend(sentTo)}>
              {t('register.resend')}
            </Button>
          </Stack>
        </Alert>
      ) : (
        <Stack gap="lg">
          <Stack gap={6}>
            <Text size="sm" fw={600} id="register-variant-label">
              {t('register.variantLabel')}
            </Text>
            <SegmentedControl
              fullWidth
              aria-labelledby="register-variant-label"
              value={variant}
              onChange={(value) =>
                void navigate({
                  to: '/register',
                  search: value === 'b' ? { variant: 'b' } : {},
                  replace: true,
                })
              }
              data={[
                { value: 'a', label: t('register.variantA') },
                { value: 'b', label: t('register.variantB') },
              ]}
            />
          </Stack>
          {variant === 'a' ? (
            <RegisterFormA busy={busy} onSubmit={(...args) => void submit(...args)} />
          ) : (
            <RegisterFormB busy={busy} onSubmit={(...args) => void submit(...args)} />
          )}
        </Stack>
      )}
    </AuthCard>
  );
}
