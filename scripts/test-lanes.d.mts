// Types of scripts/test-lanes.mjs, for its test.
export interface Part {
  name: string;
  args: string[];
}
export const INTEGRATION_PARTS: number;
export function planLanes(
  argv: string[],
  env?: Record<string, string | undefined>,
): { jsonPath: string | undefined; e2e: Part | null; queue: Part[] } | null;
export function partWorkers(e2eRunning: boolean, cores?: number): number;
export function mergeReports(paths: string[], into: string): void;
export function parse(argv: string[]): { projects: string[]; common: string[]; splittable: boolean };
