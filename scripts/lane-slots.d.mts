// Types of scripts/lane-slots.mjs, for its test.
export interface LaneSlots {
  acquire(part: string): Promise<() => void>;
  e2eRunning(): boolean;
}
export function laneSlots(dir: string, count: number, options?: { poll?: number }): LaneSlots;
