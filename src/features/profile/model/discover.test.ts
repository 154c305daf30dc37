import { describe, expect, it } from 'vitest';
import { discoverArgs, discoverPeople, withoutLocalFriends } from './discover';

describe('discoverPeople', () => {
  it('keeps well-formed rows with their handle and status', () => {
    const rows = discoverPeople([
      {
        id: 'a',
        username: 'Mia',
        discriminator: '0042',
        avatar_id: 'avatar3',
        profile_picture_url: null,
        level: 7,
        friendship_status: 'request_sent',
      },
      { id: 'b', username: 'Bad', discriminator: 'x' },
      { id: 'c', discriminator: '0001' },
    ]);
    expect(rows).toEqual([
      {
        id: 'a',
        username: 'Mia',
        discriminator: '0042',
        handle: 'Mia#0042',
        avatar_id: 'avatar3',
        profile_picture_url: null,
        level: 7,
        friendship_status: 'request_sent',
      },
    ]);
  });

  it('answers nothing for an answer that is not a list', () => {
    expect(discoverPeople(null)).toEqual([]);
    expect(discoverPeople({ id: 'a' })).toEqual([]);
  });
});

describe('withoutLocalFriends', () => {
  it('drops whoever is a friend on this device now, keeping the order of the rest', () => {
    const people = discoverPeople(
      ['a', 'b', 'c'].map((id) => ({
        id,
        username: id,
        discriminator: '0001',
        friendship_status: 'request_received',
      })),
    );
    expect(withoutLocalFriends(people, new Set(['b'])).map((p) => p.id)).toEqual(['a', 'c']);
    expect(withoutLocalFriends(people, new Set()).map((p) => p.id)).toEqual(['a', 'b', 'c']);
  });
});

describe('discoverArgs', () => {
  it('sends a blank search as none and caps the page at the server limit', () => {
    expect(discoverArgs('  ', 20)).toEqual({ p_limit: 20, p_offset: 0, p_search: null });
    expect(discoverArgs(' mia ', 40)).toEqual({ p_limit: 40, p_offset: 0, p_search: 'mia' });
    expect(discoverArgs('x', 500).p_limit).toBe(100);
  });
});
