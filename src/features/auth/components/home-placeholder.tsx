import { Button, Container, Paper, Stack, Text, Title } from '@mantine/core';
import { IconLogout } from '@tabler/icons-react';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAuthState } from '@/lib/auth/use-auth-state';
import { usePageTitle } from '@/lib/use-page-title';
import { signOut } from '../data/auth-actions';
import { toastError, toastSuccess } from '../toasts';

/** A stand-in for /home until the real home screen lands: proves the session and offers sign out. */
export function HomePlaceholder() {
  const { t } = useTranslation('auth');
  const auth = useAuthState();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const user = auth.status === 'signedIn' ? auth.user : undefined;
  const meta = (user?.user_metadata ?? {}) as Record<string, unknown>;
  const name =
    [meta.username, meta.first_name, meta.name, user?.email].find(
      (value): value is string => typeof value === 'string' && value !== '',
    ) ?? '';
  usePageTitle(t('home.welcome', { name }));

  const leave = async () => {
    setBusy(true);
    const result = await signOut();
    setBusy(false);
    if (result.ok) {
      toastSuccess(t('toast.signedOut'));
      await navigate({ to: '/' });
    } else toastError(result.message, t('toast.signOutFailed'));
  };

  return (
    <Container size={560} py="xl">
      <Paper withBorder radius="lg" p="xl">
        <Stack gap="md" align="flex-start">
          <Title order={1} fz="h2">
            {t('home.welcome', { name })}
          </Title>
          <Text c="dimmed">{t('home.description')}</Text>
          <Button
            variant="default"
            leftSection={<IconLogout size={18} aria-hidden />}
            loading={busy}
            onClick={() => void leave()}
          >
            {t('home.signOut')}
          </Button>
        </Stack>
      </Paper>
    </Container>
  );
}
