// @clock-independent: waits are counted in polls, never compared with the clock
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { laneSlots } from './lane-slots.mjs';

const freshDir = () => mkdtempSync(join(tmpdir(), 'lane-slots-'));
/** Whether `promise` has settled after a few polls (to show that a part still waits). */
const settled = async (promise: Promise<unknown>) => {
  let done = false;
  void promise.then(() => (done = true));
  for (let i = 0; i < 5; i++) await new Promise((resolve) => setTimeout(resolve, 5));
  return done;
};

describe('lane slots shared by test-lanes invocations', () => {
  it('lets `count` parts run at once, and the next when one ends', async () => {
    const dir = freshDir();
    const first = laneSlots(dir, 2, { poll: 1 });
    const second = laneSlots(dir, 2, { poll: 1 }); // another invocation, same directory
    const releaseA = await first.acquire('unit');
    const releaseB = await second.acquire('integration-1of6');
    const third = second.acquire('components');
    expect(await settled(third)).toBe(false);
    releaseA();
    (await third)();
    releaseB();
  });

  it('gives a waiting e2e part the next free slot before any other part', async () => {
    const dir = freshDir();
    const slots = laneSlots(dir, 1, { poll: 1 });
    const release = await slots.acquire('unit');
    const e2e = slots.acquire('e2e');
    await settled(e2e);
    const other = slots.acquire('components');
    release();
    const releaseE2e = await e2e;
    expect(slots.e2eRunning()).toBe(true);
    expect(await settled(other)).toBe(false);
    releaseE2e();
    expect(slots.e2eRunning()).toBe(false);
    (await other)();
  });

  it('takes back a slot whose owner died', async () => {
    const dir = freshDir();
    const dead = spawnSync(process.execPath, ['-e', 'console.log(process.pid)'], { encoding: 'utf8' });
    mkdirSync(join(dir, 'slot-0'));
    writeFileSync(
      join(dir, 'slot-0', 'owner.json'),
      JSON.stringify({ pid: Number(dead.stdout), part: 'e2e' }),
    );
    const slots = laneSlots(dir, 1, { poll: 1 });
    (await slots.acquire('unit'))();
  });
});
