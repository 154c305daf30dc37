import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { WorkoutDoc } from '@/db/schemas/workouts';
import { useFormatLocale } from '@/lib/use-format-locale';
import { formatLongDay } from '../model/format';
import { workoutName } from './workout-labels';

interface DeleteWorkoutModalProps {
  workout: WorkoutDoc | null;
  onCancel: () => void;
  onConfirm: (workout: WorkoutDoc) => Promise<void>;
}

/** Deleting asks first (the spec); the safe choice has the focus. */
export function DeleteWorkoutModal({ workout, onCancel, onConfirm }: DeleteWorkoutModalProps) {
  const { t } = useTranslation('schedule');
  const locale = useFormatLocale();
  const [busy, setBusy] = useState(false);
  const confirm = async () => {
    if (!workout) return;
    setBusy(true);
    await onConfirm(workout);
    setBusy(false);
  };
  return (
    <Modal
      opened={workout !== null}
      onClose={onCancel}
      title={t('delete.title')}
      radius="lg"
      centered
      closeButtonProps={{ 'aria-label': t('close') }}
    >
      {workout && (
        <Stack gap="lg">
          <Text>
            {t('delete.body', {
              name: workoutName(t, workout),
              date: formatLongDay(workout.date, locale),
            })}
          </Text>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onCancel} data-autofocus>
              {t('delete.cancel')}
            </Button>
            <Button color="red" loading={busy} onClick={() => void confirm()}>
              {t('delete.confirm')}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
