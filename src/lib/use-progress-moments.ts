import { useEffect, useRef, useState } from 'react';
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

/** Whose progress, and whether this device's local data is whole (its first full pull is done). */
export interface ProgressSight {
  userId: string;
  ready: boolean;
}

/**
 * Turns changes of the live XP and level into moments: "+N XP" for a gain and the level-up moment for a
 * higher level (the home page and the schedule's chips share it), measured from what this device last showed the user
 * (src/lib/seen-progress.ts). Nothing is measured until the device's data is whole, so a new device's
 * first pull, which brings days of XP earned elsewhere, is never celebrated; a device that was away
 * celebrates what was earned since it last looked.
 */
export function useProgressMoments(
  xp: number | undefined,
  level: number | undefined,
  sight: ProgressSight,
): ProgressMoments {
  const previous = useRef<{ xp: number; level: number } | null>(null);
  const [gain, setGain] = useState<ProgressMoments['gain']>(null);
  const [levelUp, setLevelUp] = useState<number | null>(null);
  const { userId, ready } = sight;

  useEffect(() => {
    if (xp === undefined || level === undefined || !ready) return;
    const before = previous.current ?? readSeenProgress(userId);
    previous.current = { xp, level };
    writeSeenProgress(userId, { xp, level });
    if (before === null) return;
    if (xp > before.xp) setGain({ amount: xp - before.xp, key: Date.now() });
    if (level > before.level) setLevelUp(level);
  }, [xp, level, ready, userId]);

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
