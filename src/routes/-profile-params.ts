// Route params are user input (anyone can type a URL): a malformed one is a Not Found, not a request.

/** A profile slug: a username-like word (letters in any script, digits, `_`, `-`, `.`), 1 to 40 characters. */
export function isProfileSlug(value: string): boolean {
  return /^[\p{L}\p{N}_.-]{1,40}$/u.test(value);
}

/** Profile ids are the auth user ids: UUIDs. */
export function isProfileId(value: string): boolean {
  return /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value);
}
