/**
 * Starts the slowest files first, so that a run's last minutes are not one long file on one worker while
 * the other waits (the tail the fault-injected property left in CI's runs). A fresh clone has no Vitest
 * cache of durations (Vitest's own sequencer would use it), so the slow files are named here, slowest
 * first, as `npm test` measured them on 2 cores (2026-12-07); every other file keeps Vitest's order,
 * integration files before the many short component and unit files that fill the gaps at the end.
 */
import { BaseSequencer, type TestSpecification } from 'vitest/node';

export const SLOW_FILES = [
  'test/integration/sync/fault-convergence.test.ts',
  'test/integration/sync/convergence-property.test.ts',
  'test/integration/sync/intents.test.ts',
  'test/integration/sync/local-docs.test.ts',
  'test/integration/sync/first-pull.test.ts',
  'test/integration/sync/replication.test.ts',
  'test/integration/emulator/realtime/live-topics.test.ts',
  'test/integration/sync/convergence.test.ts',
  'test/integration/db/database-types.test.ts',
  'test/integration/sync/worker-api.test.ts',
  'test/integration/emulator/auth/rate-limit.test.ts',
  'test/integration/emulator/realtime/rate-limit.test.ts',
];

const PROJECT_ORDER = ['integration', 'e2e', 'components', 'unit'];

/** A file's place in SLOW_FILES (the list's length when it is not named). */
function slowRank(spec: TestSpecification): number {
  const path = spec.moduleId.replaceAll('\\', '/');
  const slow = SLOW_FILES.findIndex((file) => path.endsWith(`/${file}`));
  return slow === -1 ? SLOW_FILES.length : slow;
}

export default class SlowFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const rank = (spec: TestSpecification): [number, number] => {
      const project = PROJECT_ORDER.indexOf(spec.project.name);
      return [slowRank(spec), project === -1 ? PROJECT_ORDER.length : project];
    };
    const position = new Map(sorted.map((spec, index) => [spec, index]));
    return [...sorted].sort((a, b) => {
      const [slowA, projectA] = rank(a);
      const [slowB, projectB] = rank(b);
      return slowA - slowB || projectA - projectB || position.get(a)! - position.get(b)!;
    });
  }

  /**
   * Each shard (`--shard=i/n`, the parts scripts/test-lanes.mjs queues) takes every n-th file of one order
   * that every process computes alike: the slow files first, then by path. So the slow files spread over
   * the shards. Vitest's own split (by a hash of the path) put the three slowest in one shard: 1,184 s of
   * the 2,365 that the four integration shards took.
   */
  override async shard(files: TestSpecification[]): Promise<TestSpecification[]> {
    const { index, count } = this.ctx.config.shard ?? { index: 1, count: 1 };
    const ordered = [...files].sort(
      (a, b) => slowRank(a) - slowRank(b) || (a.moduleId < b.moduleId ? -1 : a.moduleId > b.moduleId ? 1 : 0),
    );
    return ordered.filter((_, i) => i % count === index - 1);
  }
}
