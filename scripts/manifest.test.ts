// The web app manifest (public/manifest.webmanifest) holds what Chrome's richer install dialog and the
// home-screen icon need: screenshots that exist at their declared sizes (scripts/manifest-screenshots.ts),
// at least two narrow and one wide, each labelled; a description; a launch handler that focuses the open
// window. (Chromium's own installability check runs in test/e2e/manifest.test.ts.)
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { MANIFEST_SHOTS } from './manifest-shots';

const publicDir = fileURLToPath(new URL('../public/', import.meta.url));

interface Screenshot {
  src: string;
  sizes: string;
  type: string;
  form_factor?: string;
  label?: string;
}

interface Shortcut {
  name: string;
  url: string;
  name_localized?: Record<string, string>;
}

const manifest = JSON.parse(readFileSync(`${publicDir}manifest.webmanifest`, 'utf8')) as {
  description: string;
  shortcuts: Shortcut[];
  launch_handler?: { client_mode: string | string[] };
  screenshots: Screenshot[];
};

/** A PNG's width and height, from its IHDR chunk. */
function pngSize(file: string): string {
  const bytes = readFileSync(file);
  expect(bytes.subarray(1, 4).toString('latin1')).toBe('PNG');
  return `${bytes.readUInt32BE(16)}x${bytes.readUInt32BE(20)}`;
}

describe('web app manifest', () => {
  it('lists screenshots that exist at their declared sizes: two narrow, one wide, each labelled', () => {
    const shots = manifest.screenshots;
    expect(shots.filter((s) => s.form_factor === 'narrow').length).toBeGreaterThanOrEqual(2);
    expect(shots.filter((s) => s.form_factor === 'wide').length).toBeGreaterThanOrEqual(1);
    for (const shot of shots) {
      expect(shot.type).toBe('image/png');
      expect(shot.label?.length ?? 0).toBeGreaterThan(10);
      const size = pngSize(`${publicDir}${shot.src.replace(/^\//, '')}`);
      expect(size, shot.src).toBe(shot.sizes);
      const [width = 0, height = 0] = size.split('x').map(Number);
      // Chrome: each side 320-3840 px, the longer at most 2.3 times the shorter; wide ones are landscape.
      expect(Math.min(width, height)).toBeGreaterThanOrEqual(320);
      expect(Math.max(width, height)).toBeLessThanOrEqual(3840);
      expect(Math.max(width, height) / Math.min(width, height)).toBeLessThanOrEqual(2.3);
      expect(width > height).toBe(shot.form_factor === 'wide');
    }
  });

  it('lists exactly the shots the generator takes', () => {
    expect(manifest.screenshots.map((s) => s.src).sort()).toEqual(
      MANIFEST_SHOTS.map((s) => `/screenshots/${s.file}`).sort(),
    );
  });

  it("offers the three things done at the gym door as shortcuts, in the app's words in en, de and it", () => {
    const locale = (lng: string, ns: string) =>
      JSON.parse(readFileSync(`${publicDir}../locales/${lng}/${ns}.json`, 'utf8')) as {
        checkIn: { action: string };
        today: { confirmRest: string; plan: string };
      };
    const words = (lng: string) => [
      locale(lng, 'gym').checkIn.action,
      locale(lng, 'home').today.confirmRest,
      locale(lng, 'home').today.plan,
    ];
    expect(manifest.shortcuts.map((s) => s.url)).toEqual([
      '/gym?do=checkin',
      '/home?do=rest',
      '/schedule?plan=1',
    ]);
    expect(manifest.shortcuts.map((s) => s.name)).toEqual(words('en'));
    for (const lng of ['de', 'it']) {
      expect(manifest.shortcuts.map((s) => s.name_localized?.[lng])).toEqual(words(lng));
    }
  });

  it('describes the app and focuses the open window on a second launch', () => {
    expect(manifest.description.length).toBeGreaterThan(100);
    expect(manifest.launch_handler?.client_mode).toEqual(['focus-existing', 'auto']);
  });
});
