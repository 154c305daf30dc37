/**
 * Caches built plans of identical requests (same method, path, query string and headers that shape
 * the answer), so a hot point select skips parsing and SQL building. Keys include nothing from the
 * caller's identity: the plan is the same SQL for everyone, RLS applies when it runs. Entries built
 * on an older catalog are dropped when the catalog is reloaded.
 */
import type { Plan } from './plan';

export interface PlanCache {
  getOrBuild(key: string, build: () => Promise<Plan>): Promise<Plan>;
  clear(): void;
}

export function createPlanCache(max: number): PlanCache {
  const entries = new Map<string, Plan>();
  return {
    async getOrBuild(key, build) {
      const hit = entries.get(key);
      if (hit) {
        // Re-insert to keep the most recently used entries last.
        entries.delete(key);
        entries.set(key, hit);
        return hit;
      }
      const plan = await build();
      entries.set(key, plan);
      if (entries.size > max) {
        const oldest = entries.keys().next().value;
        if (oldest !== undefined) entries.delete(oldest);
      }
      return plan;
    },
    clear() {
      entries.clear();
    },
  };
}
