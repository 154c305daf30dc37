import { Button, Group, Stack, Text } from '@mantine/core';
import { IconCheck, IconPlayerPause, IconPlayerPlay, IconRotate } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { CARD_NAMESPACE } from './card-namespace';
import { ProgressRing } from '@/lib/progress-ring';
import { elapsedPercent, formatClock } from '../model/challenge-timer';
import classes from './daily-challenge-card.module.css';
import { useChallengeTimer } from './use-challenge-timer';

interface ChallengeTimerProps {
  loaded: boolean;
  points: number;
  claiming: boolean;
  onClaim: () => void;
}

/** The 60 s ring with start/pause, reset and claim (enabled once the time is done). */
export function ChallengeTimer({ loaded, points, claiming, onClaim }: ChallengeTimerProps) {
  const { t } = useTranslation([CARD_NAMESPACE, 'home']);
  const { state, start, pause, reset } = useChallengeTimer();
  const clock = formatClock(state.remaining);
  const finished = state.status === 'finished';
  const statusText = finished
    ? t('card.timer.finished')
    : state.status === 'running'
      ? t('card.timer.running')
      : state.status === 'paused'
        ? t('card.timer.paused')
        : t('home:challenge.ready');

  return (
    <Group gap="lg" align="center" wrap="wrap">
      <ProgressRing
        size={132}
        thickness={10}
        roundCaps
        value={elapsedPercent(state)}
        color={finished ? 'teal' : 'orange'}
        label={
          <Text
            ta="center"
            fz={30}
            className={classes.clock}
            role="timer"
            aria-label={`${t('card.timer.label')}: ${t('card.timer.remaining', { count: state.remaining })}`}
          >
            {clock}
          </Text>
        }
      />
      <Stack gap="sm" style={{ flex: 1, minWidth: 200 }}>
        <Text size="sm" c="dimmed" aria-live="polite">
          {statusText}
        </Text>
        <Group gap="xs">
          {state.status === 'running' ? (
            <Button
              variant="default"
              leftSection={<IconPlayerPause size={18} aria-hidden />}
              onClick={pause}
              title={t('card.timer.pauseLabel')}
            >
              {t('card.pause')}
            </Button>
          ) : (
            <Button
              variant={finished ? 'default' : 'filled'}
              leftSection={<IconPlayerPlay size={18} aria-hidden />}
              onClick={start}
              disabled={finished}
              title={t('card.timer.startLabel')}
            >
              {state.status === 'paused' ? t('card.resume') : t('card.start')}
            </Button>
          )}
          <Button
            variant="subtle"
            color="gray"
            leftSection={<IconRotate size={18} aria-hidden />}
            onClick={reset}
            disabled={state.status === 'idle'}
            title={t('card.timer.resetLabel')}
          >
            {t('card.reset')}
          </Button>
        </Group>
        <Button
          leftSection={<IconCheck size={18} aria-hidden />}
          onClick={onClaim}
          loading={claiming}
          disabled={!finished || !loaded}
          aria-describedby={!finished ? 'challenge-claim-hint' : undefined}
        >
          {claiming ? t('card.claiming') : `${t('card.claim')} · ${t('card.points', { count: points })}`}
        </Button>
        {!loaded ? (
          <Text size="xs" c="dimmed">
            {t('home:challenge.notLoaded')}
          </Text>
        ) : !finished ? (
          <Text size="xs" c="dimmed" id="challenge-claim-hint">
            {t('home:challenge.finishFirst')}
          </Text>
        ) : null}
      </Stack>
    </Group>
  );
}
