import { describe, expect, it } from 'vitest';
import {
  elapsedPercent,
  formatClock,
  initialTimer,
  tickRule,
  timerReducer,
  type TimerAction,
  type TimerState,
} from './challenge-timer';

const run = (state: TimerState, ...actions: TimerAction[]) => actions.reduce(timerReducer, state);
const ticks = (n: number, seconds = 1): TimerAction[] =>
  Array.from({ length: n }, () => ({ type: 'tick', seconds }));

describe('challenge timer', () => {
  it('starts idle at 60 s and ignores ticks until started', () => {
    const s = run(initialTimer(), ...ticks(5));
    expect(s).toEqual({ status: 'idle', remaining: 60, total: 60 });
  });

  it('counts down while running, holds while paused and resumes', () => {
    let s = run(initialTimer(), { type: 'start' }, ...ticks(10));
    expect(s).toMatchObject({ status: 'running', remaining: 50 });
    s = run(s, { type: 'pause' }, ...ticks(10));
    expect(s).toMatchObject({ status: 'paused', remaining: 50 });
    s = run(s, { type: 'start' }, ...ticks(5));
    expect(s).toMatchObject({ status: 'running', remaining: 45 });
  });

  it('stops at 0 (finished) and never goes below', () => {
    const s = run(initialTimer(), { type: 'start' }, ...ticks(70));
    expect(s).toMatchObject({ status: 'finished', remaining: 0 });
    // Start after finishing does nothing; pause neither.
    expect(run(s, { type: 'start' }, { type: 'pause' }, ...ticks(2))).toEqual(s);
  });

  it('two-second ticks land exactly on 0 after 30 ticks', () => {
    const s = run(initialTimer(), { type: 'start' }, ...ticks(29, 2));
    expect(s).toMatchObject({ status: 'running', remaining: 2 });
    expect(run(s, ...ticks(1, 2))).toMatchObject({ status: 'finished', remaining: 0 });
  });

  it('a two-second tick at 1 s left stops at 0', () => {
    const s = run(initialTimer(3), { type: 'start' }, ...ticks(1, 2), ...ticks(1, 2));
    expect(s).toMatchObject({ status: 'finished', remaining: 0 });
  });

  it('reset returns to 60 s idle from running, paused and finished', () => {
    for (const before of [
      run(initialTimer(), { type: 'start' }, ...ticks(3)),
      run(initialTimer(), { type: 'start' }, ...ticks(3), { type: 'pause' }),
      run(initialTimer(), { type: 'start' }, ...ticks(60)),
    ]) {
      expect(timerReducer(before, { type: 'reset' })).toEqual({ status: 'idle', remaining: 60, total: 60 });
    }
  });

  it('ignores nonsense tick sizes', () => {
    const s = run(
      initialTimer(),
      { type: 'start' },
      { type: 'tick', seconds: -5 },
      { type: 'tick', seconds: NaN },
    );
    expect(s.remaining).toBe(60);
  });
});

describe('tick rule', () => {
  it('one tick per second above 768 px', () => {
    expect(tickRule(769)).toEqual({ intervalMs: 1000, secondsPerTick: 1 });
    expect(tickRule(1440)).toEqual({ intervalMs: 1000, secondsPerTick: 1 });
  });
  it('two seconds per two-second tick at 768 px or less', () => {
    expect(tickRule(768)).toEqual({ intervalMs: 2000, secondsPerTick: 2 });
    expect(tickRule(390)).toEqual({ intervalMs: 2000, secondsPerTick: 2 });
  });
  it('both cadences take 60 s to finish', () => {
    for (const width of [390, 1440]) {
      const { intervalMs, secondsPerTick } = tickRule(width);
      const n = 60 / secondsPerTick;
      expect(run(initialTimer(), { type: 'start' }, ...ticks(n, secondsPerTick)).status).toBe('finished');
      expect(n * intervalMs).toBe(60_000);
    }
  });
});

describe('clock text and ring', () => {
  it('formats minutes and seconds', () => {
    expect(formatClock(60)).toBe('1:00');
    expect(formatClock(59)).toBe('0:59');
    expect(formatClock(5)).toBe('0:05');
    expect(formatClock(-1)).toBe('0:00');
  });
  it('elapsed share', () => {
    expect(elapsedPercent(initialTimer())).toBe(0);
    expect(elapsedPercent({ status: 'running', remaining: 30, total: 60 })).toBe(50);
    expect(elapsedPercent({ status: 'finished', remaining: 0, total: 60 })).toBe(100);
  });
});
