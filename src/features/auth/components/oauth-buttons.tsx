import { Button, Divider, Stack } from '@mantine/core';
import { IconBrandApple, IconBrandGoogle } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { signInWithProvider } from '../data/auth-actions';
import { toastError } from '@/lib/feedback/toast';

/** Google and Apple through Supabase OAuth (locally: the emulator's test-identity page). */
export function OAuthButtons() {
  const { t } = useTranslation('auth');
  const [pending, setPending] = useState<'google' | 'apple' | null>(null);

  const start = async (provider: 'google' | 'apple') => {
    setPending(provider);
    const result = await signInWithProvider(provider);
    // On success the browser is already leaving for the provider's page.
    if (!result.ok) {
      setPending(null);
      toastError(result.message, { title: t('toast.signInFailed') });
    }
  };

  return (
    <Stack gap="sm">
      <Divider label={t('login.or')} labelPosition="center" />
      <Button
        variant="default"
        leftSection={<IconBrandGoogle size={18} aria-hidden />}
        loading={pending === 'google'}
        onClick={() => void start('google')}
      >
        {t('login.google')}
      </Button>
      <Button
        variant="default"
        leftSection={<IconBrandApple size={18} aria-hidden />}
        loading={pending === 'apple'}
        onClick={() => void start('apple')}
      >
        {t('login.apple')}
      </Button>
    </Stack>
  );
}
