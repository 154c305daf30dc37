/**
 * The XP and level this device last showed the user, kept per user in local storage. Celebrations ("+N XP",
 * level up) compare against it, so a new device, or one that was away while another device earned XP,
 * celebrates only what happened since it last saw the user's progress, never the whole history its first
 * pull brings in. Storage blocked or full: nothing is remembered and only this session's gains show.
 */
export interface SeenProgress {
  xp: number;
  level: number;
}

const keyFor = (userId: string) => `spotter.seen-progress.${userId}`;

function storage(): Storage | null {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    return null;
  }
}

export function readSeenProgress(userId: string): SeenProgress | null {
  try {
    const raw = storage()?.getItem(keyFor(userId));
    if (!raw) return null;
    const value = JSON.parse(raw) as Partial<SeenProgress>;
    return typeof value.xp === 'number' && typeof value.level === 'number'
      ? { xp: value.xp, level: value.level }
      : null;
  } catch {
    return null;
  }
}

export function writeSeenProgress(userId: string, seen: SeenProgress): void {
  try {
    storage()?.setItem(keyFor(userId), JSON.stringify(seen));
  } catch {
    // quota or privacy mode: the next session starts without a baseline
  }
}
