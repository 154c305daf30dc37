/**
 * Content types of user files, read strictly. A value is `type/subtype` followed by `; name=value`
 * parameters (RFC 9110 §8.3.1); anything else (`image/png;,text/html`, `image/png, text/html`, a bare
 * `png`) is malformed and refused, because browsers and proxies disagree on what such a value means and a
 * lenient reading is how an HTML page slips past an image allow-list.
 */

const TOKEN = "[!#$%&'*+.^_`|~0-9A-Za-z-]+";
const QUOTED = '"(?:[\\x20\\x21\\x23-\\x5b\\x5d-\\x7e]|\\\\[\\x20-\\x7e])*"';
const PARAMETERS = `(?:[ \\t]*;[ \\t]*(?:${TOKEN}=(?:${TOKEN}|${QUOTED}))?)*`;
const MEDIA_TYPE = new RegExp(`^[ \\t]*(${TOKEN})/(${TOKEN})${PARAMETERS}[ \\t]*$`);

/**
 * Raster image types a browser only ever draws: served inline. Everything else (text/html,
 * image/svg+xml, application/*) is served as an attachment, so a browser that opens the URL downloads it.
 */
const INLINE_TYPES = new Set(['image/png', 'image/jpeg', 'image/webp', 'image/gif', 'image/avif']);

/** `type/subtype` in lower case, or null when the value is not a well-formed media type. */
export function mediaTypeEssence(value: string): string | null {
  const match = MEDIA_TYPE.exec(value);
  if (!match?.[1] || !match[2]) return null;
  return `${match[1]}/${match[2]}`.toLowerCase();
}

/** Whether a stored type may be shown inline (a raster image); null or malformed never is. */
export function isInlineType(value: string | null | undefined): boolean {
  const essence = value ? mediaTypeEssence(value) : null;
  return essence !== null && INLINE_TYPES.has(essence);
}

/** Whether `essence` is in a bucket's allow-list (entries `type/subtype` or `type/*`, any case). */
export function isAllowedType(essence: string, allowed: readonly string[]): boolean {
  const [type, subtype] = essence.split('/');
  return allowed.some((entry) => {
    const [allowedType, allowedSubtype] = entry.trim().toLowerCase().split('/');
    return allowedType === type && (allowedSubtype === '*' || allowedSubtype === subtype);
  });
}
