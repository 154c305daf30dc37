import { Card, Group, Progress, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconTarget } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { NextGoal } from '../model/next-goal';
import classes from './home.module.css';

export function NextGoalCard({ goal }: { goal: NextGoal | undefined }) {
  const { t, i18n } = useTranslation(['achievements', 'home']);
  const nf = new Intl.NumberFormat(i18n.language);
  let title = '';
  let detail = '';
  let description = '';
  if (goal?.type === 'level') {
    title = t('achievements:nextGoal.reachLevel', { level: goal.level });
    detail = t('home:goal.levelProgress', { xp: nf.format(goal.xpToGo) });
    description = t('achievements:nextGoal.nextLevel');
  } else if (goal) {
    title = t(`achievements:items.${goal.id}.title`);
    description = t(`achievements:items.${goal.id}.description`, { threshold: goal.threshold });
    detail = t('home:goal.achievementProgress', {
      current: goal.current,
      target: goal.threshold,
      remaining: goal.remaining,
    });
  }
  return (
    <Card withBorder radius="lg" padding="lg" className={classes.statCard} data-testid="next-goal">
      <Stack gap="xs">
        <Group gap="md" wrap="nowrap">
          <ThemeIcon size={52} radius="xl" variant="light" color="grape">
            <IconTarget size={30} aria-hidden />
          </ThemeIcon>
          <Stack gap={2} style={{ minWidth: 0 }}>
            <Text size="xs" fw={700} tt="uppercase" c="dimmed" lts={0.5}>
              {t('achievements:nextGoal.title')}
            </Text>
            <Text fz={20} fw={800} lh={1.2} lineClamp={2}>
              {title}
            </Text>
            <Text size="sm" c="dimmed" lineClamp={2}>
              {description}
            </Text>
          </Stack>
        </Group>
        {/* While the goal loads the title is empty; a progress bar always needs a name (axe). */}
        <Progress
          value={goal?.percent ?? 0}
          size="lg"
          radius="xl"
          color="grape"
          aria-label={title || t('achievements:nextGoal.title')}
        />
        <Text size="xs" c="dimmed">
          {detail}
        </Text>
      </Stack>
    </Card>
  );
}
