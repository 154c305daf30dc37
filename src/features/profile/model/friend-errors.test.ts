import { describe, expect, it } from 'vitest';
import { friendErrorKey } from './friend-errors';

describe('friend request refusals', () => {
  it.each([
    ['SPF01', 'errors.self'],
    ['SPF02', 'errors.alreadyFriends'],
    ['SPF03', 'errors.requestExists'],
    ['SPF04', 'errors.userNotFound'],
    ['SPF05', 'errors.requestGone'],
    ['SPF07', 'errors.requestGone'],
  ] as const)('maps the server refusal %s to %s', (code, key) => {
    expect(friendErrorKey('send', { code, status: 400 })).toBe(key);
  });

  it('says offline when no response arrived, the action failure otherwise', () => {
    expect(friendErrorKey('send', { code: 'network', status: 0 })).toBe('errors.offline');
    expect(friendErrorKey('send', { code: 'PGRST202', status: 404 })).toBe('errors.sendFailed');
    expect(friendErrorKey('respond', { code: '500', status: 500 })).toBe('errors.respondFailed');
  });

  it('asks to wait a minute when the write rate limit answered 429', () => {
    expect(friendErrorKey('send', { code: 'SPQ01', status: 429 })).toBe('errors.tooMany');
    expect(friendErrorKey('respond', { code: 'SPQ01', status: 429 })).toBe('errors.tooMany');
  });
});
