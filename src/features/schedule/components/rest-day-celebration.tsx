import { Badge, Button, Group, Modal, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconFlame, IconMoon } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { countMessages, messageIndex, streakGroup } from '../model/messages';
import classes from './schedule.module.css';

interface RestDayCelebrationProps {
  /** The confirmed day, or null when closed. */
  day: string | null;
  streak: number;
  onClose: () => void;
}

/**
 * The rest-day moment: "+10 XP", one of the ~90 translated rest-day messages and, with a streak, a
 * streak message for its length (motivation namespace). The picks are fixed per day and streak.
 */
export function RestDayCelebration({ day, streak, onClose }: RestDayCelebrationProps) {
  const { t } = useTranslation('motivation');
  const { t: ts } = useTranslation('schedule');
  if (day === null) return null;

  const restCount = countMessages(t('restDay.messages', { returnObjects: true }));
  const restMessage = t(`restDay.messages.${messageIndex(day, restCount)}` as 'restDay.messages.0');
  const group = streakGroup(streak);
  const streakCount = countMessages(t(`streak.${group}`, { returnObjects: true }));
  const streakMessage =
    streak > 0
      ? t(`streak.${group}.${messageIndex(day, streakCount, streak)}` as 'streak.start.0', { count: streak })
      : null;

  return (
    <Modal
      opened
      onClose={onClose}
      title={t('restDay.title')}
      radius="lg"
      centered
      size="md"
      closeButtonProps={{ 'aria-label': ts('close') }}
    >
      <Stack align="center" gap="md" ta="center" data-testid="rest-day-celebration">
        <ThemeIcon size={64} radius="xl" color="teal" variant="light" aria-hidden>
          <IconMoon size={36} />
        </ThemeIcon>
        <Text className={classes.celebrationXp} data-testid="rest-day-xp">
          {t('restDay.xp')}
        </Text>
        <Text fz="lg" fw={600}>
          {restMessage}
        </Text>
        {streakMessage && (
          <Stack gap={6} align="center">
            <Badge size="lg" color="flame" variant="light" leftSection={<IconFlame size={16} aria-hidden />}>
              {ts('stats.streak', { count: streak })}
            </Badge>
            <Text c="dimmed">{streakMessage}</Text>
          </Stack>
        )}
        <Group justify="center">
          <Button color="teal" onClick={onClose} data-autofocus>
            {ts('celebration.close')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
