import { useMediaQuery } from '@mantine/hooks';
import { useEffect, useReducer } from 'react';
import { SMALL_SCREEN_MAX_WIDTH_PX } from '@/domain/constants';
import { initialTimer, tickRule, timerReducer, type TimerState } from '../model/challenge-timer';

/**
 * The card's timer: the pure reducer driven by an interval at the tick rule's cadence for the current
 * screen (one second, or two seconds per tick at 768 px or less). The interval runs only while the timer
 * does, and restarts with the right cadence if the screen crosses the breakpoint.
 */
export function useChallengeTimer() {
  const [state, dispatch] = useReducer(timerReducer, undefined, () => initialTimer());
  const small = useMediaQuery(`(max-width: ${SMALL_SCREEN_MAX_WIDTH_PX}px)`) ?? false;
  const { intervalMs, secondsPerTick } = tickRule(small ? SMALL_SCREEN_MAX_WIDTH_PX : Infinity);
  const running = state.status === 'running';

  useEffect(() => {
    if (!running) return;
    const timer = setInterval(() => dispatch({ type: 'tick', seconds: secondsPerTick }), intervalMs);
    return () => clearInterval(timer);
  }, [running, intervalMs, secondsPerTick]);

  return {
    state: state satisfies TimerState,
    start: () => dispatch({ type: 'start' }),
    pause: () => dispatch({ type: 'pause' }),
    reset: () => dispatch({ type: 'reset' }),
  };
}
