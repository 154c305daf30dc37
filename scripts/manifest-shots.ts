// The manifest's screenshots (public/manifest.webmanifest), as scripts/manifest-screenshots.ts takes them.

/** The shots the manifest lists: file, viewport, device pixel ratio, path. */
export const MANIFEST_SHOTS = [
  { file: 'home-narrow.png', viewport: { width: 390, height: 844 }, scale: 2, path: '/home' },
  { file: 'gym-narrow.png', viewport: { width: 390, height: 844 }, scale: 2, path: '/gym' },
  { file: 'home-wide.png', viewport: { width: 1280, height: 800 }, scale: 1, path: '/home' },
] as const;
