import { Badge, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { IconDevices, IconKey, IconLogout } from '@tabler/icons-react';
import { useNavigate } from '@tanstack/react-router';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useUserData } from '@/sync/user-data-context';
import { signOut, type SignOutScope } from '@/lib/auth/sign-out';
import { toastError, toastSuccess } from '@/lib/feedback/toast';
import { SettingsSection } from './settings-section';

/**
 * Who is signed in, change password (coming soon, per the spec), sign out of this device, and sign out
 * everywhere (every device of the user, after a confirmation: decisions.md, "Sign-out scope").
 */
export function AccountSection() {
  const { t } = useTranslation(['settings', 'auth']);
  const { user } = useUserData();
  const navigate = useNavigate();
  const [busy, setBusy] = useState<SignOutScope | null>(null);
  const [confirmEverywhere, setConfirmEverywhere] = useState(false);
  const soonId = useId();

  const leave = async (scope: SignOutScope) => {
    setBusy(scope);
    const result = await signOut(scope);
    setBusy(null);
    setConfirmEverywhere(false);
    if (result.ok) {
      toastSuccess(t('auth:toast.signedOut'));
      await navigate({ to: '/' });
    } else toastError(result.message, { title: t('auth:toast.signOutFailed') });
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
        <Group gap="sm">
          <Button
            variant="light"
            color="red"
            leftSection={<IconLogout size={18} aria-hidden />}
            loading={busy === 'local'}
            disabled={busy === 'global'}
            onClick={() => void leave('local')}
          >
            {t('account.signOut')}
          </Button>
          <Button
            variant="subtle"
            color="red"
            leftSection={<IconDevices size={18} aria-hidden />}
            disabled={busy !== null}
            onClick={() => setConfirmEverywhere(true)}
          >
            {t('account.signOutEverywhere')}
          </Button>
        </Group>
        <Text size="xs" c="dimmed">
          {t('account.signOutHint')}
        </Text>
      </Stack>

      <Modal
        opened={confirmEverywhere}
        onClose={() => setConfirmEverywhere(false)}
        title={t('account.everywhereTitle')}
        centered
      >
        <Stack gap="md">
          <Text size="sm">{t('account.everywhereBody')}</Text>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={() => setConfirmEverywhere(false)}>
              {t('account.cancel')}
            </Button>
            <Button color="red" loading={busy === 'global'} onClick={() => void leave('global')}>
              {t('account.everywhereConfirm')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </SettingsSection>
  );
}
