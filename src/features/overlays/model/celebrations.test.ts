// @clock-sensitive: streaks by local day
import { BehaviorSubject } from 'rxjs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { hasLoginAnimationFlag, setLoginAnimationFlag } from '@/lib/login-animation-flag';
import { Celebrations } from './celebrations';
import { readLastShownDay } from './login-animation';

/** Node has no Web Storage: a plain in-memory one, fresh per test (a new browser session). */
class MemoryStorage implements Storage {
  private map = new Map<string, string>();
  get length() {
    return this.map.size;
  }
  clear = () => this.map.clear();
  getItem = (key: string) => this.map.get(key) ?? null;
  key = (i: number) => [...this.map.keys()][i] ?? null;
  removeItem = (key: string) => void this.map.delete(key);
  setItem = (key: string, value: string) => void this.map.set(key, value);
}

function install(name: 'localStorage' | 'sessionStorage', storage: Storage) {
  Object.defineProperty(globalThis, name, { value: storage, configurable: true, writable: true });
}

type Profile = { current_streak: number } | null;

function start(profile: Profile, day = new Date(2026, 10, 22, 9, 0)) {
  const profile$ = new BehaviorSubject<Profile>(profile);
  const store = new Celebrations({ userId: 'u1', profile$, now: () => day });
  const off = store.subscribe(() => undefined);
  return { store, profile$, off };
}

describe('Celebrations (login animation and streak pop)', () => {
  beforeEach(() => {
    install('localStorage', new MemoryStorage());
    install('sessionStorage', new MemoryStorage());
  });
  afterEach(() => {
    Reflect.deleteProperty(globalThis, 'localStorage');
    Reflect.deleteProperty(globalThis, 'sessionStorage');
  });

  it('after sign-in with a streak: the animation, then the pop once it is dismissed', () => {
    setLoginAnimationFlag();
    const { store, off } = start({ current_streak: 4 });
    expect(store.getSnapshot()).toMatchObject({
      login: { streak: 4, messageIndex: 326 % 93, durationMs: 5000, touch: false },
      pop: false,
    });
    expect(hasLoginAnimationFlag()).toBe(false);
    expect(readLastShownDay('u1')).toBe('2026-11-22');
    store.dismissLogin();
    expect(store.getSnapshot()).toEqual({ login: null, pop: true });
    store.dismissPop();
    expect(store.getSnapshot().pop).toBe(false);
    off();
  });

  it('at most once per calendar day: a second sign-in the same day shows nothing, the next day does', () => {
    setLoginAnimationFlag();
    start({ current_streak: 4 }).off();
    setLoginAnimationFlag();
    install('sessionStorage', new MemoryStorage()); // new browser session, flag set again
    setLoginAnimationFlag();
    const again = start({ current_streak: 4 });
    expect(again.store.getSnapshot().login).toBeNull();
    again.off();
    setLoginAnimationFlag();
    const tomorrow = start({ current_streak: 5 }, new Date(2026, 10, 23, 7, 0));
    expect(tomorrow.store.getSnapshot().login).toMatchObject({ streak: 5 });
    tomorrow.off();
  });

  it('never without a streak; the flag is used up', () => {
    setLoginAnimationFlag();
    const { store, off } = start({ current_streak: 0 });
    expect(store.getSnapshot()).toEqual({ login: null, pop: false });
    expect(hasLoginAnimationFlag()).toBe(false);
    expect(readLastShownDay('u1')).toBeNull();
    off();
  });

  it('waits for the profile, keeping the flag, then decides', () => {
    setLoginAnimationFlag();
    const { store, profile$, off } = start(null);
    expect(store.getSnapshot()).toEqual({ login: null, pop: false });
    expect(hasLoginAnimationFlag()).toBe(true);
    profile$.next({ current_streak: 2 });
    expect(store.getSnapshot().login).toMatchObject({ streak: 2 });
    off();
  });

  it('without a sign-in: only the pop, once per browser session', () => {
    const first = start({ current_streak: 3 });
    expect(first.store.getSnapshot()).toEqual({ login: null, pop: true });
    first.off();
    const reload = start({ current_streak: 3 });
    expect(reload.store.getSnapshot().pop).toBe(false);
    reload.off();
    install('sessionStorage', new MemoryStorage());
    const nextSession = start({ current_streak: 3 });
    expect(nextSession.store.getSnapshot().pop).toBe(true);
    nextSession.off();
  });
});
