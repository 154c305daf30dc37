import { Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconLogin2, IconLogout2, IconMapPin } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { GymDoc } from '@/db/schemas/gyms';
import { formatTimeOfDay } from '@/lib/time-format';
import { useFormatLocale } from '@/lib/use-format-locale';

export interface HomeGymCardProps {
  gymId: string;
  /** Null while the gym row has not reached this device. */
  gym: GymDoc | null;
  /** When I am present here: my check-in time. */
  hereSince: string | null;
  /** My check-in is still on its way to the server. */
  waiting: boolean;
  busy: boolean;
  onCheckIn: () => void;
  onCheckOut: () => void;
}

export function HomeGymCard({
  gymId,
  gym,
  hereSince,
  waiting,
  busy,
  onCheckIn,
  onCheckOut,
}: HomeGymCardProps) {
  const { t } = useTranslation('gym');
  const locale = useFormatLocale();
  const name = gym?.name ?? gymId;
  const here = hereSince !== null;
  return (
    <Paper withBorder radius="lg" p="md" data-testid={`home-gym-${gymId}`}>
      <Group justify="space-between" align="flex-start" gap="sm">
        <Stack gap={4} miw={0}>
          <Group gap="xs">
            <Title order={3} size="h4">
              {name}
            </Title>
            {here ? (
              <Badge color="teal.9" variant="filled">
                {t('presence.you')}
              </Badge>
            ) : null}
          </Group>
          {gym ? (
            <Text size="sm" c="dimmed">
              <IconMapPin size={14} aria-hidden style={{ verticalAlign: 'middle' }} /> {gym.address},{' '}
              {gym.city}
            </Text>
          ) : null}
          {here ? (
            <Text size="sm" role="status">
              {t('checkIn.here', { time: formatTimeOfDay(hereSince, locale) })}
            </Text>
          ) : null}
          {here && waiting ? (
            <Text size="sm" c="dimmed">
              {t('checkIn.waiting')}
            </Text>
          ) : null}
        </Stack>
        {here ? (
          <Button
            style={{ flexShrink: 0 }}
            variant="light"
            color="gray"
            leftSection={<IconLogout2 size={16} aria-hidden />}
            loading={busy}
            onClick={onCheckOut}
          >
            {t('checkIn.checkOut')}
          </Button>
        ) : (
          <Button
            style={{ flexShrink: 0 }}
            leftSection={<IconLogin2 size={16} aria-hidden />}
            loading={busy}
            onClick={onCheckIn}
            // The home-screen shortcut "Check in" (/gym?do=checkin) focuses the first of these.
            data-shortcut="checkin"
            aria-label={t('checkIn.actionAt', { gym: name })}
          >
            {t('checkIn.action')}
          </Button>
        )}
      </Group>
    </Paper>
  );
}
