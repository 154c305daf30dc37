// @clock-sensitive: check-in times
import { describe, expect, it } from 'vitest';
import { fold, searchGyms, toggleSelection } from './gym-search';
import { isPresent, parseFriendsAtGym, presenceGymId } from './presence';

const gym = (name: string, city: string, verified = true) => ({
  name,
  city,
  address: 'Hauptstraße 1',
  postal_code: '10115',
  verified,
});

describe('gym search', () => {
  const gyms = [gym('Iron Temple', 'München'), gym('Palestra Roma', 'Roma'), gym('Hidden', 'Köln', false)];

  it('finds by name, city, address or postal code, ignoring case and accents', () => {
    expect(searchGyms(gyms, 'munchen').map((g) => g.name)).toEqual(['Iron Temple']);
    expect(searchGyms(gyms, 'ROMA pal').map((g) => g.name)).toEqual(['Palestra Roma']);
    expect(searchGyms(gyms, 'hauptstrasse')).toEqual([]);
    expect(searchGyms(gyms, '10115')).toHaveLength(2);
    expect(fold(' Köln ')).toBe('koln');
  });

  it('lists only verified gyms', () => {
    expect(searchGyms(gyms, '').map((g) => g.name)).toEqual(['Iron Temple', 'Palestra Roma']);
    expect(searchGyms(gyms, 'hidden')).toEqual([]);
  });

  it('selects up to 3 home gyms in the order chosen', () => {
    let selected: string[] = [];
    for (const id of ['a', 'b', 'c', 'd']) selected = toggleSelection(selected, id, 3);
    expect(selected).toEqual(['a', 'b', 'c']);
    expect(toggleSelection(selected, 'b', 3)).toEqual(['a', 'c']);
  });
});

describe('presence', () => {
  const now = new Date('2026-11-22T12:00:00Z');

  it('an open check-in younger than 3 hours is here', () => {
    expect(isPresent({ checked_in_at: '2026-11-22T09:00:01Z', checked_out_at: null }, now)).toBe(true);
    expect(isPresent({ checked_in_at: '2026-11-22T09:00:00Z', checked_out_at: null }, now)).toBe(false);
    expect(
      isPresent({ checked_in_at: '2026-11-22T11:00:00Z', checked_out_at: '2026-11-22T11:30:00Z' }, now),
    ).toBe(false);
    expect(isPresent(null, now)).toBe(false);
  });

  it('keeps only well-formed RPC rows', () => {
    const row = {
      user_id: 'f1',
      username: 'mia',
      discriminator: '1234',
      slug: 'mia-1234',
      avatar_id: null,
      profile_picture_url: null,
      level: 3,
      check_in_id: 'c1',
      checked_in_at: '2026-11-22T11:00:00Z',
      last_active_at: null,
    };
    expect(parseFriendsAtGym([row, { nope: true }, null])).toEqual([row]);
    expect(parseFriendsAtGym({ not: 'an array' })).toEqual([]);
  });

  it('shows the chosen gym, else where I am, else the first home gym', () => {
    expect(presenceGymId(['a', 'b'], null, 'b')).toBe('b');
    expect(presenceGymId(['a', 'b'], 'a', 'b')).toBe('a');
    expect(presenceGymId(['a', 'b'], null, 'z')).toBe('a');
    expect(presenceGymId([], null, null)).toBeNull();
  });
});
