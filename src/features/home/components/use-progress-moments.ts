import { useEffect, useRef, useState } from 'react';
import { hapticFeedback, soundFeedback } from '@/lib/feedback';

export interface ProgressMoments {
  /** The XP just gained, shown as a floating "+N XP" for a moment; null otherwise. */
  gain: { amount: number; key: number } | null;
  /** The level just reached; null otherwise. */
  levelUp: number | null;
  dismissLevelUp: () => void;
}

const GAIN_MS = 1600;
const LEVEL_UP_MS = 6000;

/**
 * Turns changes of the live XP and level into moments: a gain after the first value (not on load) shows
 * "+N XP"; a higher level shows the level-up moment with haptic and sound cues.
 */
export function useProgressMoments(xp: number | undefined, level: number | undefined): ProgressMoments {
  const previous = useRef<{ xp: number; level: number } | null>(null);
  const [gain, setGain] = useState<ProgressMoments['gain']>(null);
  const [levelUp, setLevelUp] = useState<number | null>(null);

  useEffect(() => {
    if (xp === undefined || level === undefined) return;
    const before = previous.current;
    previous.current = { xp, level };
    if (before === null) return;
    if (xp > before.xp) setGain({ amount: xp - before.xp, key: Date.now() });
    if (level > before.level) {
      setLevelUp(level);
      hapticFeedback('success');
      soundFeedback('success');
    }
  }, [xp, level]);

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
