// @clock-sensitive: fake timers
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { WalkthroughMachine, type WalkthroughState } from './walkthrough-machine';
import { WALKTHROUGH_STEP_LIST, type WalkthroughStep } from './walkthrough-steps';

/** A fake page: which targets exist, the current path, navigation recorded. */
function harness(present: Set<string>, startPath = '/home') {
  let path = startPath;
  const navigations: string[] = [];
  const states: WalkthroughState<string>[] = [];
  const finished: string[] = [];
  const machine = new WalkthroughMachine<string>({
    steps: WALKTHROUGH_STEP_LIST,
    findTarget: (step: WalkthroughStep) => (present.has(step.target) ? step.target : null),
    currentPath: () => path,
    navigate: (to) => {
      navigations.push(to);
      path = to;
      machine.routeChanged(to);
    },
    onChange: (s) => states.push(s),
    onFinish: (outcome) => finished.push(outcome),
  });
  const go = (to: string) => {
    path = to;
    machine.routeChanged(to);
  };
  return { machine, navigations, states, finished, go };
}

const all = () => new Set(WALKTHROUGH_STEP_LIST.map((s) => s.target));

describe('walkthrough state machine', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('has the 9 steps of the spec, three of them interactions', () => {
    expect(WALKTHROUGH_STEP_LIST.map((s) => s.id)).toEqual([
      'homeDailyCard',
      'homeFeed',
      'planTab',
      'planAddButton',
      'planDayView',
      'gymTab',
      'gymPresence',
      'profileTab',
      'profileActions',
    ]);
    expect(WALKTHROUGH_STEP_LIST.filter((s) => s.awaitRoute).map((s) => s.awaitRoute)).toEqual([
      '/schedule',
      '/gym',
      '/profile',
    ]);
  });

  it('starts 400 ms after load', () => {
    const { machine } = harness(all());
    machine.start();
    expect(machine.current.status).toBe('starting');
    vi.advanceTimersByTime(399);
    expect(machine.current.status).toBe('starting');
    vi.advanceTimersByTime(1);
    expect(machine.current).toMatchObject({ status: 'showing', index: 0 });
  });

  it('polls every 75 ms for a late target and shows it when it appears', () => {
    const present = new Set<string>();
    const { machine } = harness(present);
    machine.start();
    vi.advanceTimersByTime(400);
    expect(machine.current.status).toBe('waiting');
    vi.advanceTimersByTime(1000);
    present.add('[data-walkthrough="home-daily-card"]');
    expect(machine.current.status).toBe('waiting');
    vi.advanceTimersByTime(75);
    expect(machine.current).toMatchObject({ status: 'showing', index: 0 });
  });

  it('waits up to 3.5 s for a target, then skips it gracefully', () => {
    const present = all();
    present.delete('[data-walkthrough="home-daily-card"]');
    const { machine } = harness(present);
    machine.start();
    vi.advanceTimersByTime(400 + 3499);
    expect(machine.current).toMatchObject({ status: 'waiting', index: 0 });
    vi.advanceTimersByTime(1);
    expect(machine.current).toMatchObject({ status: 'showing', index: 1 });
  });

  it('Next, Back and Done; Back never goes before the first step', () => {
    const { machine, finished } = harness(all());
    machine.start();
    vi.advanceTimersByTime(400);
    machine.back();
    expect(machine.current.index).toBe(0);
    machine.next();
    expect(machine.current).toMatchObject({ status: 'showing', index: 1 });
    machine.back();
    expect(machine.current).toMatchObject({ status: 'showing', index: 0 });
    for (let i = 0; i < 8; i += 1) machine.next();
    expect(machine.current.index).toBe(8);
    expect(finished).toEqual([]);
    machine.next();
    expect(machine.current).toMatchObject({ status: 'finished', outcome: 'done' });
    expect(finished).toEqual(['done']);
  });

  it('an interaction step advances 250 ms after its route is reached', () => {
    const { machine, go } = harness(all());
    machine.start();
    vi.advanceTimersByTime(400);
    machine.next();
    machine.next();
    expect(machine.current).toMatchObject({ status: 'showing', index: 2 });
    go('/somewhere-else');
    vi.advanceTimersByTime(1000);
    expect(machine.current.index).toBe(2);
    go('/schedule');
    vi.advanceTimersByTime(249);
    expect(machine.current.index).toBe(2);
    vi.advanceTimersByTime(1);
    expect(machine.current).toMatchObject({ status: 'showing', index: 3 });
  });

  it('goes to the step’s page: Back from the plan page returns to Home for the Plan tab step', () => {
    const { machine, go, navigations } = harness(all());
    machine.start();
    vi.advanceTimersByTime(400);
    machine.next();
    machine.next();
    go('/schedule');
    vi.advanceTimersByTime(250);
    expect(machine.current.index).toBe(3);
    machine.back();
    expect(navigations).toEqual(['/home']);
    expect(machine.current).toMatchObject({ status: 'showing', index: 2 });
  });

  it('walks the whole tour through the three interactions', () => {
    const { machine, go, finished } = harness(all());
    machine.start();
    vi.advanceTimersByTime(400);
    machine.next(); // feed
    machine.next(); // plan tab
    go('/schedule');
    vi.advanceTimersByTime(250);
    machine.next(); // plan day view
    machine.next(); // gym tab
    expect(machine.current.index).toBe(5);
    go('/gym');
    vi.advanceTimersByTime(250);
    expect(machine.current.index).toBe(6);
    machine.next(); // profile tab
    go('/profile');
    vi.advanceTimersByTime(250);
    expect(machine.current.index).toBe(8);
    machine.next();
    expect(finished).toEqual(['done']);
  });

  it('Skip ends it at once, from any step, and reports it once', () => {
    const { machine, finished } = harness(new Set());
    machine.start();
    vi.advanceTimersByTime(400 + 100);
    machine.skip();
    machine.skip();
    expect(machine.current).toMatchObject({ status: 'finished', outcome: 'skipped' });
    expect(finished).toEqual(['skipped']);
    vi.advanceTimersByTime(60_000);
    expect(machine.current.status).toBe('finished');
  });

  it('never navigates by itself: a step on another page waits, hidden, until the user gets there', () => {
    const present = all();
    present.delete('[data-walkthrough="home-daily-card"]');
    present.delete('[data-walkthrough="home-feed"]');
    present.delete('a[href="/schedule"]');
    const { machine, navigations, go } = harness(present);
    machine.start();
    vi.advanceTimersByTime(400 + 3 * 3500);
    expect(machine.current).toMatchObject({ status: 'waiting', index: 3 });
    vi.advanceTimersByTime(60_000);
    expect(machine.current).toMatchObject({ status: 'waiting', index: 3 });
    expect(navigations).toEqual([]);
    go('/schedule');
    expect(machine.current).toMatchObject({ status: 'showing', index: 3 });
  });

  it('an interaction step whose route the user already reached advances on its own', () => {
    const present = all();
    present.delete('[data-walkthrough="plan-add-button"]');
    present.delete('[data-walkthrough="plan-day-view"]');
    const { machine, go } = harness(present);
    machine.start();
    vi.advanceTimersByTime(400);
    machine.next();
    machine.next();
    go('/schedule');
    vi.advanceTimersByTime(250 + 2 * 3500);
    // The gym tab step (route /schedule) is showing; the user goes to /gym on their own.
    expect(machine.current).toMatchObject({ status: 'showing', index: 5 });
    go('/gym');
    vi.advanceTimersByTime(250);
    expect(machine.current).toMatchObject({ status: 'showing', index: 6 });
  });

  it('finishes when the last targets never appear', () => {
    const present = all();
    present.delete('[data-walkthrough="profile-actions"]');
    const { machine, finished, go } = harness(present, '/profile');
    machine.start();
    vi.advanceTimersByTime(400);
    // Starting elsewhere than the first step's page: nothing shows until Home.
    expect(machine.current.status).toBe('waiting');
    go('/home');
    for (let i = 0; i < 7; i += 1) machine.next();
    go('/profile');
    vi.advanceTimersByTime(250 + 3500);
    expect(finished).toEqual(['done']);
  });

  it('dispose stops every timer', () => {
    const { machine } = harness(all());
    machine.start();
    machine.dispose();
    vi.advanceTimersByTime(10_000);
    expect(machine.current.status).toBe('starting');
  });
});
