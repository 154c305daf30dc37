import { Alert, Button, Stack, Text } from '@mantine/core';
import { IconAlertCircle, IconDownload } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useUserData } from '@/sync/user-data-context';
import { exportMyData } from '../data/export-data';
import { toastSuccess } from '@/lib/feedback/toast';
import { SettingsSection } from './settings-section';

type Problem = { reason: 'offline' } | { reason: 'failed'; message: string } | null;

/** Export my data: a JSON file of everything the server stores about me (online only). */
export function ExportSection() {
  const { t } = useTranslation('settings');
  const { sync } = useUserData();
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<Problem>(null);

  const run = async () => {
    setBusy(true);
    setProblem(null);
    const result = await exportMyData(sync);
    setBusy(false);
    if (result.ok) toastSuccess(t('data.exported'));
    else setProblem(result.reason === 'offline' ? { reason: 'offline' } : result);
  };

  return (
    <SettingsSection title={t('data.heading')}>
      <Stack gap="sm" align="flex-start">
        <Text size="sm" c="dimmed">
          {t('data.exportHint')}
        </Text>
        {problem !== null && (
          <Alert
            role="alert"
            color={problem.reason === 'offline' ? 'orange' : 'red'}
            variant="light"
            icon={<IconAlertCircle size={18} aria-hidden />}
          >
            {problem.reason === 'offline'
              ? t('data.offline')
              : t('data.failed', { message: problem.message })}
          </Alert>
        )}
        <Button
          leftSection={<IconDownload size={18} aria-hidden />}
          loading={busy}
          onClick={() => void run()}
        >
          {busy ? t('data.exporting') : t('data.export')}
        </Button>
      </Stack>
    </SettingsSection>
  );
}
