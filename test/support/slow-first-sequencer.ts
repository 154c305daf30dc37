/**
 * Starts the slowest files first, so that a run's last minutes are not one long file on one worker while
 * the other waits (the tail the fault-injected property left in CI's runs). A fresh clone has no Vitest
 * cache of durations (Vitest's own sequencer would use it), so the slow files are named here, slowest
 * first, as CI measured them on 2 cores (2026-12-07); every other file keeps Vitest's order, integration
 * files before the many short component and unit files that fill the gaps at the end.
 */
import { BaseSequencer, type TestSpecification } from 'vitest/node';

export const SLOW_FILES = [
  'test/integration/sync/fault-convergence.test.ts',
  'test/integration/sync/convergence-property.test.ts',
  'test/integration/sync/intents.test.ts',
  'test/integration/sync/local-docs.test.ts',
  'test/integration/sync/convergence.test.ts',
  'test/integration/sync/replication.test.ts',
  'test/integration/sync/first-pull.test.ts',
  'test/integration/emulator/realtime/live-topics.test.ts',
  'test/integration/emulator/realtime/rate-limit.test.ts',
];

const PROJECT_ORDER = ['integration', 'e2e', 'components', 'unit'];

export default class SlowFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const rank = (spec: TestSpecification): [number, number] => {
      const path = spec.moduleId.replaceAll('\\', '/');
      const slow = SLOW_FILES.findIndex((file) => path.endsWith(`/${file}`));
      const project = PROJECT_ORDER.indexOf(spec.project.name);
      return [slow === -1 ? SLOW_FILES.length : slow, project === -1 ? PROJECT_ORDER.length : project];
    };
    const position = new Map(sorted.map((spec, index) => [spec, index]));
    return [...sorted].sort((a, b) => {
      const [slowA, projectA] = rank(a);
      const [slowB, projectB] = rank(b);
      return slowA - slowB || projectA - projectB || position.get(a)! - position.get(b)!;
    });
  }
}
