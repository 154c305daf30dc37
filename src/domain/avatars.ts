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

// Uploaded pictures come from storage as http(s) URLs; root-relative paths, blob: previews and inline
// images are accepted too. Anything else (javascript:, protocol-relative //host, data: that is not an
// image) is ignored rather than put into an <img src>.
function isUsablePictureUrl(url: string): boolean {
  if (/^https?:\/\/[^\s]+$/i.test(url)) return true;
  if (/^\/(?!\/)[^\s]*$/.test(url)) return true;
  if (/^blob:[^\s]+$/i.test(url)) return true;
  return /^data:image\/[a-z0-9.+-]+[;,]/i.test(url);
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
 * What an avatar shows: the profile picture if there is one; otherwise the built-in avatar for a valid
 * avatar_id (`/avatars/avatarN.png`); otherwise no image. An avatar_id that is set but not avatar1..avatar9
 * gives no image and a console warning. The initial is always computed, for the no-image case and as the
 * fallback while an image loads or if it fails.
 */
export function resolveAvatar(p: AvatarSource): ResolvedAvatar {
  const initial = initialOf(p.username);
  const picture = p.profile_picture_url?.trim();
  if (picture) {
    if (isUsablePictureUrl(picture)) return { src: picture, initial };
    console.warn(
      `Ignoring profile picture URL with an unsupported scheme: ${JSON.stringify(picture.slice(0, 40))}`,
    );
  }
  const id = p.avatar_id;
  if (id === null || id === undefined || id === '') return { src: null, initial };
  if (isAvatarId(id)) return { src: avatarPath(id), initial };
  console.warn(`Invalid avatar id: ${JSON.stringify(id)} (expected avatar1 to avatar9)`);
  return { src: null, initial };
}
