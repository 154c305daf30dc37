import { Alert } from '@mantine/core';
import { IconLogout } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { clearSessionEndedNotice, sessionEndedNoticePending } from '@/lib/auth/session-ended';

/**
 * On /login after a session ended without the user asking (signed out everywhere from another device, a
 * refresh the server refused): says why, and that unsent changes are kept. Stays until closed or until the
 * user signs in again.
 */
export function SessionEndedNotice() {
  const { t } = useTranslation('auth');
  const [shown, setShown] = useState(sessionEndedNoticePending);
  if (!shown) return null;
  return (
    <Alert
      color="orange"
      variant="light"
      icon={<IconLogout size={18} aria-hidden />}
      title={t('sessionEnded.title')}
      withCloseButton
      closeButtonLabel={t('sessionEnded.close')}
      onClose={() => {
        clearSessionEndedNotice();
        setShown(false);
      }}
      role="alert"
    >
      {t('sessionEnded.body')}
    </Alert>
  );
}
