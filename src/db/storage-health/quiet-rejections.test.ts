import { describe, expect, it } from 'vitest';
import { quietQuotaRejections } from './quiet-rejections';
import { quotaAbort } from '../../../test/support/browser/full-disk';

/** What a realm dispatches for a rejection nobody handled. */
function rejection(target: EventTarget, reason: unknown): boolean {
  const event = Object.assign(new Event('unhandledrejection', { cancelable: true }), { reason });
  target.dispatchEvent(event);
  return event.defaultPrevented;
}

describe('quietQuotaRejections', () => {
  it('marks a quota rejection handled and reports it; leaves every other rejection uncaught', () => {
    const target = new EventTarget();
    let reported = 0;
    const stop = quietQuotaRejections(target as unknown as Window, () => reported++);
    expect(rejection(target, quotaAbort())).toBe(true);
    expect(rejection(target, new Error('a bug'))).toBe(false);
    expect(reported).toBe(1);
    stop();
    expect(rejection(target, quotaAbort())).toBe(false);
  });
});
