// The celebrations' live state: the login animation and the '+1' streak pop, decided from the own
// profile row as it arrives (it may land after the first render, on a new device after the first pull).
// A tiny external store (subscribe / getSnapshot) for useSyncExternalStore; owns one subscription to the
// profile and the storage records of login-animation.ts and streak-pop.ts.
import type { Observable, Subscription } from 'rxjs';
import { clearLoginAnimationFlag, hasLoginAnimationFlag } from '@/lib/login-animation-flag';
import { isTouchDevice, prefersReducedMotion } from './device';
import {
  decideLoginAnimation,
  localDay,
  loginAnimationDuration,
  loginMessageIndex,
  readLastShownDay,
  writeLastShownDay,
} from './login-animation';
import { markStreakPopShown, shouldShowStreakPop } from './streak-pop';

export interface LoginAnimationState {
  streak: number;
  messageIndex: number;
  durationMs: number;
  touch: boolean;
}

export interface CelebrationsSnapshot {
  login: LoginAnimationState | null;
  pop: boolean;
}

export interface CelebrationsOptions {
  userId: string;
  /** The own profile (null when there is none yet). */
  profile$: Observable<{ current_streak?: number | null } | null>;
  now?: () => Date;
}

export class Celebrations {
  private snapshot: CelebrationsSnapshot = { login: null, pop: false };
  private readonly listeners = new Set<() => void>();
  private subscription: Subscription | null = null;
  private streak = 0;

  constructor(private readonly options: CelebrationsOptions) {}

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    this.subscription ??= this.options.profile$.subscribe((profile) => this.decide(profile));
    return () => {
      this.listeners.delete(listener);
      if (this.listeners.size === 0) {
        this.subscription?.unsubscribe();
        this.subscription = null;
      }
    };
  };

  getSnapshot = (): CelebrationsSnapshot => this.snapshot;

  dismissLogin = (): void => {
    this.set({ login: null });
    this.maybePop();
  };

  dismissPop = (): void => this.set({ pop: false });

  private decide(profile: { current_streak?: number | null } | null): void {
    this.streak = profile?.current_streak ?? 0;
    const today = localDay(this.options.now?.() ?? new Date());
    const decision = decideLoginAnimation({
      flag: hasLoginAnimationFlag(),
      hasProfile: profile !== null,
      streak: this.streak,
      lastShownDay: readLastShownDay(this.options.userId),
      today,
    });
    if (decision !== 'wait') clearLoginAnimationFlag();
    if (decision === 'show') {
      writeLastShownDay(this.options.userId, today);
      const touch = isTouchDevice();
      this.set({
        login: {
          streak: this.streak,
          messageIndex: loginMessageIndex(today),
          durationMs: loginAnimationDuration({ reducedMotion: prefersReducedMotion(), touch }),
          touch,
        },
      });
      return;
    }
    if (decision === 'skip') this.maybePop();
  }

  /** The pop waits for the login animation (and for a sign-in whose profile has not arrived). */
  private maybePop(): void {
    if (this.snapshot.login !== null || hasLoginAnimationFlag()) return;
    if (!shouldShowStreakPop(this.streak)) return;
    markStreakPopShown();
    this.set({ pop: true });
  }

  private set(patch: Partial<CelebrationsSnapshot>): void {
    this.snapshot = { ...this.snapshot, ...patch };
    for (const listener of this.listeners) listener();
  }
}
