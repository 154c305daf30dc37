// Profile pictures and built-in avatars (spec point 3, "Avatar rule").
// Side effect: resolveAvatar() logs a console warning for an avatar id outside avatar1..avatar9, as the
// spec asks, so a bad row is visible in the console without breaking the page.

export const AVATAR_IDS = [
  'avatar1',
  'avatar2',
  'avatar3',
  'avatar4',
  'avatar5',
  'avatar6',
  'avatar7',
  'avatar8',
  'avatar9',
] as const;
export type AvatarId = (typeof AVATAR_IDS)[number];

/** Shown when there is no username to take an initial from. */
export const FALLBACK_INITIAL = 'U';

export function isAvatarId(s: unknown): s is AvatarId {
  return typeof s === 'string' && (AVATAR_IDS as readonly string[]).includes(s);
}

/** The public path of a built-in avatar image. */
export function avatarPath(id: AvatarId): string {
  return `/avatars/${id}.png`;
}

export interface AvatarSource {
  profile_picture_url?: string | null;
  avatar_id?: string | null;
  username?: string | null;
}

export interface ResolvedAvatar {
  /** Image to show, or null to show `initial` instead. */
  src: string | null;
  /** Upper-case first character of the username, or `U`; shown when there is no image (or it fails). */
  initial: string;
}

/** Where an uploaded picture lives: the avatars bucket's public folder (sync-worker/core/avatar-storage.ts). */
const PICTURE_PATH = /^\/storage\/v1\/object\/public\/avatars\/[A-Za-z0-9-]+\/(?!\.+$)[A-Za-z0-9._-]{1,200}$/;

// An uploaded picture is shown only from the app's own Supabase storage: its origin must be
// `pictureOrigin` (the configured Supabase URL's) and its path a file in the avatars bucket's public
// folder, as migration 20261126162000 requires of the row. Anything else (a tracking pixel elsewhere, a
// script URL, a query string) is not put into an <img src> that every friend's browser would load.
function isUsablePictureUrl(url: string, pictureOrigin: string | null): boolean {
  if (!pictureOrigin) return false;
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return false;
  }
  return (
    parsed.origin === pictureOrigin &&
    parsed.username === '' &&
    parsed.password === '' &&
    parsed.search === '' &&
    parsed.hash === '' &&
    PICTURE_PATH.test(parsed.pathname)
  );
}

/** The first user-perceived character (so an emoji or accented letter is not cut in half), upper-cased. */
export function initialOf(username: string | null | undefined): string {
  const name = (username ?? '').trim();
  if (name === '') return FALLBACK_INITIAL;
  const first = firstGrapheme(name);
  // Some letters grow when upper-cased ("ß" -> "SS"); keep one character.
  const upper = first.toUpperCase();
  return Array.from(upper).length > Array.from(first).length ? (Array.from(upper)[0] ?? first) : upper;
}

let graphemes: Intl.Segmenter | undefined;

function firstGrapheme(s: string): string {
  if (typeof Intl.Segmenter === 'function') {
    graphemes ??= new Intl.Segmenter(undefined, { granularity: 'grapheme' });
    const segment = graphemes.segment(s)[Symbol.iterator]().next();
    if (!segment.done) return segment.value.segment;
  }
  return Array.from(s)[0] ?? '';
}

/**
 * What an avatar shows: the profile picture if there is one (and it is a file in the avatars bucket at
 * `pictureOrigin`, the origin of the configured Supabase URL; src/lib/shown-avatar.ts passes it); otherwise the built-in avatar for a valid
 * avatar_id (`/avatars/avatarN.png`); otherwise no image. An avatar_id that is set but not avatar1..avatar9
 * gives no image and a console warning. The initial is always computed, for the no-image case and as the
 * fallback while an image loads or if it fails.
 */
export function resolveAvatar(p: AvatarSource, pictureOrigin: string | null): ResolvedAvatar {
  const initial = initialOf(p.username);
  const picture = p.profile_picture_url?.trim();
  if (picture) {
    if (isUsablePictureUrl(picture, pictureOrigin)) return { src: picture, initial };
    console.warn(
      `Ignoring a profile picture URL outside the app's avatar storage: ${JSON.stringify(picture.slice(0, 60))}`,
    );
  }
  const id = p.avatar_id;
  if (id === null || id === undefined || id === '') return { src: null, initial };
  if (isAvatarId(id)) return { src: avatarPath(id), initial };
  console.warn(`Invalid avatar id: ${JSON.stringify(id)} (expected avatar1 to avatar9)`);
  return { src: null, initial };
}
