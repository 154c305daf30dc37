// The daily challenge's 60-second timer as a pure state machine (spec points 4 and 9): idle, running,
// paused or finished; counts down and stops at 0; reset returns to the full 60 s from any state. The
// component drives it with `tick` events at the cadence `tickRule` gives for the screen width, so the
// rules are tested without timers or a DOM.
import {
  CHALLENGE_SECONDS_PER_TICK_SMALL_SCREEN,
  CHALLENGE_TICK_MS,
  CHALLENGE_TICK_MS_SMALL_SCREEN,
  CHALLENGE_TIMER_SECONDS,
  SMALL_SCREEN_MAX_WIDTH_PX,
} from '@/domain/constants';

export type TimerStatus = 'idle' | 'running' | 'paused' | 'finished';

export interface TimerState {
  status: TimerStatus;
  /** Whole seconds left, 0 .. total. */
  remaining: number;
  total: number;
}

export type TimerAction =
  { type: 'start' } | { type: 'pause' } | { type: 'reset' } | { type: 'tick'; seconds: number };

export function initialTimer(total: number = CHALLENGE_TIMER_SECONDS): TimerState {
  return { status: 'idle', remaining: total, total };
}

export function timerReducer(state: TimerState, action: TimerAction): TimerState {
  switch (action.type) {
    case 'start':
      // A finished timer starts again only after a reset (it stops at 0).
      return state.status === 'finished' || state.status === 'running' || state.remaining <= 0
        ? state
        : { ...state, status: 'running' };
    case 'pause':
      return state.status === 'running' ? { ...state, status: 'paused' } : state;
    case 'reset':
      return initialTimer(state.total);
    case 'tick': {
      if (state.status !== 'running') return state;
      const step = Number.isFinite(action.seconds) && action.seconds > 0 ? Math.floor(action.seconds) : 0;
      const remaining = Math.max(0, state.remaining - step);
      return { ...state, remaining, status: remaining === 0 ? 'finished' : 'running' };
    }
  }
}

export interface TickRule {
  /** Time between two ticks. */
  intervalMs: number;
  /** Seconds each tick takes off. */
  secondsPerTick: number;
}

/**
 * One tick per second; on screens of 768 px or less, one tick of two seconds every two seconds (fewer
 * re-renders on phones; the same 60 s in total).
 */
export function tickRule(viewportWidthPx: number): TickRule {
  return viewportWidthPx <= SMALL_SCREEN_MAX_WIDTH_PX
    ? { intervalMs: CHALLENGE_TICK_MS_SMALL_SCREEN, secondsPerTick: CHALLENGE_SECONDS_PER_TICK_SMALL_SCREEN }
    : { intervalMs: CHALLENGE_TICK_MS, secondsPerTick: 1 };
}

/** "1:00", "0:59", "0:05". */
export function formatClock(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}

/** Share of the time already done, 0..100 (the ring on the card). */
export function elapsedPercent(state: TimerState): number {
  if (state.total <= 0) return 0;
  return Math.round(((state.total - state.remaining) / state.total) * 100);
}
