// Lanes shared by several `scripts/test-lanes.mjs` at once (TEST_LANES_SHARED=<dir>): CI's two shifted-clock
// runs each need their own clock (TZ and libfaketime are per process), yet together they should use the
// machine as one run does, an e2e file beside one other part. Each part holds a slot while it runs: a
// directory `slot-<n>` under <dir> (mkdir is atomic), owned by a pid; a slot whose owner died is taken back.
// E2e parts go first: while one waits (a `want-e2e-<pid>` file), other parts take no slot, so the longest
// lane never queues behind short parts.
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

const alive = (pid) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return error.code === 'EPERM';
  }
};

const owner = (file) => {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return null; // being written: treat as alive
  }
};

/** Slots of `dir`: `count` at once across every process that shares the directory. */
export function laneSlots(dir, count, { poll = 200 } = {}) {
  mkdirSync(dir, { recursive: true });
  const tryTake = (part) => {
    for (let n = 0; n < count; n++) {
      const slot = join(dir, `slot-${n}`);
      try {
        mkdirSync(slot);
      } catch (error) {
        if (error.code !== 'EEXIST') throw error;
        const held = owner(join(slot, 'owner.json'));
        if (held !== null && !alive(held.pid)) rmSync(slot, { recursive: true, force: true });
        continue;
      }
      writeFileSync(join(slot, 'owner.json'), JSON.stringify({ pid: process.pid, part }));
      return slot;
    }
    return null;
  };
  const e2eWaiting = () =>
    readdirSync(dir).some((name) => {
      const match = /^want-e2e-(\d+)$/.exec(name);
      return match !== null && alive(Number(match[1]));
    });
  return {
    /** Waits for a slot; resolves to its release function. */
    async acquire(part) {
      const e2e = part === 'e2e';
      const want = join(dir, `want-e2e-${process.pid}`);
      if (e2e) writeFileSync(want, '');
      try {
        for (;;) {
          const slot = e2e || !e2eWaiting() ? tryTake(part) : null;
          if (slot !== null) return () => rmSync(slot, { recursive: true, force: true });
          await sleep(poll);
        }
      } finally {
        if (e2e) rmSync(want, { force: true });
      }
    },
    /** Whether an e2e part holds a slot now (a part beside it gets the cores it leaves). */
    e2eRunning() {
      return readdirSync(dir).some(
        (name) => name.startsWith('slot-') && owner(join(dir, name, 'owner.json'))?.part === 'e2e',
      );
    },
  };
}
