import { describe, it, expect } from 'vitest';
import { USERNAME_MAX, codePointLength, formatHandle, normalizeUsername, parseHandle } from './identity';

describe('normalizeUsername', () => {
  it('trims and cuts to 12 characters', () => {
    expect(USERNAME_MAX).toBe(12);
    expect(normalizeUsername('  mia  ')).toBe('mia');
    expect(normalizeUsername('abcdefghijklmnop')).toBe('abcdefghijkl');
    expect(normalizeUsername('   abcdefghijklmnop   ')).toBe('abcdefghijkl');
    expect(normalizeUsername('abcdefghijkl')).toBe('abcdefghijkl');
    expect(normalizeUsername('')).toBe('');
    expect(normalizeUsername('    ')).toBe('');
  });

  it('cuts by code points, never splitting a surrogate pair', () => {
    const emoji = '💪'.repeat(15); // 30 UTF-16 units, 15 code points
    const cut = normalizeUsername(emoji);
    expect(cut).toBe('💪'.repeat(12));
    expect(codePointLength(cut)).toBe(12);
    expect(cut.length).toBe(24);
    expect(normalizeUsername('abcdefghijk💪xyz')).toBe('abcdefghijk💪');
  });

  it('composes accents (NFC) before counting', () => {
    const decomposed = 'Jose\u0301'.repeat(3); // 15 code points decomposed, 12 composed
    expect(normalizeUsername(decomposed)).toBe('José'.repeat(3));
  });

  it('does not leave a trailing space after the cut, and is idempotent', () => {
    expect(normalizeUsername('abcdefghijk lmnop')).toBe('abcdefghijk');
    for (const raw of ['  x  ', 'abcdefghijk lmnop', '💪'.repeat(20), 'Anna Maria Rossi']) {
      expect(normalizeUsername(normalizeUsername(raw))).toBe(normalizeUsername(raw));
    }
  });
});

describe('formatHandle', () => {
  it('pads the discriminator to four digits', () => {
    expect(formatHandle('name', '0420')).toBe('name#0420');
    expect(formatHandle('name', 420)).toBe('name#0420');
    expect(formatHandle('name', '7')).toBe('name#0007');
    expect(formatHandle('name', 0)).toBe('name#0000');
    expect(formatHandle('name', 9999)).toBe('name#9999');
  });

  it('refuses discriminators that are not 0..9999', () => {
    for (const d of [10000, -1, 4.2, Number.NaN, '12345', '', 'abcd', '１２３４', ' 420']) {
      expect(() => formatHandle('name', d), String(d)).toThrow(RangeError);
    }
  });

  it('round-trips through parseHandle', () => {
    expect(parseHandle(formatHandle('Mia Rossi', 42))).toEqual({
      username: 'Mia Rossi',
      discriminator: '0042',
    });
  });
});

describe('parseHandle', () => {
  it('accepts exactly name#dddd, ignoring surrounding whitespace', () => {
    expect(parseHandle('name#0420')).toEqual({ username: 'name', discriminator: '0420' });
    expect(parseHandle('  name#0420 \n')).toEqual({ username: 'name', discriminator: '0420' });
    expect(parseHandle('a#0000')).toEqual({ username: 'a', discriminator: '0000' });
    expect(parseHandle('abcdefghijkl#9999')).toEqual({ username: 'abcdefghijkl', discriminator: '9999' });
    expect(parseHandle('💪💪💪#1234')).toEqual({ username: '💪💪💪', discriminator: '1234' });
    expect(parseHandle('Mia Rossi#0001')).toEqual({ username: 'Mia Rossi', discriminator: '0001' });
  });

  it('refuses everything else', () => {
    const bad = [
      '',
      'name',
      'name#',
      '#0420',
      'name#420',
      'name#04200',
      'name#04a0',
      'name#０４２０',
      'name #0420',
      'na#me#0420',
      'name##0420',
      'abcdefghijklm#0420',
      'name#0420 extra',
      'name\u0000#0420',
      'name\t#0420',
      'https://spotter.app/u/name',
    ];
    for (const input of bad) expect(parseHandle(input), JSON.stringify(input)).toBeNull();
    expect(parseHandle(undefined as unknown as string)).toBeNull();
  });
});
