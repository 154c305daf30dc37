import { describe, expect, it } from 'vitest';
import { isProfileId, isProfileSlug } from './-profile-params';

describe('profile route params', () => {
  it('accepts username-like slugs, also with accents', () => {
    for (const slug of ['mia', 'Max_Power', 'jörg-1234', 'a.b', 'x'.repeat(40)]) {
      expect(isProfileSlug(slug), slug).toBe(true);
    }
  });

  it('refuses empty, overlong or markup-looking slugs', () => {
    for (const slug of ['', 'x'.repeat(41), '<script>', 'a b', 'a/b', '"onload=']) {
      expect(isProfileSlug(slug), slug).toBe(false);
    }
  });

  it('accepts UUIDs only as profile ids', () => {
    expect(isProfileId('0190f3c2-7b1e-7cc0-9a4e-2f1d3c4b5a69')).toBe(true);
    expect(isProfileId('0190F3C2-7B1E-7CC0-9A4E-2F1D3C4B5A69')).toBe(true);
    expect(isProfileId('42')).toBe(false);
    expect(isProfileId('0190f3c2-7b1e-7cc0-9a4e-2f1d3c4b5a6')).toBe(false);
  });
});
