// The walkthrough's state machine (spec points 2 and 9): start 400 ms after load, wait up to 3.5 s for
// each step's target (polled every 75 ms; a target that never appears is skipped in the direction of
// travel), Skip / Back / Next-Done, interaction steps that advance 250 ms after their route is reached.
// No DOM or React here: the target lookup, the current path and navigation are injected, and it uses the
// global timers (tests fake them). Owns only its own timers.
import {
  WALKTHROUGH_AUTO_ADVANCE_MS,
  WALKTHROUGH_ELEMENT_WAIT_MS,
  WALKTHROUGH_POLL_MS,
  WALKTHROUGH_START_DELAY_MS,
} from '@/domain/constants';
import type { WalkthroughStep } from './walkthrough-steps';

export type WalkthroughStatus = 'idle' | 'starting' | 'waiting' | 'showing' | 'finished';

export interface WalkthroughState<T> {
  status: WalkthroughStatus;
  /** Index of the current step (0-based). */
  index: number;
  /** The found target while showing, else null. */
  target: T | null;
  /** How it ended: Done on the last step, or Skip. */
  outcome: 'done' | 'skipped' | null;
}

export interface WalkthroughDeps<T> {
  steps: readonly WalkthroughStep[];
  findTarget: (step: WalkthroughStep) => T | null;
  currentPath: () => string;
  navigate: (path: string) => void;
  onChange: (state: WalkthroughState<T>) => void;
  /** Called once, when the walkthrough ends either way (record it as done). */
  onFinish: (outcome: 'done' | 'skipped') => void;
}

export class WalkthroughMachine<T> {
  private state: WalkthroughState<T> = { status: 'idle', index: 0, target: null, outcome: null };
  private timers = new Set<ReturnType<typeof setTimeout>>();
  private direction: 1 | -1 = 1;
  private pollingIndex: number | null = null;

  constructor(private readonly deps: WalkthroughDeps<T>) {}

  get current(): WalkthroughState<T> {
    return this.state;
  }

  get step(): WalkthroughStep | undefined {
    return this.deps.steps[this.state.index];
  }

  start(): void {
    if (this.state.status !== 'idle') return;
    this.set({ status: 'starting' });
    this.after(WALKTHROUGH_START_DELAY_MS, () => this.enter(0, 1, false));
  }

  next(): void {
    if (this.state.status !== 'showing' && this.state.status !== 'waiting') return;
    if (this.state.index >= this.deps.steps.length - 1) {
      this.finish('done');
      return;
    }
    this.enter(this.state.index + 1, 1, true);
  }

  back(): void {
    if (this.state.status !== 'showing' && this.state.status !== 'waiting') return;
    if (this.state.index === 0) return;
    this.enter(this.state.index - 1, -1, true);
  }

  skip(): void {
    if (this.state.status === 'finished' || this.state.status === 'idle') return;
    this.finish('skipped');
  }

  /**
   * The router reports every path change. A step paused on another page resumes looking for its target
   * when its page is reached; an interaction step advances 250 ms after its route is reached.
   */
  routeChanged(path: string): void {
    const step = this.step;
    if (step === undefined) return;
    if (this.state.status !== 'showing' && this.state.status !== 'waiting') return;
    if (step.awaitRoute !== undefined && step.awaitRoute === path) {
      const index = this.state.index;
      this.clearTimers();
      this.pollingIndex = null;
      this.after(WALKTHROUGH_AUTO_ADVANCE_MS, () => {
        if (this.state.index === index && this.state.status !== 'finished') this.next();
      });
      return;
    }
    if (this.state.status === 'waiting' && path === step.route) this.startPolling(this.state.index);
  }

  /** Stops every timer (unmount); the state stays as it is. */
  dispose(): void {
    this.clearTimers();
  }

  /**
   * Shows step `index`. Only the user's own Next/Back moves them to another page (`navigate`); a step
   * reached by skipping a missing target waits, hidden, until the user is on its page, so the tour never
   * pulls anyone away from where they went.
   */
  private enter(index: number, direction: 1 | -1, navigate: boolean): void {
    this.clearTimers();
    this.pollingIndex = null;
    const step = this.deps.steps[index];
    if (step === undefined) {
      this.finish('done');
      return;
    }
    this.direction = direction;
    this.set({ status: 'waiting', index, target: null });
    if (this.deps.currentPath() !== step.route && navigate) this.deps.navigate(step.route);
    const path = this.deps.currentPath();
    // Already where an interaction step leads (reached by skipping): it counts as done.
    if (step.awaitRoute === path) this.routeChanged(path);
    else if (path === step.route) this.startPolling(index);
  }

  private startPolling(index: number): void {
    if (this.pollingIndex === index) return;
    this.clearTimers();
    this.pollingIndex = index;
    this.poll(index, 0);
  }

  private poll(index: number, waited: number): void {
    const step = this.deps.steps[index];
    if (step === undefined || this.state.index !== index) return;
    const target = this.deps.findTarget(step);
    if (target !== null) {
      this.pollingIndex = null;
      this.set({ status: 'showing', target });
      return;
    }
    if (waited >= WALKTHROUGH_ELEMENT_WAIT_MS) {
      this.pollingIndex = null;
      this.skipMissing(index);
      return;
    }
    // The last look happens exactly at the deadline.
    const delay = Math.min(WALKTHROUGH_POLL_MS, WALKTHROUGH_ELEMENT_WAIT_MS - waited);
    this.after(delay, () => this.poll(index, waited + delay));
  }

  /** A target that never appeared: move on in the direction of travel (forward from the first step). */
  private skipMissing(index: number): void {
    const nextIndex = index + this.direction;
    if (nextIndex < 0) {
      this.enter(index + 1, 1, false);
      return;
    }
    if (nextIndex >= this.deps.steps.length) {
      this.finish('done');
      return;
    }
    this.enter(nextIndex, this.direction, false);
  }

  private finish(outcome: 'done' | 'skipped'): void {
    this.clearTimers();
    this.pollingIndex = null;
    this.set({ status: 'finished', target: null, outcome });
    this.deps.onFinish(outcome);
  }

  private set(patch: Partial<WalkthroughState<T>>): void {
    this.state = { ...this.state, ...patch };
    this.deps.onChange(this.state);
  }

  private after(ms: number, fn: () => void): void {
    const handle = setTimeout(() => {
      this.timers.delete(handle);
      fn();
    }, ms);
    this.timers.add(handle);
  }

  private clearTimers(): void {
    for (const handle of this.timers) clearTimeout(handle);
    this.timers.clear();
  }
}
