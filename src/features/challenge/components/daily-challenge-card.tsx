import { Alert, Badge, Card, Group, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconBolt, IconCalendarCheck, IconCloudUpload, IconTrophy } from '@tabler/icons-react';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { partNamespace } from '@/lib/i18n/locale-parts';
import { hapticFeedback, soundFeedback } from '@/lib/feedback';
import type { DailyChallengeView } from '../data/daily-challenge-view';
import type { DailyChallengeModel } from '../data/use-daily-challenge';
import { CARD_NAMESPACE } from './card-namespace';
import { challengeContent } from './challenge-content';
import { ChallengeDetails } from './challenge-details';
import { ChallengeTimer } from './challenge-timer';
import classes from './daily-challenge-card.module.css';

/**
 * The daily challenge on the home screen: today's (UTC) exercise with its timer, claimed once per day.
 * Once completed it says to come back tomorrow; a claim waiting for the network says so.
 */
export function DailyChallengeCard({ model }: { model: DailyChallengeModel }) {
  const { view } = model;
  if (view === undefined) return <LoadingCard />;
  // Today's catalogue entry loads on its own (challenges@<id>, a few hundred bytes), the card meanwhile
  // keeps its loading state.
  return (
    <Suspense fallback={<LoadingCard />}>
      <LoadedCard model={model} view={view} />
    </Suspense>
  );
}

function LoadingCard() {
  const { t } = useTranslation(CARD_NAMESPACE);
  return (
    <Card withBorder radius="lg" padding="lg" data-walkthrough="home-daily-card" aria-busy="true">
      <Text c="dimmed">{t('card.loading')}</Text>
    </Card>
  );
}

function LoadedCard({ model, view }: { model: DailyChallengeModel; view: DailyChallengeView }) {
  const entryNamespace = partNamespace('challenges', view.challengeId);
  const { t, i18n } = useTranslation([CARD_NAMESPACE, 'home', 'errors', entryNamespace]);
  const { claiming, error, claim } = model;
  const content = challengeContent(
    i18n.getFixedT(null, entryNamespace),
    (key) => i18n.exists(key, { ns: entryNamespace }),
    view.challengeId,
    view,
  );

  const onClaim = async () => {
    const ok = await claim();
    hapticFeedback(ok ? 'success' : 'error');
    soundFeedback(ok ? 'success' : 'error');
  };

  return (
    <Card
      withBorder
      radius="lg"
      padding="lg"
      className={classes.card}
      data-walkthrough="home-daily-card"
      data-completed={view.completed || undefined}
      component="section"
      aria-labelledby="daily-challenge-title"
    >
      <Stack gap="md">
        <Group justify="space-between" align="flex-start" gap="xs">
          <Group gap="sm" wrap="nowrap" align="flex-start">
            <ThemeIcon size={44} radius="md" variant="gradient" gradient={{ from: 'orange', to: 'pink' }}>
              <IconBolt size={26} aria-hidden />
            </ThemeIcon>
            <div>
              <Text size="xs" fw={700} tt="uppercase" c="dimmed" lts={0.5}>
                {t('card.title')}
              </Text>
              <Title order={2} fz="h3" id="daily-challenge-title">
                {content.title}
              </Title>
            </div>
          </Group>
          <Badge size="lg" variant="light" leftSection={<IconTrophy size={14} aria-hidden />}>
            {t('card.points', { count: view.points })}
          </Badge>
        </Group>
        {content.description ? <Text c="dimmed">{content.description}</Text> : null}

        {view.completed ? (
          <Alert
            variant="light"
            color={view.pendingClaim ? 'yellow' : 'teal'}
            // The tint carries the state; the title stays in the text colour (contrast on the tint).
            styles={{ title: { color: 'var(--mantine-color-text)' } }}
            radius="md"
            icon={view.pendingClaim ? <IconCloudUpload aria-hidden /> : <IconCalendarCheck aria-hidden />}
            title={t('home:challenge.done')}
            role="status"
          >
            <Stack gap={4}>
              <Text size="sm">{t('card.completed')}</Text>
              {view.pendingClaim ? (
                <Text size="sm" fw={600}>
                  {t('card.pending')}
                </Text>
              ) : null}
            </Stack>
          </Alert>
        ) : (
          <ChallengeTimer
            loaded={view.loaded}
            points={view.points}
            claiming={claiming}
            onClaim={() => void onClaim()}
          />
        )}
        {error ? (
          <Alert color="red" variant="light" radius="md" role="alert">
            {t(error.message as 'errors:data.challengeNotLoaded')}
          </Alert>
        ) : null}
        <ChallengeDetails content={content} />
      </Stack>
    </Card>
  );
}
