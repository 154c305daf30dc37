// Types of scripts/test-lanes.mjs, for its test.
export interface Lane {
  name: 'rest' | 'e2e';
  args: string[];
}
export function planLanes(argv: string[]): { jsonPath: string | undefined; lanes: Lane[] } | null;
export function mergeReports(paths: string[], into: string): void;
export function parse(argv: string[]): { projects: string[]; common: string[]; splittable: boolean };
