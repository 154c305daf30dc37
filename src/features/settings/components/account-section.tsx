import { Badge, Button, Group, Stack, Text } from '@mantine/core';
import { IconKey, IconLogout } from '@tabler/icons-react';
import { useNavigate } from '@tanstack/react-router';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useUserData } from '@/app/user-data/user-data-context';
import { signOut } from '../data/sign-out';
import { toastError, toastSuccess } from '../data/toasts';
import { SettingsSection } from './settings-section';

/** Who is signed in, change password (coming soon, per the spec) and sign out. */
export function AccountSection() {
  const { t } = useTranslation(['settings', 'auth']);
  const { user } = useUserData();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const soonId = useId();

  const leave = async () => {
    setBusy(true);
    const result = await signOut();
    setBusy(false);
    if (result.ok) {
      toastSuccess(t('auth:toast.signedOut'));
      await navigate({ to: '/' });
    } else toastError(result.message, t('auth:toast.signOutFailed'));
  };

  return (
    <SettingsSection title={t('account.heading')}>
      {user.email !== undefined && user.email !== '' && (
        <Text size="sm" c="dimmed">
          {t('account.signedInAs', { email: user.email })}
        </Text>
      )}
      <Stack gap="sm" align="flex-start">
        <Group gap="sm">
          <Button
            variant="default"
            leftSection={<IconKey size={18} aria-hidden />}
            disabled
            aria-describedby={soonId}
          >
            {t('account.changePassword')}
          </Button>
          <Badge id={soonId} variant="light" color="gray">
            {t('account.comingSoon')}
          </Badge>
        </Group>
        <Button
          variant="light"
          color="red"
          leftSection={<IconLogout size={18} aria-hidden />}
          loading={busy}
          onClick={() => void leave()}
        >
          {t('account.signOut')}
        </Button>
      </Stack>
    </SettingsSection>
  );
}
