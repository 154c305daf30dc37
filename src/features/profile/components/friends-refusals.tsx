import { Alert, Stack } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { FriendRefusal } from '../model/friend-ledger';

/**
 * Friend writes the server refused after the fact (sent offline, answered later): the spec's message,
 * shown until dismissed. The handle is text typed by the user; React renders it as text.
 */
export function FriendsRefusals({
  refusals,
  onDismiss,
}: {
  refusals: readonly FriendRefusal[];
  onDismiss: (key: string) => void;
}) {
  const { t } = useTranslation('friends');
  if (refusals.length === 0) return null;
  return (
    <Stack gap="xs">
      {refusals.map((refusal) => (
        <Alert
          key={`${refusal.key}:${refusal.at}`}
          color="red"
          variant="light"
          role="alert"
          icon={<IconAlertTriangle size={18} aria-hidden />}
          withCloseButton
          closeButtonLabel={t('refused.dismiss')}
          onClose={() => onDismiss(refusal.key)}
        >
          {t(`refused.${refusal.action}`, { handle: refusal.handle ?? '', reason: t(refusal.reason) })}
        </Alert>
      ))}
    </Stack>
  );
}
