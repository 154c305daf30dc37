import { Button, Card, Group, Progress, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LazyTooltip } from '@/lib/lazy/lazy-tooltip';
import { ProgressRing } from '@/lib/progress-ring';
import type { AchievementStatus } from '../model/achievements';
import { achievementLook } from './achievement-icon';
import classes from './home.module.css';

const COLLAPSED = 6;

/** Earned first, then the locked ones closest to done, each with its progress. */
export function AchievementsCard({ achievements }: { achievements: AchievementStatus[] }) {
  const { t } = useTranslation(['achievements', 'home']);
  const [expanded, setExpanded] = useState(false);
  const earned = achievements.filter((a) => a.unlocked);
  const locked = achievements.filter((a) => !a.unlocked).sort((a, b) => b.percent - a.percent);
  const ordered = [...earned, ...locked];
  const shown = expanded ? ordered : ordered.slice(0, COLLAPSED);
  return (
    <Card withBorder radius="lg" padding="lg" component="section" aria-labelledby="achievements-title">
      <Stack gap="md">
        <Group justify="space-between" align="baseline">
          <Title order={2} fz="h4" id="achievements-title">
            {t('achievements:title')}
          </Title>
          <Text size="sm" c="dimmed" data-testid="achievements-earned">
            {t('achievements:earned', { earned: earned.length, total: achievements.length })}
          </Text>
        </Group>
        <Progress
          value={(100 * earned.length) / Math.max(1, achievements.length)}
          size="sm"
          radius="xl"
          color="yellow"
          aria-hidden
        />
        <SimpleGrid
          cols={{ base: 3, xs: 3 }}
          spacing="sm"
          verticalSpacing="md"
          component="ul"
          m={0}
          p={0}
          style={{ listStyle: 'none' }}
        >
          {shown.map((a) => {
            const look = achievementLook(a.kind);
            const Icon = look.icon;
            const title = t(`achievements:items.${a.id}.title`);
            const description = t(`achievements:items.${a.id}.description`, { threshold: a.threshold });
            const state = a.unlocked
              ? t('achievements:unlocked')
              : `${t('achievements:locked')} · ${t('achievements:progress', { current: a.current, target: a.threshold })}`;
            return (
              <li
                key={a.id}
                className={classes.achievement}
                data-locked={a.unlocked ? undefined : true}
                data-achievement={a.id}
              >
                <LazyTooltip label={description} withArrow multiline w={200}>
                  <Stack
                    gap={4}
                    align="center"
                    tabIndex={0}
                    aria-label={`${title}: ${description}. ${state}`}
                  >
                    <ProgressRing
                      size={64}
                      thickness={4}
                      roundCaps
                      value={a.unlocked ? 100 : a.percent}
                      color={a.unlocked ? look.color : 'gray'}
                      label={
                        <ThemeIcon
                          className={classes.achievementIcon}
                          size={40}
                          radius="xl"
                          variant={a.unlocked ? 'filled' : 'light'}
                          color={a.unlocked ? look.color : 'gray'}
                          mx="auto"
                        >
                          {a.unlocked ? <Icon size={22} aria-hidden /> : <IconLock size={18} aria-hidden />}
                        </ThemeIcon>
                      }
                    />
                    {/* The whole name, wrapped: German and Italian names are longer than the cell, and a
                        clamped "Ruhe ist auch…" hides what was earned. Long compounds break inside. */}
                    <Text size="xs" fw={600} lh={1.2} className={classes.achievementName}>
                      {title}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {a.unlocked
                        ? t('achievements:unlocked')
                        : t('achievements:progress', { current: a.current, target: a.threshold })}
                    </Text>
                  </Stack>
                </LazyTooltip>
              </li>
            );
          })}
        </SimpleGrid>
        {ordered.length > COLLAPSED ? (
          <Button variant="subtle" size="xs" onClick={() => setExpanded((e) => !e)} aria-expanded={expanded}>
            {expanded ? t('home:achievements.showLess') : t('home:achievements.showAll')}
          </Button>
        ) : null}
      </Stack>
    </Card>
  );
}
