import { useEffect, useRef, useState } from 'react';
import type { ProgressSight } from '@/db/progress-sight';
import { readSeenProgress, writeSeenProgress } from './seen-progress';

export interface ProgressMoments {
  /** The XP just gained, shown as a floating "+N XP" for a moment; null otherwise. */
  gain: { amount: number; key: number } | null;
  /** The level just reached; null otherwise. */
  levelUp: number | null;
  dismissLevelUp: () => void;
}

const GAIN_MS = 1600;
const LEVEL_UP_MS = 6000;

/** What the moments read of the progression: `settled` is false while this device's own writes are pending. */
export interface ProgressNumbers {
  xp: number;
  level: number;
  settled: boolean;
}

/**
 * Turns changes of the live XP and level into moments, shared by the home cards and the schedule's chips:
 * "+N XP" for a gain and the level-up moment for a higher level, measured from what this device last
 * showed the user (src/lib/seen-progress.ts). While the device's first full pull runs, the XP it brings
 * was earned elsewhere days ago and is not celebrated; only a rise this device's own writes cause (XP not
 * settled) is. A device that was away celebrates what was earned since it last looked.
 */
export function useProgressMoments(
  progress: ProgressNumbers | undefined,
  sight: ProgressSight,
): ProgressMoments {
  const previous = useRef<{ xp: number; level: number } | null>(null);
  const wasReady = useRef(false);
  const [gain, setGain] = useState<ProgressMoments['gain']>(null);
  const [levelUp, setLevelUp] = useState<number | null>(null);
  const { userId, ready } = sight;
  const xp = progress?.xp;
  const level = progress?.level;
  const settled = progress?.settled ?? true;

  useEffect(() => {
    if (xp === undefined || level === undefined) return;
    const current = { xp, level };
    let before: { xp: number; level: number } | null;
    if (ready) {
      // The first sight with whole data compares with what this device showed last time, if anything.
      before = wasReady.current ? previous.current : readSeenProgress(userId);
      writeSeenProgress(userId, current);
    } else {
      before = settled ? null : previous.current;
    }
    previous.current = current;
    wasReady.current = ready;
    if (before === null) return;
    if (xp > before.xp) setGain({ amount: xp - before.xp, key: Date.now() });
    if (level > before.level) setLevelUp(level);
  }, [xp, level, settled, ready, userId]);

  useEffect(() => {
    if (!gain) return;
    const timer = setTimeout(() => setGain(null), GAIN_MS);
    return () => clearTimeout(timer);
  }, [gain]);

  useEffect(() => {
    if (levelUp === null) return;
    const timer = setTimeout(() => setLevelUp(null), LEVEL_UP_MS);
    return () => clearTimeout(timer);
  }, [levelUp]);

  return { gain, levelUp, dismissLevelUp: () => setLevelUp(null) };
}
