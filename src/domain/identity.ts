// Usernames and the product ID `username#discriminator` (spec points 1, 3 and 5).
//
// Lengths are counted in Unicode code points, as Postgres counts characters (char_length, left()) in a
// UTF-8 database, so "12 characters" means the same on client and server and an emoji is never cut in
// half into a lone surrogate.

export const USERNAME_MAX = 12;
/** Registration variant B asks for at least this many characters. */
export const USERNAME_MIN = 3;
/** Discriminators are always shown with exactly this many digits: 420 -> 0420. */
export const DISCRIMINATOR_DIGITS = 4;

/** Length of a string in code points. */
export function codePointLength(s: string): number {
  let n = 0;
  for (const _ of s) n += 1;
  return n;
}

/**
 * The username as stored at sign-up: Unicode NFC (so "é" typed two ways is one character), trimmed, cut to
 * 12 code points, and trimmed again at the end so the cut never leaves a trailing space. Applying it twice
 * changes nothing, so the server's own trim-and-cut agrees with what the client sends.
 */
export function normalizeUsername(raw: string): string {
  const trimmed = raw.normalize('NFC').trim();
  return Array.from(trimmed).slice(0, USERNAME_MAX).join('').trimEnd();
}

const DISCRIMINATOR = /^[0-9]{1,4}$/;

/** `name#0420`. The discriminator (a number 0..9999 or its digits) is zero-padded to 4 digits. */
export function formatHandle(username: string, discriminator: string | number): string {
  const digits = typeof discriminator === 'number' ? String(discriminator) : discriminator;
  if (!DISCRIMINATOR.test(digits)) {
    throw new RangeError(`A discriminator is 0 to 9999, got ${JSON.stringify(discriminator)}`);
  }
  return `${username}#${digits.padStart(DISCRIMINATOR_DIGITS, '0')}`;
}

// The name part: no '#', no whitespace at either end (the whole input is trimmed, so only the space
// before '#' matters), no control characters. Spaces inside are allowed: names derived from a first name
// may contain them.
const HANDLE = /^([^#\p{Cc}]+)#([0-9]{4})$/u;

/**
 * Parses `name#dddd` as typed into "add friend by ID": surrounding whitespace is ignored; anything else
 * (no '#', a discriminator that is not exactly four ASCII digits, an empty or over-long name, a name ending
 * in whitespace, several '#') gives null.
 */
export function parseHandle(input: string): { username: string; discriminator: string } | null {
  if (typeof input !== 'string') return null;
  const m = HANDLE.exec(input.trim());
  if (!m) return null;
  const username = m[1] ?? '';
  const discriminator = m[2] ?? '';
  if (username !== username.trimEnd()) return null;
  const length = codePointLength(username);
  if (length < 1 || length > USERNAME_MAX) return null;
  return { username, discriminator };
}
