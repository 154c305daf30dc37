import { describe, expect, it } from 'vitest';
import { CoalescedPasses } from './coalesced-passes';

describe('CoalescedPasses', () => {
  it('runs one pass at a time and turns any number of kicks during a pass into one more', async () => {
    let passes = 0;
    let release: () => void = () => undefined;
    const runner = new CoalescedPasses(
      () => {
        passes += 1;
        return new Promise<void>((resolve) => (release = resolve));
      },
      () => true,
      () => undefined,
    );
    runner.kick();
    runner.kick();
    runner.kick();
    expect(passes).toBe(1);
    release();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(passes).toBe(2);
    release();
    await runner.idle();
    expect(passes).toBe(2);
  });

  it('reports errors while live and keeps going; ignores kicks once not live', async () => {
    const errors: unknown[] = [];
    let live = true;
    let passes = 0;
    const runner = new CoalescedPasses(
      () => {
        passes += 1;
        return Promise.reject(new Error(`pass ${passes}`));
      },
      () => live,
      (error) => errors.push(error),
    );
    runner.kick();
    await runner.idle();
    expect(errors).toHaveLength(1);
    live = false;
    runner.kick();
    await runner.idle();
    expect(passes).toBe(1);
  });
});
