import { Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { parseHandle } from '@/domain/identity';
import { addFriendByHandle, type FriendRpc } from '../data/friend-actions';
import { toastSuccess } from './profile-toasts';

/**
 * Add a friend by Spotter ID (`username#1234`). The format is checked here; the server refuses yourself,
 * an existing friend, a duplicate request and an unknown user, each with the spec's message under the field.
 */
export function AddFriendDialog({
  opened,
  onClose,
  sync,
}: {
  opened: boolean;
  onClose: () => void;
  sync: FriendRpc;
}) {
  const { t } = useTranslation('profile');
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const close = () => {
    setValue('');
    setError(null);
    onClose();
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (parseHandle(value) === null) {
      setError(t('addFriend.invalid'));
      return;
    }
    setBusy(true);
    const result = await addFriendByHandle(sync, value);
    setBusy(false);
    if (!result.ok) {
      setError(t(result.message));
      return;
    }
    toastSuccess(result.value === 'friends' ? t('addFriend.nowFriends') : t('addFriend.sent'));
    close();
  };

  return (
    <Modal opened={opened} onClose={close} title={t('addFriend.title')} centered>
      <form onSubmit={(event) => void submit(event)} noValidate>
        <Stack gap="md">
          <Text size="sm" c="dimmed">
            {t('addFriend.description')}
          </Text>
          <TextInput
            label={t('addFriend.label')}
            placeholder={t('addFriend.placeholder')}
            value={value}
            onChange={(event) => {
              setValue(event.currentTarget.value);
              setError(null);
            }}
            error={error}
            autoComplete="off"
            autoCapitalize="none"
            spellCheck={false}
            data-autofocus
            required
          />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close}>
              {t('addFriend.cancel')}
            </Button>
            <Button type="submit" loading={busy}>
              {t('addFriend.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
