import { Alert, Badge, Button, Card, Group, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconBarbell, IconCalendarPlus, IconClock, IconMoon, IconPlus } from '@tabler/icons-react';
import { useRouter } from '@tanstack/react-router';
import { memo, useState, type MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useUserData } from '@/sync/user-data-context';
import { confirmRestDay } from '@/db/commands/rest-days';
import { restDaysInRange, workoutsInRange } from '@/db/queries';
import { XP_PLAN_WORKOUT, XP_REST_DAY } from '@/domain/constants';
import { hapticFeedback, soundFeedback } from '@/lib/feedback';
import { formatClockTime } from '@/lib/time-format';
import { useFormatLocale } from '@/lib/use-format-locale';
import { useLive } from '@/sync/use-live';

/** /schedule with the plan form open for today (src/routes/schedule.route.tsx). */
const PLAN_PATH = '/schedule?plan=1';

/** Today's workouts, or the confirmed rest day, or the prompt to plan one or confirm a rest day. */
export const TodayCard = memo(function TodayCard({ today }: { today: string }) {
  const { t } = useTranslation(['home', 'errors']);
  const { db, userId } = useUserData();
  const router = useRouter();
  const workouts = useLive((db) => workoutsInRange(db, userId, today, today), [userId, today]);
  const rests = useLive((db) => restDaysInRange(db, userId, today, today), [userId, today]);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  // /schedule is added to the route tree by the schedule screen; a history push keeps this card free of
  // a typed Link to a route the tree may not have yet, and stays a client-side navigation.
  const openPlanForm = (event: MouseEvent) => {
    event.preventDefault();
    router.history.push(PLAN_PATH);
  };

  const onRest = async () => {
    setBusy(true);
    setError(null);
    const result = await confirmRestDay({ db, userId });
    setBusy(false);
    hapticFeedback(result.ok ? 'success' : 'error');
    if (result.ok) soundFeedback('success');
    else setError(result.error.message);
  };

  const locale = useFormatLocale();
  const sorted = [...(workouts ?? [])].sort((a, b) => (a.time ?? '99').localeCompare(b.time ?? '99'));
  const rested = (rests?.length ?? 0) > 0;

  return (
    <Card
      withBorder
      radius="lg"
      padding="lg"
      component="section"
      aria-labelledby="today-title"
      data-testid="today-card"
    >
      <Stack gap="md">
        <Group justify="space-between">
          <Title order={2} fz="h4" id="today-title">
            {t('today.title')}
          </Title>
          {sorted.length > 0 ? (
            <Button
              component="a"
              href={PLAN_PATH}
              onClick={openPlanForm}
              variant="subtle"
              size="xs"
              leftSection={<IconPlus size={14} aria-hidden />}
            >
              {t('today.planAnother')}
            </Button>
          ) : null}
        </Group>
        {sorted.length > 0 ? (
          <Stack gap="xs" component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
            {sorted.map((w) => (
              <Group key={w.id} component="li" gap="sm" wrap="nowrap" data-workout-id={w.id}>
                <ThemeIcon size={40} radius="md" variant="light" color="orange">
                  <IconBarbell size={22} aria-hidden />
                </ThemeIcon>
                <Stack gap={0} style={{ minWidth: 0, flex: 1 }}>
                  <Text fw={700} truncate>
                    {w.title ?? t(`workoutTypes.${w.type}`)}
                  </Text>
                  <Group gap={6}>
                    <Text size="sm" c="dimmed">
                      <IconClock size={13} aria-hidden style={{ verticalAlign: -2 }} />{' '}
                      {w.time ? formatClockTime(w.time, locale) : t('today.anyTime')}
                    </Text>
                    {w.duration_min ? (
                      <Text size="sm" c="dimmed">
                        · {t('today.minutes', { count: w.duration_min })}
                      </Text>
                    ) : null}
                  </Group>
                </Stack>
                <Badge variant="light" color="gray" tt="none">
                  {t(`workoutTypes.${w.type}`)}
                </Badge>
              </Group>
            ))}
          </Stack>
        ) : rested ? (
          <Group gap="sm" wrap="nowrap">
            <ThemeIcon size={40} radius="md" variant="light" color="teal">
              <IconMoon size={22} aria-hidden />
            </ThemeIcon>
            <Stack gap={0}>
              <Text fw={700}>{t('today.restConfirmed')}</Text>
              <Text size="sm" c="dimmed">
                {t('today.restHint')}
              </Text>
            </Stack>
          </Group>
        ) : (
          <Stack gap="sm">
            <div>
              <Text fw={700}>{t('today.noPlan')}</Text>
              <Text size="sm" c="dimmed">
                {t('today.noPlanHint')}
              </Text>
            </div>
            <Group gap="sm">
              <Button
                component="a"
                href={PLAN_PATH}
                onClick={openPlanForm}
                leftSection={<IconCalendarPlus size={18} aria-hidden />}
                rightSection={
                  <Text span size="xs" fw={700}>
                    {t('today.planXp', { xp: XP_PLAN_WORKOUT })}
                  </Text>
                }
              >
                {t('today.plan')}
              </Button>
              <Button
                variant="default"
                leftSection={<IconMoon size={18} color="var(--mantine-color-teal-6)" aria-hidden />}
                rightSection={
                  <Text span size="xs" fw={700} c="dimmed">
                    {t('today.planXp', { xp: XP_REST_DAY })}
                  </Text>
                }
                loading={busy}
                onClick={() => void onRest()}
                // The home-screen shortcut "Confirm rest day" (/home?do=rest) focuses it.
                data-shortcut="rest"
              >
                {t('today.confirmRest')}
              </Button>
            </Group>
          </Stack>
        )}
        {error ? (
          <Alert color="red" variant="light" role="alert">
            {t(error as 'errors:data.restDayNotToday')}
          </Alert>
        ) : null}
      </Stack>
    </Card>
  );
});
