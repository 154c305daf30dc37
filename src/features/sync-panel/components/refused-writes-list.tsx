import { Alert, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useUserData } from '@/sync/user-data-context';
import type { FailedWrite } from '@/db/pending-writes';
import type { QueueOutcomeRecord } from '@/lib/service-worker/write-queue';
import { useFormatLocale } from '@/lib/use-format-locale';
import { REASON_NAMESPACES, refusalReasonKey } from '../model/refusal-reason';
import { refusedWrites, type RefusedWrite } from '../model/refused-writes';
import { retryOf } from '../model/retry-write';
import type { WriteLabel } from '../model/write-label';
import { useWriteLabels } from './use-write-labels';

interface RefusedWritesListProps {
  failed: readonly FailedWrite[];
  rejected: readonly QueueOutcomeRecord[];
  dismissFailedWrite: (key: string) => Promise<void>;
  dismissRejectedRequest: (id: string) => Promise<void>;
}

/** Each refused write: what it was, the server's reason, Discard, and Retry where sending it again is safe. */
export function RefusedWritesList(props: RefusedWritesListProps) {
  const { t } = useTranslation(REASON_NAMESPACES);
  const { db, userId } = useUserData();
  const locale = useFormatLocale();
  const writes = useMemo(() => refusedWrites(props.failed, props.rejected), [props.failed, props.rejected]);
  const labels = useWriteLabels(db, writes, locale);
  const [busy, setBusy] = useState<string | null>(null);
  const [retryError, setRetryError] = useState<string | null>(null);

  const dismiss = (write: RefusedWrite) =>
    write.source === 'ledger' ? props.dismissFailedWrite(write.key) : props.dismissRejectedRequest(write.key);

  const labelText = (label: WriteLabel | undefined) =>
    label === undefined
      ? t('sync:write.other')
      : // Every WriteLabelKey is a key of `sync:write` (the type lists them); its values fill the text.
        t(`sync:write.${label.key}` as 'sync:write.checkIn', { gym: '', ...label.values });

  const onDiscard = async (write: RefusedWrite) => {
    setBusy(write.id);
    try {
      await dismiss(write);
    } finally {
      setBusy(null);
    }
  };

  const onRetry = async (write: RefusedWrite) => {
    const retry = retryOf(write);
    if (retry === null) return;
    setBusy(write.id);
    setRetryError(null);
    try {
      // The refusal leaves the list first: a new refusal of the same write (same ledger key) must not be
      // the one removed after the command has recorded it.
      await dismiss(write);
      const result = await retry({ db, userId });
      if (!result.ok) {
        setRetryError(
          t('sync:panel.retryFailed', { reason: t(result.error.message as 'sync:reason.generic') }),
        );
      }
    } finally {
      setBusy(null);
    }
  };

  return (
    <Stack gap="xs">
      {retryError !== null && (
        <Alert color="red" variant="light" role="alert">
          {retryError}
        </Alert>
      )}
      <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
        {writes.map((write) => {
          const what = labelText(labels.get(write.id));
          const canRetry = retryOf(write) !== null;
          return (
            <Paper
              key={write.id}
              component="li"
              withBorder
              p="sm"
              radius="md"
              data-refused-write={write.code}
            >
              <Stack gap={6}>
                <Text fw={600} size="sm">
                  {what}
                </Text>
                <Text size="sm">{t(refusalReasonKey(write.code))}</Text>
                {!canRetry && (
                  <Text size="xs" c="dimmed">
                    {t('sync:panel.noRetry')}
                  </Text>
                )}
                <Group gap="xs">
                  {canRetry && (
                    <Button
                      size="xs"
                      variant="light"
                      loading={busy === write.id}
                      disabled={busy !== null && busy !== write.id}
                      aria-label={t('sync:panel.retryLabel', { what })}
                      onClick={() => void onRetry(write)}
                    >
                      {t('sync:panel.retry')}
                    </Button>
                  )}
                  <Button
                    size="xs"
                    variant="default"
                    disabled={busy !== null}
                    aria-label={t('sync:panel.discardLabel', { what })}
                    onClick={() => void onDiscard(write)}
                  >
                    {t('sync:panel.discard')}
                  </Button>
                </Group>
              </Stack>
            </Paper>
          );
        })}
      </Stack>
    </Stack>
  );
}
