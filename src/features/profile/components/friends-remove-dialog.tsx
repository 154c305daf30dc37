import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** Asks before ending a friendship (spec point 2: remove a friend with confirmation). */
export function FriendsRemoveDialog({
  name,
  onConfirm,
  onClose,
}: {
  /** The friend's handle; null keeps the dialog closed. */
  name: string | null;
  onConfirm: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation('friends');
  return (
    <Modal opened={name !== null} onClose={onClose} title={t('remove.title')} centered>
      <Stack gap="md">
        <Text size="sm">{t('remove.body', { name: name ?? '' })}</Text>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} data-autofocus>
            {t('remove.keep')}
          </Button>
          <Button color="red" onClick={onConfirm}>
            {t('remove.confirm')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
